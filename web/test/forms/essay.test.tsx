import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { compileRequirementForm } from '@scholarmatch/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../src/api/client';
import { SchemaForm } from '../../src/forms/SchemaForm';
import { renderForm, renderWithChakra, whenClickable } from '../render-form';
import { runtimeValidator } from '../runtime-validator';
import { FakeXhr, installFakeXhr } from './fake-xhr';

/** A required essay of scholarship sch-1 as the server compiles it (with the word hint and the assistant's scholarship). */
const essayForm = compileRequirementForm('sch-1', [
  { id: 'r1', title: 'Essay', optional: false, field: { key: 'essay', name: 'Essay', dataType: 'editor' } },
]);
const schema = essayForm.schema as RJSFSchema;
const uiSchema = essayForm.uiSchema;

/** What openapi-fetch resolves with for a success or a failure. */
function answer(status: number, body: unknown) {
  const ok = status < 400;
  return { data: ok ? body : undefined, error: ok ? undefined : body, response: new Response(null, { status }) };
}

/** The drawer's editable area, once the lazily loaded editor is there. */
async function editorBox(): Promise<HTMLElement> {
  return screen.findByRole('textbox', { name: 'Essay' }, { timeout: 5_000 });
}

async function openDrawer(form: ReturnType<typeof renderForm>) {
  await form.user.click(screen.getByRole('button', { name: 'Write essay' }));
  const assist = await screen.findByRole('dialog', { name: 'How would you like to start?' });
  await whenClickable(within(assist).getByRole('button', { name: 'Write it myself' }));
  return assist;
}

