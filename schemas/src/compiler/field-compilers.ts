import { GRADE_RANGES, MARKING_SYSTEM_LABELS } from '../domain/grade.js';
import { acceptedExtensions, purposeOfExtensions, UPLOAD_LIMITS, UPLOAD_URL_PATTERN } from '../domain/uploads.js';
import { defaultRequiredMessage, formatMessage, MESSAGES } from '../messages.js';
import {
  MARKING_SYSTEMS,
  type FieldDefinition,
  type FieldType,
  type MessageKind,
} from '../vocabulary.js';
import type { JsonSchema, UiSchema } from './json-schema.js';

/** What one field contributes to its form: its property schema and its UI schema entry. */
export interface CompiledField {
  schema: JsonSchema;
  ui: UiSchema;
}

export interface FieldCompiler {
  /** Chooses its answer from a list or picker: the default required message says 'select', else 'input'. */
  choosesFromList: boolean;
  compile(field: FieldDefinition): CompiledField;
  /** The required message when the definition gives none, if not 'Please select/input your <name>!'. */
  requiredMessage?: string;
  /**
   * What "answered" means beyond being present, added to a required field's schema with its
   * required message (a blank text is no answer; a required box must be ticked).
   */
  requireAnswer?(schema: JsonSchema, message: string): void;
}



/** Defaults used when a field definition leaves a bound unset (the original values). */
export const FIELD_DEFAULTS = {
  monthYearFromYear: 1990,
  monthYearMaxYearsAhead: 50,
  textMaxLength: 500,
  textareaMaxLength: 5000,
  editorMaxLength: 100_000,
  multiSelectMaxItems: 10,
} as const;

export function messageFor(field: FieldDefinition, kind: MessageKind, fallback: string): string {
  return field.validation?.messages?.[kind] ?? fallback;
}

/** Drops undefined members so compiled output (and its hash) never depends on absent options. */
function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

function base(field: FieldDefinition): JsonSchema {
  return { title: field.name };
}

function baseUi(field: FieldDefinition, extra: UiSchema = {}): UiSchema {
  return defined({
    'ui:placeholder': field.ui?.placeholder,
    'ui:help': field.ui?.help,
    'ui:heading': field.ui?.heading,
    ...extra,
  });
}

function textSchema(field: FieldDefinition, maxLengthDefault: number): JsonSchema {
  const v = field.validation ?? {};
  const maxLength = v.maxLength ?? maxLengthDefault;
  return defined({
    ...base(field),
    type: 'string',
    minLength: v.minLength,
    maxLength,
    pattern: v.pattern,
    sameAs: v.sameAs,
    maxWords: v.maxWords,
    errorMessage: defined({
      type: messageFor(field, 'type', MESSAGES.textInvalid),
      sameAs: v.sameAs === undefined ? undefined : messageFor(field, 'sameAs', MESSAGES.passwordsDoNotMatch),
      minLength:
        v.minLength === undefined ? undefined : messageFor(field, 'minLength', formatMessage(MESSAGES.tooShort, { min: v.minLength })),
      maxLength: messageFor(field, 'maxLength', formatMessage(MESSAGES.tooLong, { max: maxLength })),
      pattern: v.pattern === undefined ? undefined : messageFor(field, 'pattern', MESSAGES.patternMismatch),
      maxWords: v.maxWords === undefined ? undefined : messageFor(field, 'maxWords', formatMessage(MESSAGES.tooManyWords, { max: v.maxWords })),
    }),
  });
}

/** A one-line text; a secret (password) is masked and never autocompleted from another site's entry. */
function textField(field: FieldDefinition): CompiledField {
  const secret = field.ui?.secret === true;
  return {
    schema: textSchema(field, FIELD_DEFAULTS.textMaxLength),
    ui: baseUi(field, secret ? { 'ui:widget': 'password', 'ui:autocomplete': 'new-password' } : {}),
  };
}

function optionLists(field: FieldDefinition): { values: string[]; labels: string[] } {
  const options = field.options ?? [];
  return { values: options.map((o) => o.value), labels: options.map((o) => o.label) };
}

function selectField(field: FieldDefinition): CompiledField {
  const { values, labels } = optionLists(field);
  return {
    schema: {
      ...base(field),
      type: 'string',
      enum: values,
      errorMessage: { enum: messageFor(field, 'enum', MESSAGES.chooseFromList) },
    },
    ui: baseUi(field, defined({ 'ui:widget': field.ui?.radio ? 'radio' : 'select', 'ui:enumNames': labels })),
  };
}

