import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { compileFields, descriptionOf, loadLazyWidgets, renderForm } from '../render-form';

const DIGITS_ONLY = 'Please enter only digits!';
const { schema, uiSchema } = compileFields([
  { key: 'phone', name: 'Phone number', dataType: 'phone', validation: { required: true }, ui: { defaultCountry: 'us' } },
]);

/** The phone widget (its code loaded before the tests): wait for its country picker, then return the number input. */
async function numberInput(): Promise<HTMLInputElement> {
  await screen.findByLabelText('Phone number country');
  return screen.getByLabelText(/^Phone number/, { selector: 'input[type=tel]' });
}

describe('phone widget', () => {
  beforeAll(loadLazyWidgets);

  it("composes '+<calling code><number>' from the default country", async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.type(await numberInput(), '2025550143');
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({ phone: '+12025550143' }));
  });

  it("prefers the visitor's country to the field's default", async () => {
    const form = renderForm({ schema, uiSchema, formContext: { visitorCountry: 'in' } });
    expect(await screen.findByText('IN +91')).toBeTruthy();
    await form.user.type(await numberInput(), '9812345678');
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({ phone: '+919812345678' }));
  });

  it('keeps letters as typed so the schema can say digits only', async () => {
    const form = renderForm({ schema, uiSchema });
    const number = await numberInput();
    await form.user.type(number, '555abc');
    expect((number as HTMLInputElement).value).toBe('555abc');
    await form.submit();

    await waitFor(() => expect(descriptionOf(number)).toBe(DIGITS_ONLY));
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it('lets the person pick another country', async () => {
    const form = renderForm({ schema, uiSchema });
    const country = await screen.findByLabelText('Phone number country');
    await form.user.type(country, 'Kenya');
    await form.user.click(await screen.findByText(/Kenya \+254/));
    await form.user.type(await numberInput(), '712345678');
    await form.submit();

    await waitFor(() => expect(form.submitted()).toEqual({ phone: '+254712345678' }));
  });

  it('splits a stored number back into its country and number', async () => {
    renderForm({ schema, uiSchema, formData: { phone: '+447700900123' } });
    expect(((await numberInput()) as HTMLInputElement).value).toBe('7700900123');
    expect(screen.getByText('GB +44')).toBeTruthy();
  });
});
