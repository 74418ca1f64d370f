import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { catchError, from, mergeMap, type Observable, of, tap, throwError } from 'rxjs';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENT, KEPT_ANSWER, type KeptAnswer } from './idempotent.decorator.js';
import { type ClaimedKey, IdempotencyKeysRepository } from './idempotency-keys.repository.js';

/** How long a key's answer is replayed. */
export const KEY_LIFETIME_HOURS = 24;
/** A claim still running after this long belongs to a request that will never finish (its server stopped). */
const ABANDONED_AFTER_MINUTES = 10;
/** How long a retry waits for the request that holds its key to finish before it is answered 409. */
const WAIT_FOR_RUNNING_MS = 2_000;
const POLL_EVERY_MS = 25;
/** 1 to 255 visible ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

interface HttpRequest {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  caller?: Caller;
}

interface HttpReply {
  statusCode: number;
  code(status: number): HttpReply;
  header(name: string, value: string): HttpReply;
}

/**
 * Idempotent creates (docs/api.md, "Idempotent requests"), for the routes marked @Idempotent():
 * a signed-in caller's request with an `Idempotency-Key` first claims the key, then runs; its
 * answer is kept and replayed to a retry with the same key and request. A failed request gives
 * the key back, so its retry does the work. Without the header, or without a caller, nothing
 * changes.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyKeysRepository,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.reflector.get<boolean>(IDEMPOTENT, context.getHandler())) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequest>();
    const header = request.headers[IDEMPOTENCY_HEADER];
    const callerId = request.caller?.id;
    if (header === undefined || !callerId) return next.handle();
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!VALID_KEY.test(key)) {
      throw new ApiError(400, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters, such as a UUID.', { errorCode: 'INVALID_IDEMPOTENCY_KEY' });
    }
    const requestHash = hashOf(request);
    return from(this.claimOrAwait(callerId, key, requestHash)).pipe(
      mergeMap((claim) => {
        const kept = this.reflector.get<KeptAnswer | undefined>(KEPT_ANSWER, context.getHandler()) ?? ((answer: unknown) => answer);
        if (claim === 'claimed') return this.run(next, http.getResponse<HttpReply>(), callerId, key, kept);
        return of(replay(claim, requestHash, http.getResponse<HttpReply>()));
      }),
    );
  }

  /**
   * Takes the key, or answers the claim that holds it once that has finished: a retry that
   * arrives while the first request runs, or while its answer is being kept, waits for it (up to
   * WAIT_FOR_RUNNING_MS) rather than being told to come back. A key given back meanwhile (the first
   * request failed) is claimed again, so this request does the work.
   */
  private async claimOrAwait(callerId: string, key: string, requestHash: string): Promise<ClaimedKey | 'claimed'> {
    const claim = () => this.keys.claim(callerId, key, requestHash, KEY_LIFETIME_HOURS, ABANDONED_AFTER_MINUTES);
    let current: ClaimedKey | 'claimed' | undefined = await claim();
    const deadline = Date.now() + WAIT_FOR_RUNNING_MS;
    while (current !== 'claimed' && current.statusCode === null && current.requestHash === requestHash && Date.now() < deadline) {
      await delay(POLL_EVERY_MS);
      current = (await this.keys.read(callerId, key)) ?? (await claim());
    }
    return current;
  }

  /**
   * Runs the request that holds the key and answers as soon as it is done; its answer (what
   * `kept` makes of it) is kept meanwhile, so the caller does not wait one more statement for a
   * replay it will most likely never ask for (a retry in between waits for it: claimOrAwait).
   * A failed request gives the key back.
   */
  private run(next: CallHandler, reply: HttpReply, callerId: string, key: string, kept: KeptAnswer): Observable<unknown> {
    return next.handle().pipe(
      tap((body) => {
        void this.keys.complete(callerId, key, reply.statusCode, kept(body)).catch((error: unknown) => {
          // The work is done and answered; only a retry's replay is lost (it is refused as running until the claim is abandoned).
          this.logger.warn(`answer for an idempotency key not kept: ${error instanceof Error ? error.message : String(error)}`);
        });
      }),
      catchError((error: unknown) => from(this.keys.release(callerId, key).catch(() => undefined)).pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}

/** The first answer again, when the key was used for this same request and it has finished. */
function replay(claim: ClaimedKey, requestHash: string, reply: HttpReply): unknown {
  if (claim.requestHash !== requestHash) {
    throw new ApiError(422, 'This Idempotency-Key was already used for a different request. Use a new key for a new request.', { errorCode: 'IDEMPOTENCY_KEY_REUSED' });
  }
  if (claim.statusCode === null) {
    throw new ApiError(409, 'A request with this Idempotency-Key is still being processed. Try again in a moment.', { errorCode: 'IDEMPOTENCY_KEY_IN_USE' });
  }
  reply.code(claim.statusCode).header('Idempotent-Replayed', 'true');
  return claim.responseBody;
}

/** What makes two requests the same: method, address and body. */
function hashOf(request: HttpRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}