describe('essay field', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens the drawer with the hint, counts words as they are typed, and Done stores { text }', async () => {
    const form = renderForm({ schema, uiSchema });
    expect(screen.getByText('No essay yet')).toBeTruthy();
    const assist = await openDrawer(form);
    expect(screen.getByText('Min word: 1000')).toBeTruthy();
    await form.user.click(within(assist).getByRole('button', { name: 'Write it myself' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'How would you like to start?' })).toBeNull());

    const editor = await editorBox();
    expect(screen.getByText('0 words')).toBeTruthy();
    await form.user.click(editor);
    await form.user.type(editor, 'I want to study medicine');
    await waitFor(() => expect(screen.getByText('5 words')).toBeTruthy());

    await form.user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Essay' })).toBeNull());
    expect(screen.getByText('5 words written')).toBeTruthy();
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ essay: { text: '<p>I want to study medicine</p>' } }));
  });

  it('fills the editor with the assistant\'s draft, with a spinner while it writes', async () => {
    let reply: (value: unknown) => void = () => undefined;
    const post = vi.spyOn(api, 'POST').mockReturnValue(new Promise((resolve) => (reply = resolve)) as never);
    const form = renderForm({ schema, uiSchema });
    const assist = await openDrawer(form);
    await form.user.click(within(assist).getByRole('button', { name: /Write a draft essay for me/ }));

    expect(within(assist).getByRole('status').textContent).toBe('Writing a draft essay…');
    expect(post.mock.calls[0][0]).toBe('/api/v1/register-applicants/get-essay');
    expect((post.mock.calls[0][1] as { body: unknown }).body).toEqual({ kind: 'essay', scholarshipId: 'sch-1' });

    reply(answer(201, { statusCode: 201, data: { content: '<h2>Why medicine</h2><p>Because I care.</p>', source: 'ai' } }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'How would you like to start?' })).toBeNull());
    const editor = await editorBox();
    await waitFor(() => expect(editor.innerHTML).toBe('<h2>Why medicine</h2><p>Because I care.</p>'));
    expect(screen.getByText('5 words')).toBeTruthy();
    expect(screen.queryByText(/assistant is offline/)).toBeNull();

    await form.user.click(screen.getByRole('button', { name: 'Done' }));
    await form.submit();
    await waitFor(() =>
      expect(form.submitted()).toEqual({ essay: { text: '<h2>Why medicine</h2><p>Because I care.</p>' } }),
    );
  });

  it('says when the draft was made offline from the scholarship and the profile', async () => {
    vi.spyOn(api, 'POST').mockResolvedValue(
      answer(201, { statusCode: 201, data: { content: '<p>Outline</p><ul><li><p>My school</p></li></ul>', source: 'offline' } }) as never,
    );
    const form = renderForm({ schema, uiSchema });
    const assist = await openDrawer(form);
    await form.user.click(within(assist).getByRole('button', { name: /Give me an outline/ }));

    expect(
      await screen.findByText('The writing assistant is offline: this draft was generated from the scholarship and your profile.'),
    ).toBeTruthy();
    expect((await editorBox()).textContent).toContain('My school');

    // The editor keeps an empty paragraph after a final list to type in; the essay does not.
    await form.user.click(screen.getByRole('button', { name: 'Done' }));
    await form.submit();
    await waitFor(() =>
      expect(form.submitted()).toEqual({ essay: { text: '<p>Outline</p><ul><li><p>My school</p></li></ul>' } }),
    );
  });

  it('closes the choice and only logs when the assistant fails', async () => {
    vi.spyOn(api, 'POST').mockResolvedValue(answer(503, { statusCode: 503, description: 'Server Error' }) as never);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const form = renderForm({ schema, uiSchema });
    const assist = await openDrawer(form);
    await form.user.click(within(assist).getByRole('button', { name: /Write a draft essay for me/ }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'How would you like to start?' })).toBeNull());
    expect(logged).toHaveBeenCalledWith('The essay assistant failed', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await editorBox()).textContent).toBe('');
  });

  it("leaves the essay empty when Done is pressed on an empty editor, so 'Please add essay!' shows", async () => {
    const form = renderForm({ schema, uiSchema });
    const assist = await openDrawer(form);
    await form.user.click(within(assist).getByRole('button', { name: 'Write it myself' }));
    await editorBox();
    await form.user.click(screen.getByRole('button', { name: 'Done' }));
    await form.submit();

    expect(await screen.findByText('Please add essay!')).toBeTruthy();
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it('edits a saved essay without asking first, and formats with the toolbar', async () => {
    const form = renderForm({ schema, uiSchema, formData: { essay: { text: '<p>My first draft</p>' } } });
    expect(screen.getByText('3 words written')).toBeTruthy();
    await form.user.click(screen.getByRole('button', { name: 'Edit essay' }));
    const editor = await editorBox();
    expect(screen.queryByRole('dialog', { name: 'How would you like to start?' })).toBeNull();
    for (const label of ['Bold', 'Italic', 'H2 heading', 'H3 subheading', 'Bulleted list', 'Numbered list', 'Undo', 'Redo']) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }

    await form.user.click(editor);
    await form.user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await form.user.type(editor, ' now');
    await waitFor(() => expect(screen.getByText('4 words')).toBeTruthy());
    await form.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('3 words written')).toBeTruthy();

    await form.user.click(screen.getByRole('button', { name: 'Edit essay' }));
    await form.user.click(await screen.findByRole('button', { name: 'Writing help' }));
    expect(await screen.findByText(/Its draft replaces what you have written so far/)).toBeTruthy();
  });

  describe('uploaded instead', () => {
    installFakeXhr();
    // The schema accepts only the address of one of our uploads.
    const FILE_ID = '0b6a3c52-3f0e-4d7e-9a51-7c1e2f9d8a40';

    it('stores the uploaded file as { url }', async () => {
      const form = renderForm({ schema, uiSchema });
      await form.user.upload(screen.getByLabelText('Essay file'), new File(['%PDF'], 'essay.pdf', { type: 'application/pdf' }));
      expect(FakeXhr.last().url).toBe('/api/v1/common/upload?purpose=document');
      await FakeXhr.last().respond(201, {
        statusCode: 201,
        data: { id: FILE_ID, publicUrl: `/api/v1/common/files/${FILE_ID}`, name: 'essay.pdf', size: 4, contentType: 'application/pdf' },
      });

      expect(screen.getByRole('button', { name: 'Download essay.pdf' })).toBeTruthy();
      await form.submit();
      await waitFor(() => expect(form.submitted()).toEqual({ essay: { url: `/api/v1/common/files/${FILE_ID}` } }));
    });
  });

  it("works with the server's compiled requirement form", async () => {
    const { schema: compiled, uiSchema: compiledUi } = compileRequirementForm('sch-9', [
      { id: 'r1', title: 'Personal essay', description: 'Tell us what drives you.', optional: false, field: { key: 'essay', name: 'Essay', dataType: 'editor' } },
    ]);
    const form = renderForm({ schema: compiled as RJSFSchema, uiSchema: compiledUi });
    expect(screen.getByText('Tell us what drives you.')).toBeTruthy();
    await form.submit();
    expect(await screen.findByText('Please add essay!')).toBeTruthy();

    vi.spyOn(api, 'POST').mockResolvedValue(answer(201, { statusCode: 201, data: { content: '<p>Drive</p>', source: 'ai' } }) as never);
    const assist = await openDrawer(form);
    expect(screen.getByText('Min word: 1000')).toBeTruthy();
    await form.user.click(within(assist).getByRole('button', { name: /Write a draft essay for me/ }));
    const editor = await screen.findByRole('textbox', { name: 'Personal essay' });
    await waitFor(() => expect(editor.textContent).toBe('Drive'));
    expect((vi.mocked(api.POST).mock.calls[0][1] as { body: unknown }).body).toEqual({ kind: 'essay', scholarshipId: 'sch-9' });
    await form.user.click(screen.getByRole('button', { name: 'Done' }));
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ essay: { text: '<p>Drive</p>' } }));
  });

  it('shows a submitted essay read-only, cleaned of anything that could run', () => {
    renderWithChakra(
      <SchemaForm
        schema={schema}
        validator={runtimeValidator}
        uiSchema={uiSchema}
        formData={{ essay: { text: '<p>Hello <img src="x" onerror="alert(1)">world</p><script>alert(2)</script>' } }}
        disabled
        onSubmit={() => undefined}
      />,
    );
    expect(screen.getByText('Hello world')).toBeTruthy();
    expect(document.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('button', { name: /Write essay|Edit essay|Upload essay instead/ })).toBeNull();
  });
});
