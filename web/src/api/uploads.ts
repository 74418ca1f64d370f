import { uploadIdOfUrl } from '@scholarmatch/schemas';
import { queryOptions } from '@tanstack/react-query';
import { refreshAccessToken, endSession } from '../session/auth-middleware';
import { accessToken } from '../session/session-store';
import { ApiError, dataOf, RequestTimeoutError } from './api-error';
import { api } from './client';
import { saveDownload } from './file-names';
import { REQUEST_TIMEOUT_MS } from './request-timeout';
import type { components, operations } from '@scholarmatch/sdk/schema';

type UploadOperation = operations['uploadFile'];

/**
 * What `POST /api/v1/common/upload` answers (docs/applications.md, "Uploads"): `publicUrl`
 * (`/api/v1/common/files/{id}`) is the value a form stores; `contentType` is detected from the bytes.
 */
export type UploadedFile = components['schemas']['UploadedFileDto'];

/** Documents are PDF, DOC or DOCX; images JPG or PNG. The server checks the bytes either way. */
export type UploadPurpose = NonNullable<NonNullable<UploadOperation['parameters']['query']>['purpose']>;

/** The body of a successful upload (201). */
type UploadAnswer = UploadOperation['responses'][201]['content']['application/json'];

export interface UploadOptions {
  purpose: UploadPurpose;
  /** Aborting cancels the transfer; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Share of the bytes sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** One multipart POST. XMLHttpRequest rather than fetch: only it reports upload progress. */
function send(file: File, options: UploadOptions, token: string | null): Promise<XhrAnswer> {
  const { purpose, signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', cancel);
    xhr.open('POST', `/api/v1/common/upload?purpose=${encodeURIComponent(purpose)}`);
    xhr.responseType = 'json';
    xhr.timeout = REQUEST_TIMEOUT_MS;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: xhr.response });
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('The upload did not reach the server.'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new RequestTimeoutError());
    };
    signal?.addEventListener('abort', cancel, { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads one file as the multipart part `file`, reporting progress. Like every other call it
 * carries the access token, and a 401 is retried once with a renewed token before the session
 * ends (session/auth-middleware.ts does the same for fetch calls).
 */
export async function uploadFile(file: File, options: UploadOptions): Promise<UploadedFile> {
  const token = accessToken();
  let answer = await send(file, options, token);
  if (answer.status === 401 && token) {
    const renewed = await refreshAccessToken(token);
    if (renewed) answer = await send(file, options, renewed);
    if (answer.status === 401) endSession();
  }
  // XMLHttpRequest parses the JSON untyped: the body is the 201 answer only when the status says so.
  const data = (answer.body as Partial<UploadAnswer> | null)?.data;
  if (answer.status < 200 || answer.status >= 300 || !data?.publicUrl) throw new ApiError(answer.body, answer.status);
  return data;
}

/**
 * Downloads an uploaded file. The file route wants the bearer token, which a plain link cannot send:
 * the bytes are fetched with it and saved from a blob URL under the file's original name, which
 * the server's `Content-Disposition` gives (`filename*`, accents kept). Every type downloads,
 * PDFs too: a blob URL opened in a tab would lose the name, its address being a random id
 * (docs/decisions.md, "Attachments download under their name"). A value that is not one of our
 * files (a link pasted before uploads existed) opens as an ordinary link.
 */
export async function downloadUploadedFile(publicUrl: string, name?: string): Promise<void> {
  const id = uploadIdOfUrl(publicUrl);
  if (!id) {
    window.open(publicUrl, '_blank', 'noopener,noreferrer');
    return;
  }
  const result = await api.GET('/api/v1/common/files/{id}', { params: { path: { id } }, parseAs: 'blob' });
  saveDownload(result, name || 'document');
}

/**
 * What a stored answer's file is (its name), for showing it after a reload: the answer itself
 * holds only the address. Only the owner gets it; for anything else there is nothing to ask.
 */
export function uploadInfoQueryOptions(publicUrl: string | undefined) {
  const id = uploadIdOfUrl(publicUrl);
  return queryOptions({
    queryKey: ['register-applicants', 'uploads', id],
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/common/files/{id}/info', { params: { path: { id: id! } }, signal })),
    enabled: id !== null,
    // A file never changes once uploaded.
    staleTime: Infinity,
    retry: false,
  });
}
