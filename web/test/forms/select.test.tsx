import { beforeAll, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { descriptionOf, formSchema, renderForm, loadLazyWidgets } from '../render-form';

const GENDERS = { values: ['female', 'male', 'other'], labels: ['Female', 'Male', 'Other / prefer not to say'] };
const COUNTRIES = Array.from({ length: 20 }, (_, index) => ({ value: `c${index}`, label: `Country number ${index}` }));

function selectSchema(title: string, values: string[]) {
  return { type: 'string' as const, title, enum: values, errorMessage: { enum: 'Please choose one of the options!' } };
}

describe('select widget', () => {
  beforeAll(loadLazyWidgets);

  it('short lists use a native select whose labels come from ui:enumNames', async () => {
    const form = renderForm({
      schema: formSchema({ gender: selectSchema('Gender', GENDERS.values) }, { gender: 'Please select your gender!' }),
      uiSchema: { gender: { 'ui:widget': 'select', 'ui:enumNames': GENDERS.labels } },
    });
    const select = screen.getByLabelText(/Gender/) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');

    await form.user.selectOptions(select, 'Female');
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ gender: 'female' }));
  });

  it('shows the required message under an unanswered select', async () => {
    const form = renderForm({
      schema: formSchema({ gender: selectSchema('Gender', GENDERS.values) }, { gender: 'Please select your gender!' }),
      uiSchema: { gender: { 'ui:widget': 'select', 'ui:enumNames': GENDERS.labels } },
    });
    await form.submit();
    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/Gender/))).toBe('Please select your gender!'));
  });

  it('long lists are searchable and keep their options out of the page until opened', async () => {
    const form = renderForm({
      schema: formSchema({ country: selectSchema('Country of residence', COUNTRIES.map((c) => c.value)) }),
      uiSchema: { country: { 'ui:widget': 'select', 'ui:enumNames': COUNTRIES.map((c) => c.label) } },
    });
    expect(screen.queryByText('Country number 7')).toBeNull();

    const input = screen.getByLabelText(/Country of residence/);
    expect(input.getAttribute('role')).toBe('combobox');
    await form.user.type(input, 'number 17');
    await form.user.click(await screen.findByText('Country number 17'));
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({ country: 'c17' }));
  });

  it('radio buttons answer a yes/no question with a boolean', async () => {
    const form = renderForm({
      schema: formSchema({ firstGeneration: { type: 'boolean', title: 'First in your family at university?' } }),
      uiSchema: { firstGeneration: { 'ui:widget': 'radio' } },
    });
    expect(screen.getByRole('radiogroup', { name: /First in your family/ })).toBeTruthy();

    await form.user.click(screen.getByLabelText('No'));
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ firstGeneration: false }));
  });
});
