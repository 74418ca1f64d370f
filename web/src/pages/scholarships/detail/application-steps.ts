import { isAnswered, requirementFieldType } from '@scholarmatch/schemas';
import type { RequirementAnswer } from '../../../api/applications';
import type { ApplicationStatus, Requirement } from '../../../api/scholarships';

/** One step of the application stepper: its title and whether it is done. */
export interface ApplicationStep {
  key: string;
  title: string;
  done: boolean;
}

/** The requirement's key in the form's answers (its field key; the id when a requirement has none). */
export function requirementKey(requirement: Requirement): string {
  return requirement.field.key ?? requirement.id;
}

/**
 * The stepper (as in the original product): 'APPLIED' once Received, else 'ELIGIBLE' (the applicant
 * matches, or could not see the page), then one step per requirement, done when answered.
 */
export function applicationSteps(
  status: ApplicationStatus | null,
  requirements: Requirement[],
  answers: Record<string, unknown>,
): ApplicationStep[] {
  return [
    { key: 'status', title: status === 'Received' ? 'APPLIED' : 'ELIGIBLE', done: true },
    ...requirements.map((requirement) => {
      const key = requirementKey(requirement);
      return { key, title: requirement.title, done: isAnswered(requirementFieldType(requirement.field.dataType ?? 'text'), answers[key]) };
    }),
  ];
}

/**
 * The answers as the server takes them: every requirement of the form, null when the widget holds
 * nothing. The server drops what is no answer (a blank text, an unticked box) by the same rule.
 */
export function requirementAnswers(keys: string[], answers: Record<string, unknown>): RequirementAnswer[] {
  // The form's answers are whatever its widgets hold; the server checks each against the schema.
  return keys.map((key) => ({ key, fieldValue: (answers[key] ?? null) as RequirementAnswer['fieldValue'] }));
}
