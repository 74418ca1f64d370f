import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { compileFields, descriptionOf, renderForm } from '../render-form';

const BOTH_PARTS = 'You must select both month and year!';
const { schema, uiSchema } = compileFields([
  { key: 'graduation', name: 'Graduation date', dataType: 'monthYear', validation: { fromYear: 2000, maxYearsAhead: 6 } },
]);

describe('monthYear widget', () => {
  it('labels the month select with the field title and the year select with "<title> year"', () => {
    renderForm({ schema, uiSchema });
    const month = screen.getByLabelText(/Graduation date/, { selector: 'select#root_graduation' }) as HTMLSelectElement;
    const year = screen.getByLabelText('Graduation date year') as HTMLSelectElement;
    expect(month.options[1].textContent).toBe('January');
    const years = [...year.options].map((option) => option.value).filter(Boolean);
    expect(years[0]).toBe('2000');
    expect(years.at(-1)).toBe(String(new Date().getUTCFullYear() + 6));
  });

  it('asks for both parts when only the month is chosen', async () => {
    const form = renderForm({ schema, uiSchema });
    const month = screen.getByLabelText(/Graduation date/, { selector: 'select#root_graduation' });
    await form.user.selectOptions(month, 'May');
    await form.submit();

    await waitFor(() => expect(descriptionOf(month)).toBe(BOTH_PARTS));
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it("stores 'YYYY-MM' when both are chosen", async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.selectOptions(screen.getByLabelText('Graduation date year'), '2024');
    await form.user.selectOptions(screen.getByLabelText(/Graduation date/, { selector: 'select#root_graduation' }), 'May');
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({ graduation: '2024-05' }));
  });

  it('leaves the answer empty when both parts are cleared', async () => {
    const form = renderForm({ schema, uiSchema, formData: { graduation: '2024-05' } });
    await form.user.selectOptions(screen.getByLabelText('Graduation date year'), 'Year');
    await form.user.selectOptions(screen.getByLabelText(/Graduation date/, { selector: 'select#root_graduation' }), 'Month');
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({}));
  });
});
