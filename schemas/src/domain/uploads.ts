/** Where an upload is served, and so the value a form answer holds (`data.publicUrl`). */
const FILES_PATH = '/api/v1/common/files/';
const UPLOAD_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** An upload's address as the upload call returns it: only our own files (the schemas' pattern). */
export const UPLOAD_URL_PATTERN = `^${FILES_PATH}${UPLOAD_ID}$`;

const UPLOAD_URL = new RegExp(`^${FILES_PATH}(${UPLOAD_ID})$`, 'i');

/** Upload limits of requirement documents and images (seed 001 section 5). */
export const UPLOAD_LIMITS = { documentAccept: ['.pdf', '.doc', '.docx'], imageAccept: ['.jpg', '.jpeg', '.png'], maxSizeBytes: 2 * 1024 * 1024 } as const;

export function uploadUrlOf(id: string): string {
  return `${FILES_PATH}${id}`;
}

/** The upload id in a `/api/v1/common/files/{id}` address; null for anything else (an outside link, a path trick). */
export function uploadIdOfUrl(url: unknown): string | null {
  const match = typeof url === 'string' ? UPLOAD_URL.exec(url) : null;
  return match ? match[1].toLowerCase() : null;
}
