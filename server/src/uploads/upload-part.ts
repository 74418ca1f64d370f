import type { FastifyMultipartBaseOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES, UPLOAD_LIMITS, type UploadPurpose } from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';

/**
 * @fastify/multipart's limits (registered in app.factory.ts): one file of at most 2 MiB and a
 * few small fields, so a request cannot make the server buffer or parse much more than the file.
 */
export const MULTIPART_LIMITS: NonNullable<FastifyMultipartBaseOptions['limits']> = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 20,
};

/**
 * After a refusal, how much more of the body is read and dropped before answering, and for how
 * long. A client that is still sending when the connection closes reports a network error, not
 * the answer (browsers' fetch and XHR always, Node's fetch at times): reading on lets a file of up
 * to ~10 MiB (2 MiB + this) get its readable 413. Past either bound the connection closes.
 */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;
export const DRAIN_TIMEOUT_MS = 30_000;

export interface ReceivedFile {
  bytes: Buffer;
  /** As the client sent it: for display only, after sanitising. */
  filename: string;
}

const FILE_FIELD = 'file';
const MISSING = 'Please choose a file: send multipart/form-data with the file in a part named "file".';
const MALFORMED = 'The upload could not be read: send multipart/form-data with one file in a part named "file".';

/**
 * Reads the one file part of a multipart request into memory (at most 2 MiB), answering the
 * project's errors: 413 with the original words when it is too large, 400 when there is no file,
 * more than one, or the body is not well-formed multipart (busboy's own errors would be a 500).
 */
export async function readFilePart(request: FastifyRequest, reply: FastifyReply, purpose: UploadPurpose): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new ApiError(400, MISSING, { errorCode: 'FILE_MISSING' });
  let received: ReceivedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD || received) throw new ApiError(400, MALFORMED, { errorCode: 'MALFORMED_UPLOAD' });
      received = { bytes: await readWithinLimit(part, purpose), filename: part.filename };
    }
  } catch (error) {
    // The rest of the body may be unread (a part left waiting, a file past the limit): read and
    // drop a bounded amount of it so that the client has sent everything and reads the answer;
    // past the bound, close the connection after the answer rather than read all of it.
    if (!(await drainBody(request.raw))) reply.header('connection', 'close');
    throw uploadError(error);
  }
  if (!received) throw new ApiError(400, MISSING, { errorCode: 'FILE_MISSING' });
  return received;
}

/**
 * The file's bytes, refused as soon as it passes the limit. The plugin's own toBuffer() would
 * keep reading (and dropping) the rest of the body first, however large; here the part stops and
 * the plugin unpipes the request (readFilePart then drops at most DRAIN_LIMIT_BYTES more).
 */
async function readWithinLimit(part: MultipartFile, purpose: UploadPurpose): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) break;
    chunks.push(chunk as Buffer);
  }
  if (!part.file.truncated) return Buffer.concat(chunks);
  throw new ApiError(413, UPLOAD_LIMITS[purpose].tooLarge, { errorCode: 'FILE_TOO_LARGE', message: `The file is larger than ${MAX_UPLOAD_BYTES} bytes.` });
}

/**
 * Reads and drops the rest of the request body: true once it has ended, false past `limit` bytes
 * or `timeoutMs` (or if the request fails), leaving the rest unread. The multipart parser is
 * detached first (a parser limit leaves it piped and it would hold the stream back).
 */
export function drainBody(raw: IncomingMessage, limit = DRAIN_LIMIT_BYTES, timeoutMs = DRAIN_TIMEOUT_MS): Promise<boolean> {
  raw.unpipe();
  if (raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let dropped = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('error', onStop).off('close', onStop);
      if (!complete) raw.pause();
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > limit) finish(false);
    };
    const onEnd = () => finish(true);
    const onStop = () => finish(false);
    const timer = setTimeout(onStop, timeoutMs);
    raw.on('data', onData).on('end', onEnd).on('error', onStop).on('close', onStop);
    raw.resume();
  });
}

function uploadError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(400, MALFORMED, { errorCode: 'MALFORMED_UPLOAD' });
}
