import { beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TYPES, type FieldType } from '@scholarmatch/schemas';
import { screen, waitFor } from '@testing-library/react';
import { loadLazyWidgets, renderFields, type TestField } from '../render-form';

/** Roles a person can answer with; a group (fieldset, radio group) counts when it holds one of them. */
const CONTROL_ROLES = ['textbox', 'combobox', 'listbox', 'spinbutton', 'checkbox', 'radio', 'searchbox'];
const CONTROL_TAGS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** One field of the type, named after it; choices for the types that read options (the others ignore them). */
function fieldOf(dataType: FieldType, required: boolean): TestField {
  return {
    key: `answer_${dataType}`,
    name: `Answer of type ${dataType}`,
    dataType,
    options: [
      { value: 'one', label: 'First choice' },
      { value: 'two', label: 'Second choice' },
    ],
    validation: { required },
  };
}

function isControl(element: HTMLElement): boolean {
  const role = element.getAttribute('role');
  return CONTROL_TAGS.has(element.tagName) || (role !== null && CONTROL_ROLES.includes(role));
}

/** Whatever the field's name labels: a control linked to its label, or a group named by its caption. */
function namedBy(name: string): HTMLElement[] {
  const exactly = new RegExp(`^${name}\\*?$`);
  const named = [
    ...screen.queryAllByLabelText(exactly),
    ...screen.queryAllByRole('group', { name: exactly }),
    ...screen.queryAllByRole('radiogroup', { name: exactly }),
  ];
  return [...new Set(named)];
}

/** The form's controls a field's name reaches: the labelled control itself, or those inside its group. */
function labelledControls(name: string): HTMLElement[] {
  const controls = namedBy(name).flatMap((element) =>
    isControl(element) ? [element] : [...element.querySelectorAll<HTMLElement>('input, select, textarea, [role]')].filter(isControl),
  );
  return [...new Set(controls)];
}

describe('every field type', () => {
  beforeAll(loadLazyWidgets);

  it.each([
    ['optional', false],
    ['required', true],
  ])('compiles into one form whose every field (%s) has a control named by its label', async (_, required) => {
    const fields = FIELD_TYPES.map((dataType) => fieldOf(dataType, required));
    renderFields(fields);
    // Lazily loaded widgets show an editable stand-in until their code arrives.
    await waitFor(() => expect(document.querySelector('[data-stand-in]')).toBeNull(), { timeout: 10_000 });

    const unlabelled = fields.filter((field) => labelledControls(field.name).length === 0).map((field) => field.dataType);
    expect(unlabelled).toEqual([]);
  });
});
