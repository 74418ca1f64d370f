import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { compileFields, descriptionOf, renderFields, renderForm } from '../render-form';

const { schema, uiSchema } = compileFields([
  { key: 'firstName', name: 'First name', dataType: 'text', validation: { required: true, maxLength: 20 } },
  { key: 'dob', name: 'Date of birth', dataType: 'date', validation: { required: true, messages: { required: 'Please select your date of birth!' } } },
  { key: 'email', name: 'Email', dataType: 'email' },
]);

describe('SchemaForm', () => {
  it('shows each required message under its own field, not at the top of the form', async () => {
    const form = renderForm({ schema, uiSchema });
    await form.submit();

    const dob = screen.getByLabelText(/Date of birth/);
    await waitFor(() => expect(descriptionOf(dob)).toContain('Please select your date of birth!'));
    expect(descriptionOf(screen.getByLabelText(/First name/))).toContain('Please input your first name!');
    expect(descriptionOf(screen.getByLabelText(/Email/))).toBe('');
    expect(dob.getAttribute('aria-invalid')).toBe('true');
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it("opens a group with a field's heading ('Manage your data')", () => {
    renderFields([{ key: 'resident', name: 'I am a resident of Utah', dataType: 'checkbox', ui: { heading: 'Manage your data' } }]);
    expect(screen.getByRole('heading', { name: 'Manage your data' })).toBeTruthy();
    expect(screen.getByLabelText('I am a resident of Utah')).toBeTruthy();
  });

  it('links every label to its input', () => {
    renderForm({ schema, uiSchema });
    expect(screen.getByLabelText(/First name/).id).toBe('root_firstName');
    expect(screen.getByLabelText(/Date of birth/).id).toBe('root_dob');
    expect(screen.getByLabelText(/Email/).id).toBe('root_email');
  });

  it('before the first submit, shows errors only for fields the person has left', async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await form.user.tab();

    await waitFor(() => expect(descriptionOf(screen.getByLabelText(/Email/))).toContain('Please enter a validate email!'));
    expect(screen.queryByText('Please input your first name!')).toBeNull();
  });

  it('after a submit, updates messages as the person types', async () => {
    const form = renderForm({ schema, uiSchema });
    await form.submit();
    const firstName = screen.getByLabelText(/First name/);
    await waitFor(() => expect(descriptionOf(firstName)).toContain('Please input your first name!'));

    await form.user.type(firstName, 'Ada');
    await waitFor(() => expect(descriptionOf(firstName)).toBe(''));
  });

  it('submits the answers once they are valid', async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.type(screen.getByLabelText(/First name/), 'Ada');
    await form.user.type(screen.getByLabelText(/Date of birth/), '2001-04-02');
    await form.submit();

    await waitFor(() => expect(form.onSubmit).toHaveBeenCalled());
    expect(form.submitted()).toEqual({ firstName: 'Ada', dob: '2001-04-02' });
  });
});
