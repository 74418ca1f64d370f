import { describe, expect, it } from 'vitest';
import { answersOf, changeOf, editorFields, isCatalogue, optionsOf } from '../../src/pages/admin/forms/field-editor-form';
import type { DraftField } from '../../src/api/form-designer';

const gender = {
  id: 2, key: 'gender', name: 'Gender', dataType: 'select', section: 'basic', order: 20, target: 'profile', draft: null,
  options: [{ value: 'f', label: 'Female' }, { value: 'Other', label: 'Other' }],
  validation: { required: true, messages: { required: 'Pick one' } },
  ui: { radio: true, help: 'As you identify' },
  visibleWhen: { fieldKey: 'citizenship', in: ['1', '2'] },
} as unknown as DraftField;

describe("the designer's field editor", () => {
  it("reads a field into the editor's answers and back, keeping the rules and hints it does not edit", () => {
    const answers = answersOf(gender);
    expect(answers).toEqual({ name: 'Gender', help: 'As you identify', required: true, options: 'f | Female\nOther', conditionField: 'citizenship', conditionValues: '1, 2' });
    expect(changeOf({ ...answers, required: false, help: '  ', name: ' Gender identity ' }, gender, 'select')).toEqual({
      name: 'Gender identity',
      validation: { messages: { required: 'Pick one' } },
      ui: { radio: true },
      visibleWhen: { fieldKey: 'citizenship', in: ['1', '2'] },
      options: [{ value: 'f', label: 'Female' }, { value: 'Other', label: 'Other' }],
    });
    expect(changeOf({ name: 'Gender', conditionField: 'citizenship' }, gender, 'select').visibleWhen).toBeNull();
  });

  it('reads options one a line, "value | label" or the label alone', () => {
    expect(optionsOf(' a | Alpha \n\nBeta\n| Gamma\nd |')).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'Beta', label: 'Beta' },
      { value: 'Gamma', label: 'Gamma' },
      { value: 'd', label: 'd' },
    ]);
  });

  it("offers each type's rules: options for a short list, a panel for a catalogue, a range for a number", () => {
    const keys = (context: Parameters<typeof editorFields>[0]) => editorFields(context).map((field) => field.key);
    expect(keys({ isNew: true, dataType: 'select', catalogue: false, others: [] })).toEqual(['fieldKey', 'dataType', 'name', 'help', 'placeholder', 'required', 'options']);
    expect(keys({ isNew: false, dataType: 'select', catalogue: true, others: [{ key: 'x', name: 'X' }] })).toEqual(['name', 'help', 'placeholder', 'required', 'conditionField', 'conditionValues']);
    expect(keys({ isNew: false, dataType: 'number', catalogue: false, others: [] })).toContain('maximum');
    expect(keys({ isNew: false, dataType: 'essay', catalogue: false, others: [] })).toContain('maxLength');
    expect(isCatalogue({ dataType: 'searchSelect', ui: { searchUrl: '/api/v1/x' } })).toBe(true);
    expect(isCatalogue({ dataType: 'select', options: Array.from({ length: 31 }, (_, i) => ({ value: `${i}`, label: `${i}` })) })).toBe(true);
    expect(isCatalogue(gender)).toBe(false);
  });
});
