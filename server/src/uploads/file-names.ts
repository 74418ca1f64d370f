import { extensionsOf, type FileKind } from './content-check.js';

const MAX_NAME_LENGTH = 255;

/**
 * The client's file name, kept for display only (the file on disk is named by its id): no
 * folders; no control, invisible formatting or unpaired surrogate characters (a right-to-left
 * override makes 'cv\u202Efdp.exe' display as 'cvexe.pdf'); at most 255 characters; ending with an
 * extension of the detected type, so a download never carries a name that a desktop would open as
 * something else.
 */
export function displayName(clientName: string | undefined, kind: FileKind): string {
  const base = (clientName ?? '')
    .normalize('NFC')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const extensions = extensionsOf(kind);
  const extension = extensions.find((ext) => base.toLowerCase().endsWith(ext));
  const ending = base.slice(base.length - (extension?.length ?? 0)) || extensions[0];
  // No leading dots: a hidden file on the desktop that saves it.
  const stem = base.slice(0, base.length - (extension?.length ?? 0)).replace(/^[.\s]+/, '').trimEnd() || 'upload';
  // By code points: PostgreSQL's varchar(255) counts characters, and a cut must not split a pair.
  return `${Array.from(stem).slice(0, MAX_NAME_LENGTH - ending.length).join('')}${ending}`;
}

/**
 * `attachment` with an ASCII fallback name and the exact name in RFC 5987 form (`filename*`),
 * which every current browser prefers.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
