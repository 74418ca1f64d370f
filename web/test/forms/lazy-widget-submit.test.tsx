import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { compileFields, renderForm } from '../render-form';

/**
 * A form submitted while a phone number typed into the stand-in waits for the phone widget's code
 * (src/forms/submit-after-widgets.ts): the submit is held and sent with the number once the widget
 * has it. This file loads no widget beforehand, so the code is still on its way at the submit.
 */
const { schema, uiSchema } = compileFields([
  { key: 'firstName', name: 'First name', dataType: 'text' },
  { key: 'phone', name: 'Phone number', dataType: 'phone', validation: { required: true }, ui: { defaultCountry: 'us' } },
]);

describe('a submit before a lazy widget has arrived', () => {
  it('waits for the phone widget and sends the number typed into its stand-in, once, without saying the number is missing', async () => {
    const form = renderForm({ schema, uiSchema });
    const number = screen.getByLabelText(/^Phone number/, { selector: 'input[data-stand-in]' });
    // Focus, the number and the submit in one task: the widget's code cannot have arrived.
    fireEvent.focus(number);
    fireEvent.change(number, { target: { value: '4155550198' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(form.onSubmit).not.toHaveBeenCalled();

    await waitFor(() => expect(form.submitted()).toEqual({ phone: '+14155550198' }));
    expect(form.onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Please input your phone number!')).toBeNull();
    expect((screen.getByLabelText(/^Phone number/, { selector: 'input[type=tel]' }) as HTMLInputElement).value).toMatch(/415.*555.*0198/);
  });

  it('submits at once, with what the form has, when no stand-in holds a typed answer', async () => {
    const form = renderForm({ schema, uiSchema });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // The required phone is missing: the form says so, and nothing is sent.
    expect(await screen.findByText('Please input your phone number!')).toBeTruthy();
    expect(form.onSubmit).not.toHaveBeenCalled();
  });
});
