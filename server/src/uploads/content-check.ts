import { UPLOAD_KINDS, UPLOAD_LIMITS, type UploadKind, type UploadPurpose } from '@scholarmatch/schemas';
import { fileTypeFromBuffer } from 'file-type';
import { createInflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * What an upload really is, decided from its bytes only (never its name or declared type).
 * Pure: no I/O beyond the buffer it is given.
 */

export type FileKind = UploadKind;

/** A Word package with more parts than this is refused (real CVs have a few dozen). */
export const MAX_ARCHIVE_ENTRIES = 1000;
/** Nor one whose parts inflate past this in total: a 2 MB zip can otherwise hold gigabytes. */
export const MAX_INFLATED_BYTES = 20 * 1024 * 1024;

export type RefusalCode = 'WRONG_FILE_TYPE' | 'UNSAFE_ARCHIVE';
export interface Refusal {
  ok: false;
  code: RefusalCode;
  /** Why, for developers (the person sees the original message). */
  reason: string;
}
export interface Accepted {
  ok: true;
  kind: FileKind;
  contentType: string;
}
export type ContentVerdict = Accepted | Refusal;

/** How the bytes of a kind are recognised; its content type and extensions are the schemas' (UPLOAD_KINDS). */
interface KindRule {
  /** The bytes the file must start with: a signature found later (a polyglot) does not count. */
  signature: Buffer;
  /** Deeper checks for containers, whose signature alone says little. */
  verify?: (bytes: Buffer) => Promise<Refusal | undefined>;
}

const refuse = (code: RefusalCode, reason: string): Refusal => ({ ok: false, code, reason });

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const KINDS: Record<FileKind, KindRule> = {
  pdf: { signature: Buffer.from('%PDF-') },
  doc: { signature: Buffer.from('D0CF11E0A1B11AE1', 'hex'), verify: checkWordBinary },
  docx: { signature: ZIP_SIGNATURE, verify: checkWordPackage },
  jpeg: { signature: Buffer.from('FFD8FF', 'hex') },
  png: { signature: Buffer.from('89504E470D0A1A0A', 'hex') },
};

/** file-type's names for what we accept. 'zip' may still be a Word package file-type could not name. */
const DETECTED = new Map<string, FileKind>([
  ['pdf', 'pdf'],
  ['cfb', 'doc'],
  ['docx', 'docx'],
  ['zip', 'docx'],
  ['jpg', 'jpeg'],
  ['png', 'png'],
]);

export function extensionsOf(kind: FileKind): readonly string[] {
  return UPLOAD_KINDS[kind].extensions;
}

/** Accepts the file when its bytes are one of the purpose's kinds, and safe to hand to Word or a viewer. */
export async function checkContent(bytes: Buffer, purpose: UploadPurpose): Promise<ContentVerdict> {
  const allowed = UPLOAD_LIMITS[purpose].kinds;
  const kind = DETECTED.get((await detectExtension(bytes)) ?? '');
  if (!kind || !allowed.includes(kind)) return refuse('WRONG_FILE_TYPE', `The content is not ${allowed.join(', ')}.`);
  const rule = KINDS[kind];
  if (!bytes.subarray(0, rule.signature.length).equals(rule.signature)) {
    return refuse('WRONG_FILE_TYPE', `The content does not start with the ${kind} signature.`);
  }
  return (await rule.verify?.(bytes)) ?? { ok: true, kind, contentType: UPLOAD_KINDS[kind].contentType };
}

/** file-type's answer; a zip it gave up on (e.g. a bomb in its first part) still goes to our own check. */
async function detectExtension(bytes: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (detected) return detected.ext;
  return bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE) ? 'zip' : undefined;
}

const WORD_STREAM_NAME = Buffer.from('WordDocument\0', 'utf16le');
const DIRECTORY_ENTRY_BYTES = 128;

/**
 * A compound file (OLE) is also .xls, .ppt and .msi: a Word document holds a stream named
 * 'WordDocument'. Directory entries are 128-byte records in sectors that follow the header, so
 * every entry sits at a multiple of 128 past the first sector; finding the name there is enough
 * without walking the allocation table.
 */
