import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { MESSAGES } from '@scholarmatch/schemas';
import { ApiError, type ErrorBodyDto } from './error-body.js';
import { redactedUrl } from './redacted-url.js';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

/** Connection-level failures of PostgreSQL: the request may succeed later, so 503, not 500. */
const DATABASE_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/**
 * TypeORM releases a query runner as soon as its connection emits an error (PostgreSQL ended the
 * session: a restart, a failover); a transaction's next statement or its COMMIT then fails with one
 * of these instead of a connection error, and nothing was committed. Seen in
 * faults/database-outage.fault.ts as occasional 500s while PostgreSQL stopped.
 */
const RELEASED_WITH_ITS_CONNECTION = new Set(['QueryRunnerProviderAlreadyReleasedError', 'QueryRunnerAlreadyReleasedError']);

function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; name?: string } | undefined;
  if (e?.code && DATABASE_UNAVAILABLE_CODES.has(e.code)) return true;
  if (e?.name && RELEASED_WITH_ITS_CONNECTION.has(e.name)) return true;
  // ioredis (the rate-limit counters, when REDIS_URL is set): out of retries, or its stream closed.
  if (e?.name === 'MaxRetriesPerRequestError') return true;
  // pg's "Client has encountered a connection error and is not queryable": a pooled client whose
  // connection PostgreSQL ended, used by the next statement of its transaction.
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Stream isn't writeable|Connection is closed|connection error and is not queryable/i.test(e?.message ?? '');
}

/**
 * PostgreSQL refusing a value (a NUL character in text, year 0 in a date, a number out of range):
 * the request carried it, so it is the client's 400, not a 500.
 */
const DATA_REFUSED_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);
const DATA_REFUSED = 'Some of the values sent cannot be stored (for example a NUL character, an impossible date or a number out of range).';

function reason(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** Sentences for statuses whose framework message is only the reason phrase. */
const STATUS_DESCRIPTIONS: Record<number, string> = {
  413: 'The request body is too large.',
  415: 'This content type is not supported; send JSON (application/json).',
};

/** Describes a framework error (Nest or Fastify) in the project's words. */
function describeHttpError(status: number, response: unknown, fallback: string): Pick<ErrorBodyDto, 'message' | 'description'> {
  const body = (typeof response === 'object' && response ? response : { message: response }) as {
    message?: unknown;
    description?: unknown;
  };
  const message = Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? fallback);
  const description = typeof body.description === 'string' ? body.description : (STATUS_DESCRIPTIONS[status] ?? message);
  return { message: reason(status), description: status === 404 && /^Cannot /.test(description) ? 'This address does not exist.' : description };
}

/** Maps any error to the error body of docs/api.md: never a stack trace, SQL or path. */
export function toErrorBody(error: unknown): ErrorBodyDto {
  if (error instanceof ApiError) {
    return {
      statusCode: error.statusCode,
      error: reason(error.statusCode),
      message: error.options.message ?? reason(error.statusCode),
      description: error.description,
      ...(error.options.errors ? { errors: error.options.errors } : {}),
      ...(error.options.errorCode ? { errorCode: error.options.errorCode } : {}),
      ...(error.options.scholarship ? { scholarship: error.options.scholarship } : {}),
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse() as { errors?: ErrorBodyDto['errors'] };
    return {
      statusCode: status,
      error: reason(status),
      ...describeHttpError(status, response, error.message),
      ...(response?.errors ? { errors: response.errors } : {}),
    };
  }
  // Fastify's own errors (malformed JSON, wrong content type, body too large) carry a 4xx statusCode.
  const fastifyStatus = (error as { statusCode?: number })?.statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
    return {
      statusCode: fastifyStatus,
      error: reason(fastifyStatus),
      message: reason(fastifyStatus),
      description: describeFastifyError(error as { statusCode: number; code?: string; message?: string }),
    };
  }
  if (DATA_REFUSED_CODES.has((error as { code?: string })?.code ?? '')) {
    return { statusCode: 400, error: reason(400), message: reason(400), description: DATA_REFUSED, errorCode: 'VALUE_NOT_STORABLE' };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, error: reason(503), message: reason(503), description: UNAVAILABLE };
  }
  return { statusCode: 500, error: reason(500), message: reason(500), description: MESSAGES.serverError };
}

function describeFastifyError(error: { statusCode: number; code?: string; message?: string }): string {
  if (STATUS_DESCRIPTIONS[error.statusCode]) return STATUS_DESCRIPTIONS[error.statusCode];
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty; send a JSON document.';
  return error.message?.includes('JSON') ? 'The request body is not valid JSON.' : 'The request could not be read.';
}

/**
 * A failed SQL statement's error as logs may keep it: TypeORM puts the statement's parameters on
 * it, which are what a request sent (a chat's id, which alone continues the chat; profile answers).
 * The statement and the driver's error stay.
 */
function withoutStatementParameters(error: unknown): unknown {
  if (!(error instanceof Error) || !('parameters' in error)) return error;
  const { parameters: _parameters, ...rest } = error as Error & Record<string, unknown>;
  return { ...rest, name: error.name, message: error.message, stack: error.stack };
}

/**
 * What serves the web app's pages (the public site, site/public-site.ts), handed in by the app
 * factory: common/ builds on no feature module (docs/architecture.md, "Rules the build checks").
 */
export interface PageFallback {
  /** A page navigation to a path that is neither the API nor a file. */
  shouldServe(request: FastifyRequest): boolean;
  send(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The one exception filter. Also serves the web app's pages for unknown non-API GET paths, so
 * client-side routes (e.g. /auth/profile) load the SPA on refresh and public pages arrive
 * pre-rendered (docs/public-site.md).
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  constructor(private readonly site?: PageFallback) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const body = toErrorBody(error);
    if (body.statusCode === HttpStatus.NOT_FOUND && this.site?.shouldServe(request)) {
      this.site.send(request, reply);
      return;
    }
    if (body.statusCode === HttpStatus.SERVICE_UNAVAILABLE) {
      // A dependency is down (e.g. PostgreSQL restarting): every request fails alike, so one short
      // line each, without the stack and the statement's parameters (an outage under load wrote
      // thousands of multi-kilobyte entries, with profile answers in them).
      const e = error as { code?: string; message?: string };
      this.logger.warn({ event: 'service unavailable', url: redactedUrl(request.url), reason: [e?.code, e?.message].filter(Boolean).join(' ') || String(error) });
    } else if (body.statusCode >= 500) this.logger.error({ err: withoutStatementParameters(error), url: redactedUrl(request.url) }, 'request failed');
    if (!reply.sent) reply.status(body.statusCode).header('cache-control', 'no-store').send(body);
  }
}
