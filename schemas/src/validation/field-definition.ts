import { Ajv } from 'ajv';
import { MARKING_SYSTEMS, FIELD_TARGETS, FIELD_TYPES, type FieldDefinition } from '../vocabulary.js';
import { toFieldErrors, type FieldError } from './validate.js';

const stringMap = { type: 'object', additionalProperties: { type: 'string' } };
const nonNegativeInteger = { type: 'integer', minimum: 0 };
const STORED_FIELD_TARGETS = FIELD_TARGETS.filter((target) => target !== 'application');

/**
 * What a stored field definition must look like. The database accepts any JSON in the jsonb
 * columns; a row that does not fit is left out of every form (and logged) instead of breaking them.
 * The admin API for fields (later) refuses such a definition with these same errors.
 */
export const FIELD_DEFINITION_SCHEMA = {
  type: 'object',
  required: ['id', 'key', 'name', 'dataType', 'section', 'order', 'target'],
  properties: {
    id: { type: 'integer' },
    key: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    dataType: { enum: [...FIELD_TYPES] },
    options: {
      type: 'array',
      items: {
        type: 'object',
        required: ['value', 'label'],
        properties: { value: { type: 'string', minLength: 1 }, label: { type: 'string', minLength: 1 } },
        additionalProperties: false,
      },
    },
    validation: {
      type: 'object',
      properties: {
        required: { type: 'boolean' },
        minLength: nonNegativeInteger,
        maxLength: nonNegativeInteger,
        minimum: { type: 'number' },
        maximum: { type: 'number' },
        wholeNumber: { type: 'boolean' },
        minAgeYears: nonNegativeInteger,
        notAfterToday: { type: 'boolean' },
        fromYear: { type: 'integer', minimum: 1900, maximum: 2200 },
        maxYearsAhead: nonNegativeInteger,
        maxItems: { type: 'integer', minimum: 1 },
        accept: { type: 'array', items: { type: 'string' } },
        maxSizeBytes: nonNegativeInteger,
        sameAs: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' },
        pattern: { type: 'string', minLength: 1, maxLength: 200 },
        maxWords: { type: 'integer', minimum: 1 },
        messages: stringMap,
      },
      additionalProperties: false,
    },
    ui: {
      type: 'object',
      properties: {
        placeholder: { type: 'string' },
        help: { type: 'string' },
        searchUrl: { type: 'string', pattern: '^/api/' },
        allowFreeText: { type: 'boolean' },
        defaultCountry: { type: 'string', pattern: '^[a-z]{2}$' },
        radio: { type: 'boolean' },
        disabled: { type: 'boolean' },
        markingSystems: { type: 'array', minItems: 1, items: { enum: [...MARKING_SYSTEMS] } },
        secret: { type: 'boolean' },
        heading: { type: 'string', minLength: 1, maxLength: 200 },
        question: { type: 'string', minLength: 1, maxLength: 300 },
      },
      additionalProperties: false,
    },
    section: { type: 'string', minLength: 1 },
    order: { type: 'integer' },
    // Stored definitions; `application` fields are made from a scholarship's requirements, never stored.
    target: { enum: STORED_FIELD_TARGETS },
    visibleWhen: {
      type: 'object',
      required: ['fieldKey', 'in'],
      properties: { fieldKey: { type: 'string', minLength: 1 }, in: { type: 'array', minItems: 1, items: { type: 'string' } } },
      additionalProperties: false,
    },
    active: { type: 'boolean' },
    system: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

const checkDefinition = new Ajv({ allErrors: true }).compile(FIELD_DEFINITION_SCHEMA);

/** The problems of a field definition; empty when it can be compiled. */
export function fieldDefinitionProblems(definition: FieldDefinition): FieldError[] {
  return checkDefinition(definition) ? [] : toFieldErrors(checkDefinition.errors);
}
