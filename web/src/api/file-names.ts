import { ApiError } from './api-error';

/**
 * The file name a `Content-Disposition` header gives, else `fallback`. The RFC 6266 / 5987 form
 * `filename*=UTF-8''…` carries the real name (accents and all) and wins over the plain `filename="…"`,
 * which the server keeps to printable ASCII for old clients.
 */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: the plain name below still serves.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1].trim() || fallback;
}

/** What openapi-fetch answers for a call made with `parseAs: 'blob'`. */
export interface BlobAnswer {
  data?: Blob;
  error?: unknown;
  response: Response;
}

/**
 * Saves a file fetched with the bearer token (which a plain link cannot send) from a blob URL,
 * under the name the server's `Content-Disposition` gives, else `fallback`. Answers that name;
 * a failed answer throws its ApiError.
 */
export function saveDownload(result: BlobAnswer, fallback: string): string {
  if (!result.data) throw new ApiError(result.error, result.response.status);
  const name = attachmentName(result.response.headers.get('Content-Disposition'), fallback);
  const url = URL.createObjectURL(result.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the blob first; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
