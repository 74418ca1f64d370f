import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';

export const IDEMPOTENT = 'idempotency:create';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The route's `keptAnswer`: what of its first answer is kept for replays. */
export const KEPT_ANSWER = 'idempotency:kept-answer';

/** Turns a first answer into what a replay answers (the secret it held left out). */
export type KeptAnswer = (firstAnswer: unknown) => unknown;

/**
 * A create that honours an `Idempotency-Key` header (docs/api.md, "Idempotent requests"): a retry
 * with the same key and request gets the first answer again without the work being done twice.
 * `keptAnswer`, for a create whose answer holds a secret shown once (an API key): only what it
 * returns is stored and replayed, so the secret is never written to the keys' table nor answered twice.
 */
export const Idempotent = (options: { keptAnswer?: KeptAnswer } = {}) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, true),
    ...(options.keptAnswer ? [SetMetadata(KEPT_ANSWER, options.keptAnswer)] : []),
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
