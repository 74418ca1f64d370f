/**
 * The provider studio's served forms (docs/providers.md): the provider's sign-up, the
 * organisation, the scholarship editor and the requirement builder's form of one requirement.
 * Fields the code maps to columns or structure are system fields (docs/decisions.md, "System
 * fields"); fields an admin adds later are stored with the rest of their form's answers.
 */
import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';

/** The requirement builder's field keys, literal like all seed data (docs/architecture.md, "Rules the build checks"). */
const R = {
  title: 'requirementTitle',
  kind: 'requirementKind',
  description: 'requirementDescription',
  optional: 'requirementOptional',
  wordLimit: 'wordLimit',
  fileKinds: 'fileKinds',
} as const;

type SeedField = Omit<FieldDefinition, 'id'> & { system: boolean };

/** A scholarship's public address: lowercase words joined by single hyphens. */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

export const ORGANISATION_FIELDS: SeedField[] = [
  { key: 'organisationName', name: 'Organisation name', dataType: 'text', section: 'organisation', order: 10, target: 'organisation', system: true,
    validation: { required: true, maxLength: 200, messages: { required: "Please input your organisation's name!" } } },
  { key: 'website', name: 'Website', dataType: 'link', section: 'organisation', order: 20, target: 'organisation', system: false,
    ui: { placeholder: 'https://' } },
  { key: 'logo', name: 'Logo', dataType: 'file', section: 'organisation', order: 30, target: 'organisation', system: false,
    validation: { accept: ['.jpg', '.jpeg', '.png'] }, ui: { help: 'Shown on your scholarships’ public pages. JPG or PNG, up to 2 MB.' } },
  { key: 'about', name: 'About the organisation', dataType: 'textarea', section: 'organisation', order: 40, target: 'organisation', system: false,
    validation: { maxLength: 2000 } },
  { key: 'contactName', name: 'Contact person', dataType: 'text', section: 'organisation', order: 50, target: 'organisation', system: true,
    validation: { required: true, maxLength: 200 } },
  { key: 'contactEmail', name: 'Contact e-mail', dataType: 'email', section: 'organisation', order: 60, target: 'organisation', system: true,
    validation: { required: true } },
  { key: 'contactPhone', name: 'Contact phone', dataType: 'phone', section: 'organisation', order: 70, target: 'organisation', system: true },
];

export const SCHOLARSHIP_EDITOR_FIELDS: SeedField[] = [
  { key: 'title', name: 'Title', dataType: 'text', section: 'scholarship-editor', order: 10, target: 'scholarship', system: true,
    validation: { required: true, maxLength: 200 } },
  { key: 'awardAmount', name: 'Amount per award (USD)', dataType: 'number', section: 'scholarship-editor', order: 20, target: 'scholarship', system: true,
    validation: { required: true, wholeNumber: true, minimum: 1, maximum: 10_000_000 } },
  { key: 'awardCount', name: 'Number of awards', dataType: 'number', section: 'scholarship-editor', order: 30, target: 'scholarship', system: true,
    validation: { required: true, wholeNumber: true, minimum: 1, maximum: 100 } },
  { key: 'deadline', name: 'Application deadline', dataType: 'date', section: 'scholarship-editor', order: 40, target: 'scholarship', system: true,
    validation: { required: true } },
  { key: 'description', name: 'Description', dataType: 'editor', section: 'scholarship-editor', order: 50, target: 'scholarship', system: true,
    validation: { maxLength: 50_000 } },
  { key: 'recurrence', name: 'Repeats', dataType: 'select', section: 'scholarship-editor', order: 60, target: 'scholarship', system: true,
    options: [{ value: 'none', label: 'Once' }, { value: 'yearly', label: 'Every year' }], validation: { required: true } },
  { key: 'slug', name: 'Web address', dataType: 'text', section: 'scholarship-editor', order: 70, target: 'scholarship', system: true,
    validation: { maxLength: 80, pattern: SLUG_PATTERN, messages: { pattern: 'Please use lowercase letters, digits and single hyphens only!' } },
    ui: { placeholder: 'first-generation-stem', help: 'The page will be /scholarships/<web address>. Left empty, one is made from the title when you publish.' } },
];

export const REQUIREMENT_EDITOR_FIELDS: SeedField[] = [
  { key: R.title, name: 'Title', dataType: 'text', section: 'requirement-editor', order: 10, target: 'requirement', system: true,
    validation: { required: true, maxLength: 200 } },
  { key: R.kind, name: 'Kind', dataType: 'select', section: 'requirement-editor', order: 20, target: 'requirement', system: true,
    options: [
      { value: 'file', label: 'File upload' },
      { value: 'link', label: 'Link' },
      { value: 'checkbox', label: 'Checkbox' },
      { value: 'text', label: 'Short answer' },
      { value: 'editor', label: 'Essay' },
    ], validation: { required: true } },
  { key: R.description, name: 'Instructions for applicants', dataType: 'textarea', section: 'requirement-editor', order: 30, target: 'requirement', system: true,
    validation: { maxLength: 2000 } },
  { key: R.optional, name: 'Optional: applicants may leave it empty', dataType: 'checkbox', section: 'requirement-editor', order: 40, target: 'requirement', system: true },
  { key: R.wordLimit, name: 'Word limit', dataType: 'number', section: 'requirement-editor', order: 50, target: 'requirement', system: true,
    validation: { wholeNumber: true, minimum: 1, maximum: 10_000 }, visibleWhen: { fieldKey: R.kind, in: ['text', 'editor'] } },
  { key: R.fileKinds, name: 'Accepted files', dataType: 'select', section: 'requirement-editor', order: 60, target: 'requirement', system: true,
    options: [{ value: 'document', label: 'Documents (PDF, DOC, DOCX)' }, { value: 'image', label: 'Images (JPG, PNG)' }],
    visibleWhen: { fieldKey: R.kind, in: ['file'] } },
];

export const STUDIO_FORMS: FormLayout[] = [
  {
    key: 'provider-signup',
    title: 'Create a provider account',
    description: 'You will be the contact person of your organisation; you can change it later.',
    sections: [],
    fields: ['organisationName', 'website', 'firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'acceptTerms'],
  },
  { key: 'organisation', title: 'Organisation', sections: ['organisation'] },
  { key: 'scholarship-editor', title: 'Scholarship', sections: ['scholarship-editor'] },
  { key: 'requirement-editor', title: 'Requirement', sections: ['requirement-editor'] },
];
