import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { compileRequirementForm } from '@scholarmatch/schemas';
import { screen, waitFor } from '@testing-library/react';
import { api } from '../../src/api/client';
import { clearSession, saveSession, type StoredUser } from '../../src/session/session-store';
import { renderForm } from '../render-form';
import { FakeXhr, installFakeXhr } from './fake-xhr';

/** A file requirement as the server compiles it (the real compiler, so widget and compiler cannot drift). */
const compiled = compileRequirementForm('sch-1', [
  { id: 'r1', title: 'Transcript', optional: false, field: { key: 'transcript', name: 'Transcript', dataType: 'file' } },
]);
const schema = compiled.schema as RJSFSchema;
const uiSchema = compiled.uiSchema;
const PUBLIC_URL = '/api/v1/common/files/5f0c6f1e-7d6a-4a41-9b6e-2f1f7c1d9a10';
const uploaded = (name: string) => ({
  statusCode: 201,
  data: { id: '5f0c6f1e-7d6a-4a41-9b6e-2f1f7c1d9a10', publicUrl: PUBLIC_URL, name, size: 8, contentType: 'application/pdf' },
});

function pdf(name = 'transcript.pdf', bytes = 8): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

function picker(): HTMLInputElement {
  return screen.getByLabelText(/^Transcript/) as HTMLInputElement;
}

describe('upload widget', () => {
  installFakeXhr();
  beforeEach(() => {
    saveSession({ user: { id: 'u1', firstName: 'Maya' } as StoredUser, accessToken: 'access-token', refreshToken: 'refresh' });
  });
  afterEach(() => {
    clearSession();
    vi.restoreAllMocks();
  });

  it('is a file picker named by its label that offers the accepted types', () => {
    renderForm({ schema, uiSchema });
    expect(picker().type).toBe('file');
    expect(picker().accept).toBe('.pdf,.doc,.docx');
    expect(screen.getByText('PDF, DOC or DOCX, up to 2 MB')).toBeTruthy();
  });

  it('sends the file with the token, shows the progress, and stores the publicUrl', async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.upload(picker(), pdf());

    const request = FakeXhr.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/common/upload?purpose=document');
    expect(request.headers.authorization).toBe('Bearer access-token');
    expect((request.body?.get('file') as File).name).toBe('transcript.pdf');

    request.progress(21, 50);
    const bar = screen.getByRole('progressbar', { name: 'Uploading transcript.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();

    await request.respond(201, uploaded('transcript.pdf'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download transcript.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace' })).toBeTruthy();
    await form.submit();
    await waitFor(() => expect(form.submitted()).toEqual({ transcript: PUBLIC_URL }));
  });

  it('cancels: the request is aborted and no value is left', async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.upload(picker(), pdf());
    FakeXhr.last().progress(10, 50);
    await form.user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(FakeXhr.last().aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose file' })));
    expect(screen.queryByRole('alert')).toBeNull();
    await form.submit();
    expect(await screen.findByText('Please upload!')).toBeTruthy();
    expect(form.onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a file over 2 MB before sending it, in the seed's words", async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.upload(picker(), pdf('thesis.pdf', 2_097_153));

    expect(await screen.findByText('Pdf must be smaller than 2MB!')).toBeTruthy();
    expect(FakeXhr.requests).toHaveLength(0);
    expect(picker().getAttribute('aria-describedby')).toContain('root_transcript__upload-status');
  });

  it("shows the server's description when it refuses the file", async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.upload(picker(), pdf('notes.pdf'));
    await FakeXhr.last().respond(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Unsupported file type',
      description: 'You can only upload PDF file!',
    });

    expect(screen.getByRole('alert').textContent).toBe('You can only upload PDF file!');
    await form.submit();
    expect(await screen.findByText('Please upload!')).toBeTruthy();
  });

  it("says 'Something went wrong' when the upload never reaches the server", async () => {
    const form = renderForm({ schema, uiSchema });
    await form.user.upload(picker(), pdf());
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    FakeXhr.last().onerror?.();

    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });

  it('renews the token once on a 401 and sends the file again', async () => {
    const realFetch = globalThis.fetch;
    const refresh = vi.fn<typeof fetch>(async () =>
      new Response(JSON.stringify({ data: { accessToken: 'fresh-token', refreshToken: 'refresh-2' } }), { status: 200 }),
    );
    globalThis.fetch = refresh;
    try {
      const form = renderForm({ schema, uiSchema });
      await form.user.upload(picker(), pdf());
      await FakeXhr.last().respond(401, { statusCode: 401, description: 'Your session has ended. Please log in again.' });
      await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));

      expect(String(refresh.mock.calls[0][0])).toBe('/api/v1/users/auth/refresh');
      expect(FakeXhr.last().headers.authorization).toBe('Bearer fresh-token');
      await FakeXhr.last().respond(201, uploaded('transcript.pdf'));
      expect(screen.getByRole('button', { name: 'Download transcript.pdf' })).toBeTruthy();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('names a stored file, removes it, and opens one through the API with the token', async () => {
    const info = { id: '5f0c6f1e-7d6a-4a41-9b6e-2f1f7c1d9a10', publicUrl: PUBLIC_URL, name: 'transcript.pdf', size: 4, contentType: 'application/pdf' };
    const get = (vi.spyOn(api, 'GET') as unknown as Mock<(...args: unknown[]) => Promise<unknown>>).mockImplementation(async (path) =>
      path === '/api/v1/common/files/{id}/info'
        ? { data: { statusCode: 200, data: info }, response: new Response(null, { status: 200 }) }
        : {
            data: new Blob(['%PDF'], { type: 'application/pdf' }),
            response: new Response(null, { status: 200, headers: { 'Content-Disposition': `attachment; filename="Zo_ transcript.pdf"; filename*=UTF-8''Zo%C3%AB%20transcript.pdf` } }),
          },
    );
    const createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const form = renderForm({ schema, uiSchema, formData: { transcript: PUBLIC_URL } });

    // The answer holds only the address; its name comes from the server.
    await form.user.click(await screen.findByRole('button', { name: 'Download transcript.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(get.mock.calls.find(([path]) => path === '/api/v1/common/files/{id}')?.slice(0, 2)).toEqual([
      '/api/v1/common/files/{id}',
      { params: { path: { id: '5f0c6f1e-7d6a-4a41-9b6e-2f1f7c1d9a10' } }, parseAs: 'blob' },
    ]);
    // Saved under its original name, accents and all (a blob: tab would lose it), not opened in a tab.
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('Zoë transcript.pdf');
    expect(link.target).toBe('');

    await form.user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
    await form.submit();
    expect(await screen.findByText('Please upload!')).toBeTruthy();
  });
});
