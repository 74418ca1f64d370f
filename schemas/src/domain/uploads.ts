import { MESSAGES } from '../messages.js';

/** Where an upload is served, and so the value a form answer holds (`data.publicUrl`). */
const FILES_PATH = '/api/v1/common/files/';
const UPLOAD_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** An upload's address as the upload call returns it: only our own files (the schemas' pattern). */
export const UPLOAD_URL_PATTERN = `^${FILES_PATH}${UPLOAD_ID}$`;

const UPLOAD_URL = new RegExp(`^${FILES_PATH}(${UPLOAD_ID})$`, 'i');

/** What an upload is for: a document (CV, transcript, essay) or an image (a photo, a logo). */
export const UPLOAD_PURPOSES = ['document', 'image'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The kinds of file we accept, as the server recognises them by their bytes. */
export type UploadKind = 'pdf' | 'doc' | 'docx' | 'jpeg' | 'png';

/** Each kind's content type, and the extensions its name may carry (the first is added to a name that has none). */
export const UPLOAD_KINDS: Record<UploadKind, { contentType: string; extensions: readonly string[] }> = {
  pdf: { contentType: 'application/pdf', extensions: ['.pdf'] },
  doc: { contentType: 'application/msword', extensions: ['.doc'] },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { contentType: 'image/png', extensions: ['.png'] },
};

/** 2 MiB: the product's "2MB" (docs/decisions.md, "Uploads"). */
const TWO_MIB = 2 * 1024 * 1024;

/**
 * The upload limits, in one place for the form compiler, the browser's check before sending and
 * the server's check of the bytes: the kinds each purpose accepts, its size limit, and the words
 * shown when a file is refused.
 */
export const UPLOAD_LIMITS: Record<UploadPurpose, { kinds: readonly UploadKind[]; maxSizeBytes: number; wrongType: string; tooLarge: string }> = {
  document: { kinds: ['pdf', 'doc', 'docx'], maxSizeBytes: TWO_MIB, wrongType: MESSAGES.pdfType, tooLarge: MESSAGES.pdfSize },
  image: { kinds: ['jpeg', 'png'], maxSizeBytes: TWO_MIB, wrongType: MESSAGES.imageType, tooLarge: MESSAGES.imageSize },
};

/** The largest file any purpose accepts: where the server stops reading a request body. */
export const MAX_UPLOAD_BYTES = Math.max(...UPLOAD_PURPOSES.map((purpose) => UPLOAD_LIMITS[purpose].maxSizeBytes));

/** The extensions a purpose's picker offers ('.pdf', '.doc', '.docx'). */
export function acceptedExtensions(purpose: UploadPurpose): string[] {
  return UPLOAD_LIMITS[purpose].kinds.flatMap((kind) => UPLOAD_KINDS[kind].extensions);
}

/** The purpose whose kinds cover every one of these extensions, images first; documents otherwise. */
export function purposeOfExtensions(extensions: readonly string[]): UploadPurpose {
  const images = acceptedExtensions('image');
  return extensions.length > 0 && extensions.every((extension) => images.includes(extension.toLowerCase())) ? 'image' : 'document';
}

export function uploadUrlOf(id: string): string {
  return `${FILES_PATH}${id}`;
}

/** The upload id in a `/api/v1/common/files/{id}` address; null for anything else (an outside link, a path trick). */
export function uploadIdOfUrl(url: unknown): string | null {
  const match = typeof url === 'string' ? UPLOAD_URL.exec(url) : null;
  return match ? match[1].toLowerCase() : null;
}
