import { defaultRequiredMessage } from '../messages.js';
import type { FieldCondition, FieldDefinition, FormLayout } from '../vocabulary.js';
import { FIELD_COMPILERS, requireNonBlank } from './field-compilers.js';
import { contentVersion } from './hash.js';
import type { JsonSchema, UiSchema } from './json-schema.js';

export interface CompiledForm {
  key: string;
  /** Content hash of schema + uiSchema: the ETag, and the version a submission is pinned to. */
  version: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
}

/**
 * The active fields of a form, in display order: by section (as listed in the form), order, then
 * key. A conditional field is kept only when the field it depends on is an unconditional field of
 * the same form: a condition on a missing field could never be met, and chains of conditions would
 * let a hidden field's answer slip past both the branch and the pruning.
 */
export function fieldsOfForm(form: FormLayout, fields: readonly FieldDefinition[]): FieldDefinition[] {
  const borrowed = form.fields ?? [];
  const sectionRank = new Map(form.sections.map((section, index) => [section, borrowed.length + index]));
  // Borrowed fields come first, in the order listed; then the sections' fields.
  const rankOf = (field: FieldDefinition) =>
    borrowed.includes(field.key) ? borrowed.indexOf(field.key) : sectionRank.get(field.section)!;
  const inForm = fields.filter(
    (field) => field.active !== false && (sectionRank.has(field.section) || borrowed.includes(field.key)),
  );
  const unconditional = new Set(inForm.filter((field) => !field.visibleWhen).map((field) => field.key));
  return inForm
    .filter((field) => !field.visibleWhen || unconditional.has(field.visibleWhen.fieldKey))
    .sort((a, b) => rankOf(a) - rankOf(b) || a.order - b.order || a.key.localeCompare(b.key));
}

/** A block of properties that are required together, with their messages (the root, or one condition's branch). */
interface PropertyBlock {
  properties: Record<string, JsonSchema>;
  required: string[];
  requiredMessages: Record<string, string>;
}

function emptyBlock(): PropertyBlock {
  return { properties: {}, required: [], requiredMessages: {} };
}

function addToBlock(block: PropertyBlock, field: FieldDefinition, schema: JsonSchema): void {
  block.properties[field.key] = schema;
  if (!field.validation?.required) return;
  const compiler = FIELD_COMPILERS[field.dataType];
  const message =
    field.validation.messages?.required ?? compiler.requiredMessage ?? defaultRequiredMessage(field.name, compiler.choosesFromList);
  block.required.push(field.key);
  block.requiredMessages[field.key] = message;
  (compiler.requireAnswer ?? requireNonBlank)(schema, message);
}

function blockSchema(block: PropertyBlock): JsonSchema {
  const schema: JsonSchema = { properties: block.properties };
  if (block.required.length) {
    schema.required = block.required;
    schema.errorMessage = { required: block.requiredMessages };
  }
  return schema;
}

function conditionKey(condition: FieldCondition): string {
  return `${condition.fieldKey}\u0000${[...condition.in].sort().join('\u0000')}`;
}

/** `if the controlling field holds one of the values, then these properties exist (and may be required)`. */
function conditionalRule(condition: FieldCondition, block: PropertyBlock): JsonSchema {
  return {
    if: { properties: { [condition.fieldKey]: { enum: [...condition.in].sort() } }, required: [condition.fieldKey] },
    then: blockSchema(block),
  };
}

/**
 * Compiles field definitions and a form layout into JSON Schema + UI schema. Deterministic: the
 * same input gives byte-identical output, so the version (a content hash) changes only when the
 * form does. Conditional fields live in `if/then` branches: RJSF shows them only when their
 * condition holds, and the server prunes their values otherwise (see `pruneHiddenValues`).
 */
export function compileForm(form: FormLayout, allFields: readonly FieldDefinition[]): CompiledForm {
  const fields = fieldsOfForm(form, allFields);
  const root = emptyBlock();
  const branches = new Map<string, { condition: FieldCondition; block: PropertyBlock }>();
  const uiSchema: UiSchema = {};

  for (const field of fields) {
    const compiled = FIELD_COMPILERS[field.dataType].compile(field);
    uiSchema[field.key] = compiled.ui;
    const condition = field.visibleWhen;
    if (!condition) {
      addToBlock(root, field, compiled.schema);
      continue;
    }
    const key = conditionKey(condition);
    const branch = branches.get(key) ?? { condition, block: emptyBlock() };
    branches.set(key, branch);
    addToBlock(branch.block, field, compiled.schema);
  }

  const schema: JsonSchema = { type: 'object', title: form.title, ...blockSchema(root) };
  if (form.description) schema.description = form.description;
  const rules = [...branches.values()].map(({ condition, block }) => conditionalRule(condition, block));
  if (rules.length) schema.allOf = rules;
  uiSchema['ui:order'] = [...fields.map((field) => field.key), '*'];

  return { key: form.key, version: contentVersion({ schema, uiSchema }), schema, uiSchema };
}
