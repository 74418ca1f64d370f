import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/admin/shell/AdminLayout';
import { apiAnswer } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { signInAs, SUPPORT_ACCESS } from './console-fixtures';
import { DIFF, serveDesigner } from './form-designer-fixtures';

describe('staff console: the form designer', () => {
  isolateAppTests();

  it('lists the forms with their fields count and draft changes, and discards the draft after asking', async () => {
    signInAs();
    const calls = serveDesigner();
    const user = userEvent.setup();
    renderAppAt('/admin/forms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeTruthy();
    const rows = within(await screen.findByRole('list', { name: 'Forms' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Basic')).toBeTruthy();
    expect(within(rows[0]).getByText('3 draft changes')).toBeTruthy();
    // Removed in the draft: not counted; the borrowed first name is.
    await waitFor(() => expect(within(rows[0]).getByText('4 fields · profile-basic')).toBeTruthy());
    expect(within(rows[1]).getByText('2 fields · signup')).toBeTruthy();
    expect(within(rows[1]).getByText('Fixed keys')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Version history' }).getAttribute('href')).toBe('/admin/forms/versions');

    const bar = screen.getByRole('region', { name: 'Draft' });
    expect(within(bar).getByText(/Draft: 3 changes not published yet/)).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Review and publish' }).getAttribute('href')).toBe('/admin/forms/publish');
    await user.click(within(bar).getByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByText(/Every change not published yet \(3 changes, across all forms\) is dropped/)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(calls.DELETE.map(([path]) => path)).toEqual(['/api/v1/admin/forms/draft']));
  });

  it("shows a form's fields with their draft state, moves, edits, removes and reverts them, beside the preview", async () => {
    signInAs();
    const calls = serveDesigner();
    const user = userEvent.setup();
    renderAppAt('/admin/forms/profile-basic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Basic' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Section: basic' });
    const names = within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    // In the draft's order; the removed one last.
    expect(names).toEqual(['First name', 'Gender', 'Pet name', 'Country', 'Old question']);
    const row = (name: string) => within(list).getByRole('listitem', { name });
    expect(within(row('First name')).getByText('System')).toBeTruthy();
    expect(screen.getByText(/Fields marked System are ones the product relies on: they can be moved and reworded, not removed/)).toBeTruthy();
    expect(within(row('First name')).queryByRole('button', { name: 'Remove First name' })).toBeNull();
    expect(within(row('Gender')).getByText('Changed')).toBeTruthy();
    expect(within(row('Pet name')).getByText('Added')).toBeTruthy();
    expect(within(row('Old question')).getByText('Removed')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move First name up' }) as HTMLButtonElement).disabled).toBe(true);

    // The preview is the draft's compile, rendered by the live form's component.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByLabelText(/Pet name/)).toBeTruthy();
    expect(calls.GET.some(([path, init]) => path === '/api/v1/admin/forms/{formKey}/preview' && init?.params?.path?.formKey === 'profile-basic')).toBe(true);

    // Reordering by keyboard-reachable buttons sends the section's new order.
    screen.getByRole('button', { name: 'Move Gender up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.PUT.at(-1)).toEqual(['/api/v1/admin/forms/{formKey}/order', { params: { path: { formKey: 'profile-basic' } }, body: { keys: ['gender', 'firstName', 'petName', 'country'] } }]));

    await user.click(screen.getByRole('button', { name: 'Revert Gender' }));
    await waitFor(() => expect(calls.POST.at(-1)?.[0]).toBe('/api/v1/admin/form-fields/{id}/revert'));
    expect(calls.POST.at(-1)?.[1]?.params?.path).toEqual({ id: 2 });

    await user.click(screen.getByRole('button', { name: 'Remove Pet name' }));
    await waitFor(() => expect(calls.DELETE.at(-1)).toEqual(['/api/v1/admin/form-fields/{id}', { params: { path: { id: -3 } } }]));

    // Editing: the editor form shows the field's answers; Save sends the change to the draft.
    await user.click(screen.getByRole('button', { name: 'Edit Gender' }));
    const title = await within(row('Gender')).findByRole('textbox', { name: /Title/ });
    expect((title as HTMLInputElement).value).toBe('Gender');
    expect((within(row('Gender')).getByRole('textbox', { name: /Options, one a line/ }) as HTMLTextAreaElement).value).toBe('f | Female\nm | Male');
    await user.clear(title);
    await user.type(title, 'Gender identity');
    await user.click(within(row('Gender')).getByRole('checkbox', { name: /Required/ }));
    await user.click(within(row('Gender')).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(calls.PATCH.at(-1)?.[0]).toBe('/api/v1/admin/form-fields/{id}'));
    expect(calls.PATCH.at(-1)?.[1]).toMatchObject({
      params: { path: { id: 2 } },
      body: { name: 'Gender identity', validation: { required: true }, options: [{ value: 'f', label: 'Female' }, { value: 'm', label: 'Male' }], visibleWhen: null },
    });
  });

  it("shows the fields a form borrows first, in the form's fixed order", async () => {
    signInAs();
    serveDesigner();
    renderAppAt('/admin/forms/signup');
    const borrowed = await screen.findByRole('list', { name: 'Asked from other forms' });
    expect(within(borrowed).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['First name']);
    expect(within(borrowed).queryByRole('button', { name: /Move/ })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Section: signup' })).getByRole('button', { name: 'Move Nickname up' })).toBeTruthy();
    expect(screen.getByText(/Apps send this form fixed answers/)).toBeTruthy();
  });

  it('adds a field to a section, with the server refusal shown under its field', async () => {
    signInAs();
    const calls = serveDesigner({
      'POST /api/v1/admin/form-fields': () =>
        apiAnswer(409, { statusCode: 409, errorCode: 'FIELD_KEY_TAKEN', description: 'A field with this key exists.', errors: [{ path: 'key', message: 'This key is taken.' }] }),
    });
    const user = userEvent.setup();
    renderAppAt('/admin/forms/profile-basic');
    await user.click(await screen.findByRole('button', { name: 'Add field to basic' }));
    await user.type(screen.getByRole('textbox', { name: /Key/ }), 'petName');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Pet name');
    await user.type(screen.getByRole('textbox', { name: /Hint/ }), 'Any pet');
    await user.click(screen.getByRole('button', { name: 'Add to draft' }));
    await waitFor(() => expect(calls.POST.at(-1)?.[0]).toBe('/api/v1/admin/form-fields'));
    expect(calls.POST.at(-1)?.[1]?.body).toMatchObject({ key: 'petName', name: 'Pet name', dataType: 'text', section: 'basic', order: 60, ui: { help: 'Any pet' } });
    expect(await screen.findByText('This key is taken.')).toBeTruthy();
  });

  it("edits a catalogue's options in a panel with search and pages", async () => {
    signInAs();
    const calls = serveDesigner();
    const user = userEvent.setup();
    renderAppAt('/admin/forms/profile-basic');
    await user.click(await screen.findByRole('button', { name: 'Edit Country' }));
    const panel = await screen.findByRole('region', { name: 'Options of Country' });
    expect(await within(panel).findByText('1–20 of 240')).toBeTruthy();
    expect(within(panel).queryByRole('textbox', { name: /Options, one a line/ })).toBeNull();
    await user.type(within(panel).getByRole('searchbox', { name: 'Search the options' }), 'spa');
    await waitFor(() => expect(calls.GET.at(-1)?.[1]?.params).toEqual({ path: { id: 5 }, query: { q: 'spa', page: 1, limit: 20 } }));
    await user.click(within(panel).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls.GET.at(-1)?.[1]?.params?.query).toEqual({ q: 'spa', page: 2, limit: 20 }));
    await user.type(within(panel).getByRole('textbox', { name: "New option's label" }), 'Spain');
    await user.type(within(panel).getByRole('textbox', { name: /Its value/ }), 'ES');
    await user.click(within(panel).getByRole('button', { name: 'Add option' }));
    await waitFor(() => expect(calls.POST.at(-1)).toEqual(['/api/v1/admin/form-fields/{id}/options', { params: { path: { id: 5 } }, body: { value: 'ES', label: 'Spain' } }]));
    await user.click(within(panel).getByRole('button', { name: 'Remove option Country 3' }));
    await waitFor(() => expect(calls.DELETE.at(-1)).toEqual(['/api/v1/admin/form-fields/{id}/options/{value}', { params: { path: { id: 5, value: 'c3' } } }]));
  });

  it('reviews the draft by form with stored answers, and publishes it with a note', async () => {
    signInAs();
    const calls = serveDesigner();
    const user = userEvent.setup();
    const router = renderAppAt('/admin/forms/publish');
    expect(await screen.findByRole('heading', { level: 1, name: 'Review and publish' })).toBeTruthy();
    const basic = await screen.findByRole('region', { name: 'Basic' });
    const items = within(basic).getAllByRole('listitem').filter((item) => item.parentElement?.parentElement === basic || within(item).queryByText(/stored answer/));
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('AddedPet name'),
      expect.stringContaining('RemovedOld question'),
      expect.stringContaining('Now requiredGender'),
    ]);
    expect(within(basic).getByText('1,234 stored answers')).toBeTruthy();
    expect(within(basic).getByText("Title: 'Sex' → 'Gender'")).toBeTruthy();
    // A change to a field two forms show is listed under each.
    expect(within(screen.getByRole('region', { name: 'Sign up' })).getByText('17 stored answers')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /Note for the version history/ }), 'Pets and gender');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.POST.at(-1)).toEqual(['/api/v1/admin/forms/versions', { body: { note: 'Pets and gender' } }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/forms/versions'));
    expect(await screen.findByText('Published: version 4 is live.')).toBeTruthy();
  });

  it('names the scholarships that block publishing, with Publish disabled', async () => {
    signInAs();
    serveDesigner({
      '/api/v1/admin/forms/draft/diff': () =>
        apiAnswer(200, { statusCode: 200, data: { ...DIFF, blockers: [{ key: 'oldQuestion', name: 'Old question', scholarships: [{ id: 's1', title: 'Future Leaders Award' }, { id: 's2', title: 'STEM Grant' }] }] } }),
    });
    renderAppAt('/admin/forms/publish');
    expect(await screen.findByRole('heading', { name: 'Publishing is blocked' })).toBeTruthy();
    expect(screen.getByText(/is used by Future Leaders Award, STEM Grant/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists the versions with their changes, and rolls the latest back after asking", async () => {
    signInAs();
    const calls = serveDesigner();
    const user = userEvent.setup();
    renderAppAt('/admin/forms/versions');
    const rows = within(await screen.findByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Version 3')).toBeTruthy();
    expect(within(rows[0]).getByText('Live')).toBeTruthy();
    expect(rows[0].textContent).toMatch(/Ada Admin · .* · 2 changes/);
    expect(within(rows[1]).getByText('Rollback')).toBeTruthy();
    // Only the latest can be rolled back.
    expect(screen.getAllByRole('button', { name: /Roll back/ })).toHaveLength(1);

    await user.click(within(rows[1]).getByRole('button', { name: 'Show changes' }));
    await waitFor(() => expect(calls.GET.some(([path, init]) => path === '/api/v1/admin/forms/versions/{number}' && init?.params?.path?.number === 2)).toBe(true));
    expect(await within(rows[1]).findByText('1,234 stored answers')).toBeTruthy();

    await user.click(within(rows[0]).getByRole('button', { name: 'Roll back to version 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The draft must be empty/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(calls.POST.at(-1)).toEqual(['/api/v1/admin/forms/versions/{number}/rollback', { params: { path: { number: 3 } } }]));
    expect(await screen.findByText('Rolled back: version 4 is live.')).toBeTruthy();
  });

  it('is not offered to support staff, and its pages send them to their console home', async () => {
    signInAs(SUPPORT_ACCESS);
    serveDesigner();
    const router = renderAppAt('/admin/forms/profile-basic');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/support'));
    expect(screen.queryByRole('link', { name: /Forms/, hidden: true })).toBeNull();
  });
});
