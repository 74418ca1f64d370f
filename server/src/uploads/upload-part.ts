import type { FastifyMultipartBaseOptions, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/error-body.js';
import { MAX_UPLOAD_BYTES, PURPOSE_RULES, type UploadPurpose } from './content-check.js';

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
 * project's errors: 413 with the seed's words when it is too large, 400 when there is no file,
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
    // The rest of the body may be unread (a part left waiting, a file past the limit): closing
    // the connection after the answer costs less than reading all of it, and keeps a kept-alive
    // connection from waiting on it.
    reply.header('connection', 'close');
    throw uploadError(error);
  }
  if (!received) throw new ApiError(400, MISSING, { errorCode: 'FILE_MISSING' });
  return received;
}

/**
 * The file's bytes, refused as soon as it passes the limit. The plugin's own toBuffer() would
 * keep reading (and dropping) the rest of the body first, however large; here the part stops and
 * the plugin unpipes the request.
 */
async function readWithinLimit(part: MultipartFile, purpose: UploadPurpose): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) break;
    chunks.push(chunk as Buffer);
  }
  if (!part.file.truncated) return Buffer.concat(chunks);
  throw new ApiError(413, PURPOSE_RULES[purpose].tooLarge, { errorCode: 'FILE_TOO_LARGE', message: `The file is larger than ${MAX_UPLOAD_BYTES} bytes.` });
}

function uploadError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(400, MALFORMED, { errorCode: 'MALFORMED_UPLOAD' });
}
