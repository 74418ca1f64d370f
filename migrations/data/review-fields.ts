/**
 * Provider review's served forms (docs/review.md): one criterion of a scholarship's rubric, a
 * provider's message to applicants, and a reviewer's sign-up (which borrows the applicant
 * sign-up's account fields, so it follows the same password policy).
 */
import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';

/** The rubric editor's field keys, literal like all seed data (docs/architecture.md, "Rules the build checks"). */
const K = { name: 'criterionName', description: 'criterionDescription', weight: 'criterionWeight', maxPoints: 'criterionMaxPoints' } as const;

type SeedField = Omit<FieldDefinition, 'id'> & { system: boolean };

export const RANK_CRITERION_FIELDS: SeedField[] = [
  { key: K.name, name: 'Criterion', dataType: 'text', section: 'rank-criterion-editor', order: 10, target: 'rank-criterion', system: true,
    validation: { required: true, maxLength: 200 }, ui: { placeholder: 'Academic achievement' } },
  { key: K.description, name: 'What reviewers look for', dataType: 'textarea', section: 'rank-criterion-editor', order: 20, target: 'rank-criterion', system: true,
    validation: { maxLength: 2000 } },
  { key: K.weight, name: 'Weight', dataType: 'number', section: 'rank-criterion-editor', order: 30, target: 'rank-criterion', system: true,
    validation: { required: true, wholeNumber: true, minimum: 1, maximum: 100 }, ui: { help: 'How much this criterion counts against the others.' } },
  { key: K.maxPoints, name: 'Maximum points', dataType: 'number', section: 'rank-criterion-editor', order: 40, target: 'rank-criterion', system: true,
    validation: { required: true, wholeNumber: true, minimum: 1, maximum: 100 } },
];

export const PROVIDER_MESSAGE_FIELDS: SeedField[] = [
  { key: 'subject', name: 'Subject', dataType: 'text', section: 'provider-message', order: 10, target: 'message', system: true,
    validation: { required: true, maxLength: 200 } },
  { key: 'body', name: 'Message', dataType: 'editor', section: 'provider-message', order: 20, target: 'message', system: true,
    validation: { required: true, maxLength: 50_000 } },
];

export const REVIEW_FORMS: FormLayout[] = [
  { key: 'rank-criterion-editor', title: 'Rank criterion', sections: ['rank-criterion-editor'] },
  { key: 'provider-message', title: 'Message to applicants', sections: ['provider-message'] },
  {
    key: 'reviewer-signup',
    title: 'Join as a reviewer',
    description: 'Your e-mail address is the one the invitation was sent to.',
    sections: [],
    fields: ['firstName', 'lastName', 'password', 'confirmPassword'],
  },
];
