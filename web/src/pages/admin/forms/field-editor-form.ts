import { compileForm, FIELD_TYPES, type FieldDefinition, type FieldOption, type FieldType } from '@scholarmatch/schemas';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { DraftField, FieldChange } from '../../../api/form-designer';

/**
 * The designer's field editor is a form of the same vocabulary as every served form: these field
 * definitions, compiled by the shared compiler (`compileForm`) and rendered by `SchemaForm`, as the
 * studio's requirement editor is. Which of them show depends on the field's type (a number has a
 * range, a list has options), so the editor holds no conditions.
 */
/** Which of the editor's rules a type has: options, a length, a range, or none of them. */
type EditorRules = 'list' | 'length' | 'range' | 'none';

/**
 * Each type as the designer's editor shows it (docs/adding-a-field-type.md: a table over every
 * type, so a new type cannot be forgotten here): its name for staff and the rules it offers.
 */
const DESIGNER_TYPES: Record<FieldType, { label: string; rules: EditorRules }> = {
  text: { label: 'Short text', rules: 'length' },
  textarea: { label: 'Long text', rules: 'length' },
  editor: { label: 'Formatted text', rules: 'length' },
  number: { label: 'Number', rules: 'range' },
  select: { label: 'Choice from a list', rules: 'list' },
  searchSelect: { label: 'Choice from a searchable list', rules: 'list' },
  multiSelect: { label: 'Several choices from a list', rules: 'list' },
  date: { label: 'Date', rules: 'none' },
  monthYear: { label: 'Month and year', rules: 'none' },
  checkbox: { label: 'Tick box', rules: 'none' },
  boolean: { label: 'Yes or no', rules: 'none' },
  file: { label: 'File upload', rules: 'none' },
  link: { label: 'Web address', rules: 'none' },
  email: { label: 'E-mail address', rules: 'none' },
  phone: { label: 'Phone number', rules: 'none' },
  zip: { label: 'ZIP code', rules: 'none' },
  grade: { label: 'Grade', rules: 'none' },
  essay: { label: 'Essay', rules: 'length' },
};

export const typeLabelOf = (type: FieldType) => DESIGNER_TYPES[type]?.label ?? type;
const rulesOf = (type: FieldType): EditorRules => DESIGNER_TYPES[type]?.rules ?? 'none';

/** Option lists longer than this are edited in the options panel, with search and pages. */
export const INLINE_OPTIONS_MAX = 30;

/** A catalogue: a long list (countries, schools, majors, careers) or one searched on the server. */
export function isCatalogue(field: Pick<FieldDefinition, 'dataType' | 'options' | 'ui'>): boolean {
  return rulesOf(field.dataType) === 'list' && (!!field.ui?.searchUrl || (field.options?.length ?? 0) > INLINE_OPTIONS_MAX);
}

const editorField = (key: string, name: string, dataType: FieldType, order: number, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id: order,
  key,
  name,
  dataType,
  section: 'field-editor',
  order,
  target: 'profile',
  ...extra,
});

export interface EditorContext {
  /** A new field: its key and type are chosen once. */
  isNew: boolean;
  dataType: FieldType;
  catalogue: boolean;
  /** The other fields of the form a condition may depend on. */
  others: readonly { key: string; name: string }[];
}