function searchSelectField(field: FieldDefinition): CompiledField {
  const schema = textSchema(field, FIELD_DEFAULTS.textMaxLength);
  const searchUrl = field.ui?.searchUrl;
  const options = defined({
    searchUrl,
    allowFreeText: field.ui?.allowFreeText ?? true,
    // A searched catalogue stays on the server: the form carries only where to search it.
    suggestions: !searchUrl && field.options?.length ? field.options : undefined,
  });
  return { schema, ui: baseUi(field, { 'ui:widget': 'searchSelect', 'ui:options': options }) };
}

function multiSelectField(field: FieldDefinition): CompiledField {
  const { values, labels } = optionLists(field);
  const maxItems = field.validation?.maxItems ?? FIELD_DEFAULTS.multiSelectMaxItems;
  return {
    schema: {
      ...base(field),
      type: 'array',
      items: { type: 'string', enum: values },
      uniqueItems: true,
      maxItems,
      errorMessage: { maxItems: messageFor(field, 'maxItems', formatMessage(MESSAGES.tooMany, { max: maxItems })) },
    },
    ui: baseUi(field, { 'ui:widget': 'multiSelect', 'ui:enumNames': labels }),
  };
}

function numberField(field: FieldDefinition): CompiledField {
  const v = field.validation ?? {};
  const rangeText =
    v.minimum !== undefined && v.maximum !== undefined
      ? formatMessage(MESSAGES.numberRange, { min: v.minimum, max: v.maximum })
      : MESSAGES.numberInvalid;
  return {
    schema: defined({
      ...base(field),
      type: v.wholeNumber ? 'integer' : 'number',
      minimum: v.minimum,
      maximum: v.maximum,
      errorMessage: defined({
        type: messageFor(field, 'type', v.wholeNumber ? MESSAGES.wholeNumberInvalid : MESSAGES.numberInvalid),
        minimum: v.minimum === undefined ? undefined : messageFor(field, 'minimum', rangeText),
        maximum: v.maximum === undefined ? undefined : messageFor(field, 'maximum', rangeText),
      }),
    }),
    ui: baseUi(field),
  };
}

function dateField(field: FieldDefinition): CompiledField {
  const v = field.validation ?? {};
  return {
    schema: defined({
      ...base(field),
      type: 'string',
      format: 'date',
      minAge: v.minAgeYears,
      notAfterToday: v.notAfterToday,
      errorMessage: defined({
        type: messageFor(field, 'type', MESSAGES.dateInvalid),
        format: messageFor(field, 'format', MESSAGES.dateInvalid),
        minAge: v.minAgeYears === undefined ? undefined : messageFor(field, 'minAge', MESSAGES.minAge),
        notAfterToday: v.notAfterToday ? messageFor(field, 'notAfterToday', MESSAGES.birthdayInFuture) : undefined,
      }),
    }),
    ui: baseUi(field, {
      'ui:widget': 'date',
      'ui:options': defined({ latestYearsAgo: v.minAgeYears, notAfterToday: v.notAfterToday }),
    }),
  };
}

function monthYearField(field: FieldDefinition): CompiledField {
  const range = {
    fromYear: field.validation?.fromYear ?? FIELD_DEFAULTS.monthYearFromYear,
    maxYearsAhead: field.validation?.maxYearsAhead ?? FIELD_DEFAULTS.monthYearMaxYearsAhead,
  };
  const bothParts = messageFor(field, 'monthYear', MESSAGES.monthYearBothParts);
  return {
    schema: {
      ...base(field),
      type: 'string',
      pattern: '^\\d{4}-(0[1-9]|1[0-2])$',
      monthYearRange: range,
      errorMessage: {
        type: bothParts,
        pattern: bothParts,
        monthYearRange: messageFor(
          field,
          'monthYearRange',
          formatMessage(MESSAGES.monthYearOutOfRange, { from: range.fromYear, ahead: range.maxYearsAhead }),
        ),
      },
    },
    ui: baseUi(field, { 'ui:widget': 'monthYear', 'ui:options': range }),
  };
}

function checkboxField(field: FieldDefinition): CompiledField {
  // A fixed consent is shown ticked and cannot be unticked, by the browser or by a direct call.
  const disabled = field.ui?.disabled === true;
  return {
    schema: defined({
      ...base(field),
      type: 'boolean',
      default: disabled ? true : undefined,
      const: disabled ? true : undefined,
      errorMessage: disabled ? { const: messageFor(field, 'required', MESSAGES.checkboxMandatory) } : undefined,
    }),
    ui: baseUi(field, defined({ 'ui:widget': 'checkbox', 'ui:disabled': disabled || undefined })),
  };
}

