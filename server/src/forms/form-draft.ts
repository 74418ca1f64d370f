import { fieldsOfForm, type FieldDefinition, type FormLayout } from '@scholarmatch/schemas';

/** One drafted field: `fieldId` null for a field that exists only in the draft. */
export interface DraftRow {
  id: number;
  fieldId: number | null;
  key: string;
  definition: FieldDefinition;
  removed: boolean;
}

/** How a field stands in the shared draft (docs/form-designer.md, "Draft"). */
export type DraftState = 'added' | 'changed' | 'removed' | null;

/** A definition as drafted: the published one, or the draft's; a field new in the draft has the id `-draftRowId`. */
export type DraftField = FieldDefinition & { draft: DraftState };

/** The forms staff edit in the designer (docs/form-designer.md, "Which forms"); the builders' own forms and the message forms are not among them. */
export const DESIGNER_FORMS = [
  'signup',
  'registration',
  'profile-basic',
  'profile-education',
  'profile-contact',
  'support-request',
  'contact-message',
  'login',
  'password-reset',
  'reviewer-signup',
  'provider-signup',
  'organisation',
] as const;

/**
 * Forms that clients outside the web app post fixed payloads to (the original clients' sign-up, login and
 * password reset, their chats, the reviewer's invitation): a field staff add there is served
 * optional, and judged only when sent (docs/form-designer.md, "Fixed-payload forms").
 */
export const FIXED_PAYLOAD_FORMS: ReadonlySet<string> = new Set(['signup', 'login', 'password-reset', 'reviewer-signup']);

/** The fields as a form is served: on a fixed-payload form, a field the product does not rely on is never required. */
export function servedDefinitions(formKey: string, fields: readonly FieldDefinition[]): FieldDefinition[] {
  if (!FIXED_PAYLOAD_FORMS.has(formKey)) return [...fields];
  return fields.map((field) => (field.system || field.validation?.required !== true ? field : { ...field, validation: { ...field.validation, required: false } }));
}

/** The published definitions with the draft applied, in the published order, new fields last. */
export function applyDraft(published: readonly FieldDefinition[], drafts: readonly DraftRow[]): DraftField[] {
  const byField = new Map(drafts.filter((row) => row.fieldId !== null).map((row) => [row.fieldId, row]));
  const drafted: DraftField[] = published.map((field) => {
    const row = byField.get(field.id);
    if (!row) return { ...field, draft: null };
    return { ...row.definition, id: field.id, key: field.key, draft: row.removed ? 'removed' : 'changed' };
  });
  for (const row of drafts) if (row.fieldId === null) drafted.push({ ...row.definition, id: -row.id, draft: 'added' });
  return drafted;
}

/** The definition alone (what is compiled, stored and compared). */
export function definitionOf(field: DraftField): FieldDefinition {
  const { draft: _draft, ...definition } = field;
  return definition;
}

/** Whether form `layout` shows `field` (active or not). */
export function formShows(layout: FormLayout, field: FieldDefinition): boolean {
  return fieldsOfForm(layout, [{ ...field, active: true, visibleWhen: undefined }]).length > 0;
}
