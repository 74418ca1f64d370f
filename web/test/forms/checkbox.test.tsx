import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { compileFields, descriptionOf, renderForm } from '../render-form';

/** A consent to tick, and a fixed one (shown ticked, not changeable). */
const { schema: consentSchema, uiSchema: consentUi } = compileFields([
  { key: 'terms', name: 'I accept the terms of use', dataType: 'checkbox', validation: { required: true } },
  { key: 'dataSharing', name: 'My data may be shared with the providers I apply to', dataType: 'checkbox', ui: { disabled: true } },
]);

describe('checkbox widget', () => {
  it('is found by its label and stores true when ticked', async () => {
    const form = renderForm({ schema: consentSchema, uiSchema: consentUi });
    const terms = screen.getByLabelText(/I accept the terms of use/) as HTMLInputElement;
    expect(terms.checked).toBe(false);

    await form.user.click(terms);
    expect(terms.checked).toBe(true);
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ terms: true, dataSharing: true }));
  });

  it('shows a fixed consent ticked and not changeable', async () => {
    const form = renderForm({ schema: consentSchema, uiSchema: consentUi });
    const sharing = screen.getByLabelText(/My data may be shared/) as HTMLInputElement;
    expect(sharing.checked).toBe(true);
    expect(sharing.disabled).toBe(true);

    await form.user.click(sharing);
    expect(sharing.checked).toBe(true);
  });

  it('asks for a required box to be ticked', async () => {
    const form = renderForm({ schema: consentSchema, uiSchema: consentUi });
    await form.submit();
    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/I accept the terms/))).toContain('Please Select!'));
    expect(form.onSubmit).not.toHaveBeenCalled();
  });
});
