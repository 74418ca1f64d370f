import { canonicalJson, type FieldDefinition, type FormLayout } from '@scholarmatch/schemas';
import { formShows } from './form-draft.js';

/** What a change of one field means for the people who fill the forms (docs/form-designer.md, "Diff"). */
export const DIFF_CHANGES = ['added', 'removed', 'now_required', 'no_longer_required', 'changed', 'restored'] as const;
export type DiffChangeKind = (typeof DIFF_CHANGES)[number];

export interface DiffChange {
  key: string;
  name: string;
  /** The served forms that show the field (after the change, or before it for a removal). */
  forms: string[];
  change: DiffChangeKind;
  details: string[];
  /** Stored answers under the key (filled in by the caller: one grouped query for all keys). */
  answers: number;
}

/** Same definition, whatever the key order of its JSON (the draft keeps no row that changes nothing). */
export function sameDefinition(a: FieldDefinition, b: FieldDefinition): boolean {
  return canonicalJson(comparable(a)) === canonicalJson(comparable(b));
}

/** Absent and empty mean the same to the compiler. */
function comparable(field: FieldDefinition): object {
  const { id: _id, ...rest } = field;
  return { ...rest, options: field.options ?? [], validation: field.validation ?? {}, ui: field.ui ?? {}, visibleWhen: field.visibleWhen ?? null, active: field.active !== false, system: field.system === true };
}

const isActive = (field: FieldDefinition | undefined) => field !== undefined && field.active !== false;
const isRequired = (field: FieldDefinition) => field.validation?.required === true;
const json = (value: unknown) => canonicalJson(value ?? null);

/** Short sentences saying what changed in one field, for the staff member about to publish. */
function detailsOf(before: FieldDefinition, after: FieldDefinition): string[] {
  const details: string[] = [];
  if (before.name !== after.name) details.push(`Title: '${before.name}' → '${after.name}'`);
  if (before.dataType !== after.dataType) details.push(`Type: ${before.dataType} → ${after.dataType}`);
  if (before.section !== after.section) details.push(`Section: ${before.section} → ${after.section}`);
  if (before.order !== after.order) details.push(`Position: ${before.order} → ${after.order}`);
  const old = new Map((before.options ?? []).map((option) => [option.value, option.label]));
  const now = new Map((after.options ?? []).map((option) => [option.value, option.label]));
  const added = [...now.keys()].filter((value) => !old.has(value)).length;
  const removed = [...old.keys()].filter((value) => !now.has(value)).length;
  const relabelled = [...now].filter(([value, label]) => old.has(value) && old.get(value) !== label).length;
  const count = (n: number, what: string) => `${n} option${n === 1 ? '' : 's'} ${what}`;
  if (added) details.push(count(added, 'added'));
  if (removed) details.push(count(removed, 'removed'));
  if (relabelled) details.push(count(relabelled, 'renamed'));
  if (!added && !removed && !relabelled && json(before.options) !== json(after.options)) details.push('Options reordered');
  const { required: _a, messages: oldMessages, ...oldRules } = before.validation ?? {};
  const { required: _b, messages: newMessages, ...newRules } = after.validation ?? {};
  if (json(oldRules) !== json(newRules)) details.push('Rules changed');
  if (json(oldMessages) !== json(newMessages)) details.push('Messages changed');
  if (json(before.ui) !== json(after.ui)) details.push('Hints changed');
  if (json(before.visibleWhen) !== json(after.visibleWhen)) details.push('Condition changed');
  return details;
}

function kindOf(before: FieldDefinition | undefined, after: FieldDefinition): DiffChangeKind | null {
  if (!before) return isActive(after) ? 'added' : null;
  if (isActive(before) && !isActive(after)) return 'removed';
  if (!isActive(before) && isActive(after)) return 'restored';
  if (!isActive(after)) return null;
  if (!isRequired(before) && isRequired(after)) return 'now_required';
  if (isRequired(before) && !isRequired(after)) return 'no_longer_required';
  return sameDefinition(before, after) ? null : 'changed';
}

/**
 * The changes from one set of definitions to another, field by field (by key), in the order of
 * `after`. A field present only in `before` counts as removed. `answers` is 0 here.
 */
export function diffDefinitions(before: readonly FieldDefinition[], after: readonly FieldDefinition[], forms: readonly FormLayout[]): DiffChange[] {
  const old = new Map(before.map((field) => [field.key, field]));
  const now = new Map(after.map((field) => [field.key, field]));
  const formsOf = (field: FieldDefinition) => forms.filter((form) => formShows(form, field)).map((form) => form.key);
  const changes: DiffChange[] = [];
  for (const field of after) {
    const previous = old.get(field.key);
    const change = kindOf(previous, field);
    if (!change) continue;
    const details = previous && isActive(previous) && isActive(field) ? detailsOf(previous, field) : [];
    changes.push({ key: field.key, name: field.name, forms: formsOf(field), change, details, answers: 0 });
  }
  for (const field of before) {
    if (!now.has(field.key) && isActive(field)) changes.push({ key: field.key, name: field.name, forms: formsOf(field), change: 'removed', details: [], answers: 0 });
  }
  return changes;
}