function booleanField(field: FieldDefinition): CompiledField {
  return {
    schema: { ...base(field), type: 'boolean' },
    ui: baseUi(field, { 'ui:widget': 'radio' }),
  };
}

function linkField(field: FieldDefinition): CompiledField {
  const invalid = messageFor(field, 'format', MESSAGES.linkInvalid);
  return {
    schema: {
      ...base(field),
      type: 'string',
      format: 'uri',
      // Web addresses only: `format: uri` alone would accept javascript: and data: URLs.
      pattern: '^https?://[^\\s]+$',
      maxLength: 2048,
      errorMessage: { type: invalid, format: invalid, pattern: invalid, maxLength: invalid },
    },
    ui: baseUi(field),
  };
}

/** An uploaded file's schema: the address of one of our uploads, never an outside link. */
function uploadSchema(field: FieldDefinition): JsonSchema {
  const invalid = messageFor(field, 'format', MESSAGES.uploadInvalid);
  return { type: 'string', pattern: UPLOAD_URL_PATTERN, errorMessage: { type: invalid, pattern: invalid } };
}

/** The upload widget's options: what the picker offers and the size it refuses before sending. */
function uploadOptions(field: FieldDefinition): UiSchema {
  const accept = field.validation?.accept ?? acceptedExtensions('document');
  const purpose = purposeOfExtensions(accept);
  return { accept, maxSizeBytes: field.validation?.maxSizeBytes ?? UPLOAD_LIMITS[purpose].maxSizeBytes, purpose };
}

function fileField(field: FieldDefinition): CompiledField {
  return {
    schema: { ...base(field), ...uploadSchema(field) },
    ui: baseUi(field, { 'ui:widget': 'upload', 'ui:options': uploadOptions(field) }),
  };
}

/**
 * An essay (as in the original product): written in the editor, `{ text }` (HTML the
 * server sanitises), or uploaded as a document, `{ url }`.
 */
function essayField(field: FieldDefinition): CompiledField {
  const invalid = messageFor(field, 'format', MESSAGES.essayInvalid);
  const maxLength = field.validation?.maxLength ?? FIELD_DEFAULTS.editorMaxLength;
  const maxWords = field.validation?.maxWords;
  const tooManyWords = maxWords === undefined ? undefined : messageFor(field, 'maxWords', formatMessage(MESSAGES.tooManyWords, { max: maxWords }));
  return {
    schema: {
      ...base(field),
      type: 'object',
      properties: {
        text: defined({
          type: 'string',
          maxLength,
          maxWords,
          errorMessage: defined({ type: invalid, maxLength: formatMessage(MESSAGES.tooLong, { max: maxLength }), maxWords: tooManyWords }),
        }),
        url: uploadSchema(field),
      },
      additionalProperties: false,
      maxProperties: 1,
      errorMessage: { type: invalid, additionalProperties: invalid, maxProperties: invalid },
    },
    ui: baseUi(field, { 'ui:field': 'essay', 'ui:options': { accept: acceptedExtensions('document'), maxSizeBytes: UPLOAD_LIMITS.document.maxSizeBytes } }),
  };
}

/** A required essay has words, or a file: one message wherever it falls short (no anyOf noise). */
function requireEssay(schema: JsonSchema, message: string): void {
  schema.minProperties = 1;
  schema.errorMessage = { ...(schema.errorMessage ?? {}), minProperties: message };
  const text = schema.properties!.text;
  text.pattern = '\\S';
  text.errorMessage = { ...(text.errorMessage ?? {}), pattern: message };
}

/** A blank answer is no answer: the browser drops empty inputs, the server must refuse '' and '  '. */
export function requireNonBlank(schema: JsonSchema, message: string): void {
  if (schema.type !== 'string' || schema.pattern || schema.enum || schema.format) return;
  schema.pattern = '\\S';
  schema.errorMessage = { ...(schema.errorMessage ?? {}), pattern: message };
}

/** An unticked box is still an answer (false): a required checkbox must be ticked. */
function requireTicked(schema: JsonSchema, message: string): void {
  schema.const = true;
  schema.errorMessage = { ...(schema.errorMessage ?? {}), const: message };
}

function emailField(field: FieldDefinition): CompiledField {
  const invalid = messageFor(field, 'format', MESSAGES.emailInvalid);
  return {
    schema: {
      ...base(field),
      type: 'string',
      format: 'email',
      maxLength: 254,
      errorMessage: { type: invalid, format: invalid, maxLength: invalid },
    },
    ui: baseUi(field, { 'ui:widget': 'email' }),
  };
}