async function checkWordBinary(bytes: Buffer): Promise<Refusal | undefined> {
  if (bytes.length < 512) return refuse('WRONG_FILE_TYPE', 'The compound file is truncated.');
  const sectorSize = 2 ** bytes.readUInt16LE(30);
  if (sectorSize !== 512 && sectorSize !== 4096) return refuse('WRONG_FILE_TYPE', 'The compound file header is invalid.');
  for (let at = sectorSize; at + DIRECTORY_ENTRY_BYTES <= bytes.length; at += DIRECTORY_ENTRY_BYTES) {
    if (isWordStreamEntry(bytes, at)) return undefined;
  }
  return refuse('WRONG_FILE_TYPE', 'The compound file holds no WordDocument stream (not a Word document).');
}

function isWordStreamEntry(bytes: Buffer, at: number): boolean {
  const nameLength = bytes.readUInt16LE(at + 64);
  const isStream = bytes[at + 66] === 2;
  return isStream && nameLength === WORD_STREAM_NAME.length && bytes.subarray(at, at + WORD_STREAM_NAME.length).equals(WORD_STREAM_NAME);
}

const REQUIRED_WORD_PARTS = ['[Content_Types].xml', 'word/document.xml'];

class ArchiveLimitExceeded extends Error {}

/**
 * A DOCX is a zip: it must hold the Word parts, and stay small once inflated. Every part is
 * really inflated (the sizes a zip declares can lie) and counting stops at the limit.
 */
async function checkWordPackage(bytes: Buffer): Promise<Refusal | undefined> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    return refuse('WRONG_FILE_TYPE', 'The zip archive cannot be read.');
  }
  if (zip.entryCount > MAX_ARCHIVE_ENTRIES) {
    zip.close();
    return refuse('UNSAFE_ARCHIVE', `The archive has more than ${MAX_ARCHIVE_ENTRIES} entries.`);
  }
  try {
    const names = await inflateEntries(zip, bytes);
    const missing = REQUIRED_WORD_PARTS.filter((part) => !names.has(part));
    return missing.length ? refuse('WRONG_FILE_TYPE', `The archive is not a Word document (no ${missing.join(', ')}).`) : undefined;
  } catch (error) {
    if (error instanceof ArchiveLimitExceeded) return refuse('UNSAFE_ARCHIVE', error.message);
    return refuse('WRONG_FILE_TYPE', 'The zip archive cannot be read.');
  } finally {
    if (zip.isOpen) zip.close();
  }
}

/** Inflates every entry within the limits; answers the entries' names. */
async function inflateEntries(zip: ZipFile, bytes: Buffer): Promise<Set<string>> {
  const names = new Set<string>();
  let inflated = 0;
  let entries = 0;
  for await (const entry of zip.eachEntry()) {
    if (++entries > MAX_ARCHIVE_ENTRIES) throw new ArchiveLimitExceeded(`The archive has more than ${MAX_ARCHIVE_ENTRIES} entries.`);
    names.add(entry.fileName);
    inflated += await inflatedSize(zip, entry, bytes, MAX_INFLATED_BYTES - inflated);
  }
  return names;
}

/** Word writes stored (0) and deflated (8) parts; any other method is not a package we accept. */
const MEASURE_BY_METHOD = new Map<number, (data: Buffer, budget: number) => Promise<number>>([
  [0, async (data) => data.length],
  [8, (data, budget) => inflatedLength(data, budget)],
]);

async function inflatedSize(zip: ZipFile, entry: Entry, bytes: Buffer, budget: number): Promise<number> {
  if (entry.isEncrypted()) throw new Error('encrypted entry');
  const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
  const data = bytes.subarray(fileDataStart, fileDataStart + entry.compressedSize);
  const measure = MEASURE_BY_METHOD.get(entry.compressionMethod);
  if (!measure) throw new Error(`compression method ${entry.compressionMethod}`);
  const size = await measure(data, budget);
  if (size > budget) throw new ArchiveLimitExceeded(`The archive inflates to more than ${MAX_INFLATED_BYTES} bytes.`);
  return size;
}

/** Inflates in chunks and stops as soon as `budget` is passed, so memory stays at one chunk. */
function inflatedLength(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    const inflate = createInflateRaw();
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflate.destroy();
        reject(new ArchiveLimitExceeded(`The archive inflates to more than ${MAX_INFLATED_BYTES} bytes.`));
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', reject);
    inflate.end(data);
  });
}
