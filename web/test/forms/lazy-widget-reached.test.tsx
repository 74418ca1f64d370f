import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { compileFields, renderForm } from '../render-form';

/**
 * The phone and searchable widgets load their code when their field is reached, not when the form
 * shows (src/forms/widgets/lazy-widgets.tsx); what is typed into the stand-in meanwhile is kept.
 * This file loads no widget beforehand: the first field reached fetches the code.
 */
const { schema, uiSchema } = compileFields([
  { key: 'phone', name: 'Phone number', dataType: 'phone', ui: { defaultCountry: 'us' } },
  { key: 'school', name: 'School', dataType: 'searchSelect', options: [{ value: 'harvard', label: 'Harvard University' }] },
]);

const standIn = (label: RegExp) => screen.getByLabelText(label, { selector: 'input[data-stand-in]' }) as HTMLInputElement;

describe('a lazy widget reached', () => {
  it('is a stand-in until its field is reached, and keeps a digit typed before its code arrives', async () => {
    const form = renderForm({ schema, uiSchema });
    // A few turns of the event loop: a widget fetched on mount would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(standIn(/^Phone number/)).toBeTruthy();
    expect(screen.queryByLabelText('Phone number country')).toBeNull();

    const number = standIn(/^Phone number/);
    fireEvent.focus(number);
    // Typed in the same task as the focus: the widget's code cannot have arrived yet.
    fireEvent.change(number, { target: { value: '4' } });
    expect(number.isConnected && number.hasAttribute('data-stand-in')).toBe(true);

    await screen.findByLabelText('Phone number country');
    const real = screen.getByLabelText(/^Phone number/, { selector: 'input[type=tel]' }) as HTMLInputElement;
    expect(real.value).toBe('4');
    await form.user.type(real, '155550198');
    expect(real.value).toBe('4155550198');
    // Only the field reached swapped: the school is still a stand-in.
    expect(standIn(/^School/)).toBeTruthy();

    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ phone: '+14155550198' }));
  });

  it('keeps a search typed at full speed into a drop-down reached while its code loads', async () => {
    const form = renderForm({ schema, uiSchema });
    // Reached by the keyboard (Tab), then typed into at once.
    standIn(/^School/).focus();
    await form.user.keyboard('Harv');
    await form.user.click(await screen.findByText('Harvard University'));
    await form.submit();
    await waitFor(() => expect(form.submitted()).toMatchObject({ school: 'harvard' }));
  });
});
