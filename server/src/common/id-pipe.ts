import { ParseUUIDPipe } from '@nestjs/common';
import { ApiError } from './error-body.js';

/** A path id that must be a UUID, refused with a description a person can act on. */
export function uuidOf(what: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new ApiError(400, `That is not a valid ${what} id (expected a UUID).`) });
}