function phoneField(field: FieldDefinition): CompiledField {
  const digitsOnly = messageFor(field, 'pattern', MESSAGES.phoneDigitsOnly);
  return {
    schema: {
      ...base(field),
      type: 'string',
      // '+', the calling code and the number: digits only, E.164 length at most.
      pattern: '^\\+[0-9]{4,15}$',
      errorMessage: { type: digitsOnly, pattern: digitsOnly },
    },
    ui: baseUi(field, { 'ui:widget': 'phone', 'ui:options': { defaultCountry: field.ui?.defaultCountry ?? 'us' } }),
  };
}

function zipField(field: FieldDefinition): CompiledField {
  const invalid = messageFor(field, 'pattern', MESSAGES.zipInvalid);
  return {
    schema: {
      ...base(field),
      type: 'string',
      pattern: '^[0-9]{5}(-[0-9]{4})?$',
      errorMessage: { type: invalid, pattern: invalid },
    },
    ui: baseUi(field),
  };
}

/** The grade message of each marking system, for the original range texts. */
const GRADE_RANGE_MESSAGES = {
  Percentage: { kind: 'percentage', text: MESSAGES.percentageRange },
  '10CGPA': { kind: 'cgpa10', text: MESSAGES.cgpa10Range },
  GPA: { kind: 'gpa4', text: MESSAGES.gpa4Range },
} as const;

function gradeField(field: FieldDefinition): CompiledField {
  const systems = field.ui?.markingSystems ?? [...MARKING_SYSTEMS];
  const rangeRules: JsonSchema[] = systems.map((system) => {
    const { min, max } = GRADE_RANGES[system];
    const { kind, text } = GRADE_RANGE_MESSAGES[system];
    const message = messageFor(field, kind, text);
    return {
      if: { properties: { markingSystem: { const: system } }, required: ['markingSystem'] },
      then: {
        properties: {
          grade: { minimum: min, maximum: max, errorMessage: { minimum: message, maximum: message } },
        },
      },
    };
  });
  return {
    schema: {
      ...base(field),
      type: 'object',
      additionalProperties: false,
      properties: {
        markingSystem: { type: 'string', title: 'Marking system', enum: systems },
        grade: { type: 'number', title: 'Grade', errorMessage: { type: MESSAGES.numberInvalid } },
        gpa: { type: 'number', title: 'GPA (4-point scale)', readOnly: true },
      },
      required: ['markingSystem', 'grade'],
      errorMessage: {
        required: {
          markingSystem: MESSAGES.markingSystemRequired,
          grade: messageFor(field, 'required', defaultRequiredMessage(field.name, false)),
        },
      },
      allOf: rangeRules,
    },
    ui: baseUi(field, {
      'ui:field': 'grade',
      'ui:options': { markingSystems: systems },
      markingSystem: { 'ui:enumNames': systems.map((system) => MARKING_SYSTEM_LABELS[system]) },
    }),
  };
}

/** One table from data type to compiler: adding a type adds one entry here. */
export const FIELD_COMPILERS: Record<FieldType, FieldCompiler> = {
  text: { choosesFromList: false, compile: textField },
  textarea: {
    choosesFromList: false,
    compile: (f) => ({ schema: textSchema(f, FIELD_DEFAULTS.textareaMaxLength), ui: baseUi(f, { 'ui:widget': 'textarea' }) }),
  },
  editor: {
    choosesFromList: false,
    compile: (f) => ({ schema: textSchema(f, FIELD_DEFAULTS.editorMaxLength), ui: baseUi(f, { 'ui:widget': 'editor' }) }),
  },
  number: { choosesFromList: false, compile: numberField },
  select: { choosesFromList: true, compile: selectField },
  searchSelect: { choosesFromList: true, compile: searchSelectField },
  multiSelect: { choosesFromList: true, compile: multiSelectField },
  date: { choosesFromList: true, compile: dateField },
  monthYear: { choosesFromList: true, compile: monthYearField },
  // The original 'Please Select!' for boxes to tick.
  checkbox: { choosesFromList: true, compile: checkboxField, requireAnswer: requireTicked, requiredMessage: MESSAGES.checkboxMandatory },
  boolean: { choosesFromList: true, compile: booleanField },
  file: { choosesFromList: false, compile: fileField },
  link: { choosesFromList: false, compile: linkField },
  email: { choosesFromList: false, compile: emailField },
  phone: { choosesFromList: false, compile: phoneField },
  zip: { choosesFromList: false, compile: zipField },
  grade: { choosesFromList: true, compile: gradeField },
  essay: { choosesFromList: false, compile: essayField, requireAnswer: requireEssay },
};
