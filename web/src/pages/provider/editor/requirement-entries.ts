import type { RJSFValidationError } from '@rjsf/utils';
import { draftOfRequirement, type RequirementDraft } from '@scholarmatch/schemas';
import type { FormDefinition } from '../../../api/forms';
import type { RequirementBody, StudioRequirement } from '../../../api/providers';
import { transformErrors } from '../../../forms/transform-errors';

import type { FieldError } from './list-errors';

export type { FieldError };

/**
 * One requirement in the builder: a stable `uid` for React and drag and drop (the stored id, or a
 * new one for an unsaved requirement), and its draft (the editor form's answers, with the stored
 * id and answer key once it has them; docs/providers.md, "Requirements").
 */
export interface RequirementEntry {
  uid: string;
  draft: RequirementDraft;
}

let created = 0;
/** A uid for a requirement added in this page (never sent: the server gives the id). */
export function newUid(): string {
  created += 1;
  return `new-${created}-${Date.now().toString(36)}`;
}

export function entriesOf(requirements: readonly StudioRequirement[]): RequirementEntry[] {
  return requirements.map((requirement) => ({ uid: requirement.id, draft: draftOfRequirement(requirement) }));
}

/** The entries' drafts, in order (what the shared compiler turns into requirements). */
export function draftsOf(entries: readonly RequirementEntry[]): RequirementDraft[] {
  return entries.map((entry) => entry.draft);
}

/** What PUT (and the preview) take: each requirement's editor answers, with its id once it has one. */
export function bodiesOf(entries: readonly RequirementEntry[]): RequirementBody[] {
  return entries.map(({ draft }) => (draft.id ? { id: draft.id, answers: draft.answers } : { answers: draft.answers }));
}

/** The list with the entry at `from` moved to `to` (both clamped to the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** The problems the editor form's own validator finds in one requirement's answers, as dot paths. */
export function problemsOf(form: FormDefinition, answers: Record<string, unknown>): FieldError[] {
  const { errors } = form.validator.validateFormData(answers, form.schema, undefined, (found: RJSFValidationError[]) => transformErrors(found));
  return errors.map((error) => ({ path: (error.property ?? '').replace(/^\./, ''), message: error.message ?? '' }));
}

