/**
 * What a failed call throws: the server's error body (docs/api.md: `{ statusCode, error, message,
 * description, errors?, errorCode? }`, server/src/common/error-body.ts) as a typed error, so a caller
 * branches on `status` and `errorCode` and shows `description` to a person.
 */
import type { components } from './generated/schema.js';

export type ErrorBody = components['schemas']['ErrorBodyDto'];

export class ScholarMatchError extends Error {
  override readonly name = 'ScholarMatchError';
  /** The HTTP status (400, 401, 403, 404, 409, 422, 429, 5xx). */
  readonly status: number;
  /** Stable machine code when the server gives one (FORM_NOT_FOUND, IDEMPOTENCY_KEY_REUSED, TOKEN_EXPIRED, …). */
  readonly errorCode: string | undefined;
  /** The sentence to show a person. */
  readonly description: string;
  /** Field-level problems, by dot path. */
  readonly errors: ErrorBody['errors'];
  /** The whole body as the server sent it (text when it was not JSON). */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const error = isErrorBody(body) ? body : undefined;
    const description = error?.description ?? (typeof body === 'string' && body ? body : `The request failed with status ${status}.`);
    super(`${status}${error?.errorCode ? ` ${error.errorCode}` : ''}: ${description}`);
    this.status = status;
    this.errorCode = error?.errorCode;
    this.description = description;
    this.errors = error?.errors;
    this.body = body;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ErrorBody).description === 'string';
}
