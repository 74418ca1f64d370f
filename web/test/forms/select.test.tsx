import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { loadLazyWidgets, descriptionOf, renderFields, type TestField } from '../render-form';

const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other / prefer not to say' },
];
const COUNTRIES = Array.from({ length: 20 }, (_, index) => ({ value: `c${index}`, label: `Country number ${index}` }));
const GENDER: TestField = { key: 'gender', name: 'Gender', dataType: 'select', options: GENDERS, validation: { required: true } };

describe('select widget', () => {
  beforeAll(loadLazyWidgets);

  it('short lists use a native select whose labels come from ui:enumNames', async () => {
    const form = renderFields([GENDER]);
    const select = screen.getByLabelText(/Gender/) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');

    await form.user.selectOptions(select, 'Female');
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ gender: 'female' }));
  });

  it('shows the required message under an unanswered select', async () => {
    const form = renderFields([GENDER]);
    await form.submit();
    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/Gender/))).toBe('Please select your gender!'));
  });

  it('long lists are searchable and keep their options out of the page until opened', async () => {
    const form = renderFields([{ key: 'country', name: 'Country of residence', dataType: 'select', options: COUNTRIES }]);
    expect(screen.queryByText('Country number 7')).toBeNull();

    const input = screen.getByLabelText(/Country of residence/);
    expect(input.getAttribute('role')).toBe('combobox');
    await form.user.type(input, 'number 17');
    await form.user.click(await screen.findByText('Country number 17'));
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({ country: 'c17' }));
  });

  it('radio buttons answer a yes/no question with a boolean', async () => {
    const form = renderFields([{ key: 'firstGeneration', name: 'First in your family at university?', dataType: 'boolean' }]);
    expect(screen.getByRole('radiogroup', { name: /First in your family/ })).toBeTruthy();

    await form.user.click(screen.getByLabelText('No'));
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ firstGeneration: false }));
  });
});
