import { compileForm, type CompiledForm } from '../compiler/compile-form.js';
import { contentVersion } from '../compiler/hash.js';
import type { UiSchema } from '../compiler/json-schema.js';
import { MESSAGES } from '../messages.js';
import type { FieldDefinition, FieldType } from '../vocabulary.js';
import { acceptedExtensions } from '../domain/uploads.js';
import type { FieldValidation } from '../vocabulary.js';
import type { Requirement, RequirementKind, RequirementOptions } from './requirements.js';

/** The essay hint 'Min word: 1000' (as in the original product): shown, not enforced. */
export const ESSAY_MIN_WORDS = 1000;

interface RequirementFieldType {
  dataType: FieldType;
  requiredMessage: string;
  /** Widget options the kind adds in a scholarship's form (the essay's word hint and assistant). */
  uiOptions?(scholarshipId: string, options: RequirementOptions): Record<string, unknown>;
}

/** Each requirement kind as a field type of the vocabulary, with the original required message. */
const REQUIREMENT_FIELD_TYPES: Record<RequirementKind, RequirementFieldType> = {
  file: { dataType: 'file', requiredMessage: MESSAGES.requirementUpload },
  link: { dataType: 'link', requiredMessage: MESSAGES.requirementProvide },
  checkbox: { dataType: 'checkbox', requiredMessage: MESSAGES.requirementProvide },
  text: { dataType: 'textarea', requiredMessage: MESSAGES.requirementEssay },
  editor: {
    dataType: 'essay',
    requiredMessage: MESSAGES.requirementEssay,
    // A provider's word limit replaces the original 'Min word' hint, which it would contradict.
    uiOptions: (scholarshipId, options) =>
      options.wordLimit === undefined ? { minWords: ESSAY_MIN_WORDS, scholarshipId } : { maxWords: options.wordLimit, scholarshipId },
  },
};

/** The field type a requirement kind is asked as (a requirement is answered when its field type says so). */
export function requirementFieldType(kind: RequirementKind): FieldType {
  return REQUIREMENT_FIELD_TYPES[kind].dataType;
}

/** The form key of a scholarship's requirement form. */
export function requirementFormKey(scholarshipId: string): string {
  return `scholarship-${scholarshipId}`;
}

/**
 * A requirement as a field definition, so requirement forms compile, validate and render like
 * every other form. `optional: true` may be left empty; the others are required (docs/decisions.md:
 * the original source applied the flag inversely, this project does not).
 */
export function requirementField(requirement: Requirement, order: number): FieldDefinition {
  const { dataType, requiredMessage } = REQUIREMENT_FIELD_TYPES[requirement.field.dataType];
  return {
    id: order,
    key: requirement.field.key,
    name: requirement.title,
    dataType,
    validation: { required: !requirement.optional, ...optionRules(requirement.options ?? {}), messages: { required: requiredMessage } },
    ...(requirement.description ? { ui: { help: requirement.description } } : {}),
    section: 'requirements',
    order,
    target: 'application',
  };
}

/** The rules a provider's per-kind options add: a word limit, the kinds of file accepted. */
function optionRules(options: RequirementOptions): FieldValidation {
  return {
    ...(options.wordLimit === undefined ? {} : { maxWords: options.wordLimit }),
    ...(options.fileKinds === undefined ? {} : { accept: acceptedExtensions(options.fileKinds) }),
  };
}

/**
 * A scholarship's requirement form: JSON Schema + UI schema with the original messages, versioned
 * by content like every form, so an application can pin the version it was started on.
 */
export function compileRequirementForm(scholarshipId: string, requirements: readonly Requirement[]): CompiledForm {
  const fields = requirements.map(requirementField);
  const compiled = compileForm({ key: requirementFormKey(scholarshipId), title: 'Requirements', sections: ['requirements'] }, fields);
  for (const requirement of requirements) {
    const extra = REQUIREMENT_FIELD_TYPES[requirement.field.dataType].uiOptions?.(scholarshipId, requirement.options ?? {});
    if (!extra) continue;
    const ui = compiled.uiSchema[requirement.field.key] as UiSchema;
    ui['ui:options'] = { ...(ui['ui:options'] as object), ...extra };
  }
  // The essay's options are part of the form: the version covers them.
  return { ...compiled, version: contentVersion({ schema: compiled.schema, uiSchema: compiled.uiSchema }) };
}

/** The field definitions of a scholarship's requirements, for the answer policy (answers/answers.ts). */
export function requirementFields(requirements: readonly Requirement[]): FieldDefinition[] {
  return requirements.map(requirementField);
}