/** The editor's field definitions for one field (see the module's note). */
export function editorFields({ isNew, dataType, catalogue, others }: EditorContext): FieldDefinition[] {
  const fields: FieldDefinition[] = [];
  if (isNew) {
    fields.push(
      editorField('fieldKey', 'Key', 'text', 1, {
        validation: { required: true, maxLength: 64 },
        ui: { help: 'Letters, digits and _, starting with a letter. It names the stored answers and cannot change later.' },
      }),
      editorField('dataType', 'Kind of answer', 'select', 2, { validation: { required: true }, options: FIELD_TYPES.map((type) => ({ value: type, label: DESIGNER_TYPES[type].label })) }),
    );
  }
  fields.push(
    editorField('name', 'Title', 'text', 10, { validation: { required: true, maxLength: 200 } }),
    editorField('help', 'Hint', 'textarea', 11, { validation: { maxLength: 500 }, ui: { help: 'Shown under the field.' } }),
    editorField('placeholder', 'Placeholder', 'text', 12, { validation: { maxLength: 200 } }),
    editorField('required', 'Required: people must answer it', 'checkbox', 13),
  );
  const rules = rulesOf(dataType);
  if (rules === 'list' && !catalogue) {
    fields.push(editorField('options', 'Options, one a line', 'textarea', 20, { ui: { help: 'Each line "value | label", or just the label when both are the same. The value is what answers store.' } }));
  }
  if (rules === 'length') {
    fields.push(editorField('minLength', 'Fewest characters', 'number', 30, { validation: { minimum: 0, wholeNumber: true } }), editorField('maxLength', 'Most characters', 'number', 31, { validation: { minimum: 1, wholeNumber: true } }));
  }
  if (rules === 'range') {
    fields.push(editorField('minimum', 'Smallest value', 'number', 30), editorField('maximum', 'Largest value', 'number', 31));
  }
  if (others.length) {
    fields.push(
      editorField('conditionField', 'Show only when this field…', 'select', 40, { options: others.map((other) => ({ value: other.key, label: other.name })), ui: { heading: 'Condition' } }),
      editorField('conditionValues', '…holds one of these values', 'text', 41, { ui: { help: 'Values separated by commas, e.g. 1, 2.' } }),
    );
  }
  return fields;
}

export function editorForm(context: EditorContext): { schema: RJSFSchema; uiSchema: UiSchema } {
  const compiled = compileForm({ key: 'field-editor', title: 'Field', sections: ['field-editor'] }, editorFields(context));
  return { schema: compiled.schema as RJSFSchema, uiSchema: compiled.uiSchema as UiSchema };
}

export type EditorAnswers = Record<string, unknown>;

const optionLine = (option: FieldOption) => (option.value === option.label ? option.label : `${option.value} | ${option.label}`);

/** The editor's answers for a field as drafted. */
export function answersOf(field: DraftField): EditorAnswers {
  const validation = field.validation ?? {};
  return Object.fromEntries(
    Object.entries({
      name: field.name,
      help: field.ui?.help,
      placeholder: field.ui?.placeholder,
      required: validation.required === true,
      options: field.options && !isCatalogue(field) ? field.options.map(optionLine).join('\n') : undefined,
      minLength: validation.minLength,
      maxLength: validation.maxLength,
      minimum: validation.minimum,
      maximum: validation.maximum,
      conditionField: field.visibleWhen?.fieldKey,
      conditionValues: field.visibleWhen?.in.join(', '),
    }).filter(([, value]) => value !== undefined && value !== ''),
  );
}

export function optionsOf(text: string): FieldOption[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.indexOf('|');
      if (bar < 0) return { value: line, label: line };
      const value = line.slice(0, bar).trim();
      const label = line.slice(bar + 1).trim();
      return { value: value || label, label: label || value };
    });
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const numberOr = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * What the draft call takes for the editor's answers: the field's own rules and hints kept, the
 * editor's ones replaced (a hint emptied is removed). `base` is the field as drafted, or undefined for a new one.
 */
export function changeOf(answers: EditorAnswers, base: DraftField | undefined, dataType: FieldType): FieldChange {
  const validation = { ...base?.validation };
  for (const rule of ['required', 'minLength', 'maxLength', 'minimum', 'maximum'] as const) delete validation[rule];
  if (answers.required === true) validation.required = true;
  for (const rule of ['minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    const value = numberOr(answers[rule]);
    if (value !== undefined) validation[rule] = value;
  }
  const ui = { ...base?.ui };
  delete ui.help;
  delete ui.placeholder;
  if (text(answers.help)) ui.help = text(answers.help);
  if (text(answers.placeholder)) ui.placeholder = text(answers.placeholder);
  const conditionField = text(answers.conditionField);
  const values = text(answers.conditionValues).split(',').map((value) => value.trim()).filter(Boolean);
  const change: FieldChange = {
    name: text(answers.name),
    validation,
    ui,
    visibleWhen: conditionField && values.length ? { fieldKey: conditionField, in: values } : null,
  };
  if (typeof answers.options === 'string' && rulesOf(dataType) === 'list') change.options = optionsOf(answers.options);
  return change;
}
