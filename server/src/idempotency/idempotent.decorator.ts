import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';

export const IDEMPOTENT = 'idempotency:create';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * A create that honours an `Idempotency-Key` header (docs/api.md, "Idempotent requests"): a retry
 * with the same key and request gets the first answer again without the work being done twice.
 */
export const Idempotent = () =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, true),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Any unique string of 1 to 255 visible ASCII characters (a UUID, say). Retrying with the same key and request within 24 hours ' +
        'answers the first answer again (with `Idempotent-Replayed: true`) and creates nothing more; the same key with another ' +
        'request is 422; while the first is still running, 409. Keys are per signed-in caller.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    }),
  );
