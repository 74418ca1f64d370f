import 'reflect-metadata';
import multipart from '@fastify/multipart';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/app-config.js';
import { DatabaseLocation } from './database/database.module.js';
import { PublicSite } from './site/public-site.js';
import { RateLimitCountersRepository } from './auth/rate-limit-counters.repository.js';
import { HttpErrorFilter, toErrorBody } from './common/http-error.filter.js';
import { addSecurityHeaders } from './common/security-headers.js';
import { ClientConnections } from './common/client-connections.js';
import { setupSwagger } from './common/swagger.js';
import { applyApiPrefix } from './common/addresses.js';
import { redactedUrl } from './common/redacted-url.js';
import { createValidationPipe } from './common/validation.pipe.js';
import { registerRateLimits } from './common/rate-limit.js';
import { registerBodyParsers } from './common/raw-body.js';
import { MULTIPART_LIMITS } from './uploads/upload-part.js';
import { Metrics } from './metrics/metrics.js';
import { registerHttpMetrics } from './metrics/http-metrics.js';
import { ContextLogger, PINO_REDACT_PATHS } from './telemetry/context-logger.js';
import { currentRequestContext, requestIdFrom } from './telemetry/request-context.js';
import { registerRequestHooks } from './telemetry/request-hooks.js';
import { Readiness } from './health/readiness.js';
import { registerReadinessGate } from './health/readiness-gate.js';

const NEST_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

function nestLogLevels(level: string): LogLevel[] {
  const order: Record<string, number> = { fatal: 1, error: 2, warn: 3, info: 4, debug: 5, trace: 6, silent: 0 };
  return NEST_LEVELS.slice(0, order[level] ?? 4);
}

/**
 * Content security policy of the web app and Swagger UI. Scripts come only from this origin and
 * nothing may be evaluated from a string: forms validate with precompiled (ajv standalone)
 * modules served by the API (forms/standalone-validators.ts), not with ajv compiling in the page.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // Off: it would upgrade http://localhost asset requests to https during local use.
  upgradeInsecureRequests: null,
};

/**
 * One structured line per request, when it completes, instead of Fastify's two. The URL is
 * written without the values of capabilities in its query (a chat's id: common/redacted-url.ts).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const userId = (request as { caller?: { id: string } }).caller?.id;
    const line = { method: request.method, url: redactedUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, ...(userId ? { userId } : {}) };
    if (error) request.log.error({ ...line, err: error }, 'request failed');
    else request.log.info(line, 'request');
  }
}

/** Where request lines go instead of standard output (a test reads what the access log keeps). */
export interface AppOptions {
  logStream?: DestinationStream;
}

/** Builds the whole HTTP application (also used by the integration tests, without listening). */
export async function createApp(config: AppConfig, location = new DatabaseLocation(config), options: AppOptions = {}): Promise<NestFastifyApplication> {
  // Deadlines on clients that stop sending, and our error body for malformed HTTP (docs/operations.md).
  const clients = new ClientConnections({
    idleMs: config.HTTP_IDLE_TIMEOUT_MS,
    headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
  });
  const adapter = new FastifyAdapter({
    ...clients.serverOptions(),
    logger: {
      level: config.LOG_LEVEL,
      // Asynchronous, batched writes (4 KiB): a write per request line cost a third of the throughput.
      // Pino flushes the batch on exit.
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
      // Secret values never reach the access log, whatever object carries them (telemetry/context-logger.ts).
      redact: { paths: PINO_REDACT_PATHS, censor: '[redacted]' },
      // A line written while a request runs carries its user once the auth guard knows them (the
      // request id is already bound to request.log).
      mixin: () => {
        const userId = currentRequestContext()?.userId;
        return userId ? { userId } : {};
      },
    },
    // The caller's X-Request-Id when it is sane, a fresh id otherwise; sent back in the same header
    // and written on every line of the request (docs/operations.md, "Traces and logs").
    requestIdHeader: false,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => requestIdFrom(request.headers['x-request-id']),
    bodyLimit: 1024 * 1024,
    // Behind a proxy the client is the first X-Forwarded-For address (rate limits, clientIp).
    trustProxy: config.TRUST_PROXY,
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
    // Errors Fastify raises before routing (e.g. a malformed percent-encoding) get our error body too.
    frameworkErrors: (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      const body = toErrorBody(error);
      reply.status(body.statusCode).send(body);
    },
    // No Nest middleware is used (Fastify hooks do that work), so middie's per-request hook is skipped.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, location), adapter, {
    logger: new ContextLogger({ json: config.NODE_ENV === 'production', logLevels: nestLogLevels(config.LOG_LEVEL) }),
    bufferLogs: false,
    // Let the caller report a failed start (main.ts prints why) instead of exiting here.
    abortOnError: false,
    // Fastify parses JSON itself; Nest's extra parsers would accept url-encoded bodies, which no
    // route takes (they get 415 instead).
    bodyParser: false,
  });
  // Under /api/v1, but for robots.txt and sitemap.xml (at the root, where crawlers look) and the
  // original chat addresses under /api (common/addresses.ts; docs/api.md, "The original addresses").
  applyApiPrefix(app);
  // On SIGTERM/SIGINT: drain HTTP, close the database, then exit with code 0. Without
  // useProcessExit Nest re-raises the signal, so the process dies by SIGTERM (an orchestrator sees
  // a failed exit, and the 'exit' event that flushes pino's asynchronous log batch never runs).
  app.enableShutdownHooks([], { useProcessExit: true });

  // First, so that every later hook (rate limits, security headers) and every answer has the request id.
  registerRequestHooks(app.getHttpAdapter().getInstance());
  addSecurityHeaders(app.getHttpAdapter().getInstance(), {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  clients.watch(app.getHttpAdapter().getInstance());
  // Request durations by route template for Prometheus (docs/operations.md, "Metrics"); none with METRICS_PORT=off.
  const metrics = app.get(Metrics);
  if (metrics.enabled) registerHttpMetrics(app.getHttpAdapter().getInstance(), metrics);
  // Before rate limits, authentication and routes (after the request id and the metrics, which count its 503s):
  // a process that is not ready, or a worker, turns requests away before any work.
  registerReadinessGate(app.getHttpAdapter().getInstance(), app.get(Readiness), config);

  registerBodyParsers(app.getHttpAdapter().getInstance());
  await registerRateLimits(app, config, app.get(RateLimitCountersRepository));
  // Multipart bodies are read only by the upload route, as a stream within these limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  const site = app.get(PublicSite);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(site.available ? site : undefined));

  if (site.available) {
    app.useStaticAssets({
      root: path.resolve(config.WEB_DIST),
      prefix: '/',
      wildcard: false,
      // `/` is a content page: the filter serves it pre-rendered (PublicSite), not the bare index.html.
      index: false,
      // The build writes .gz copies (web/scripts/precompress.mjs), sent to browsers that accept gzip.
      preCompressed: true,
      // @fastify/static passes Fastify's reply here (its types still say ServerResponse).
      setHeaders: (reply: unknown, filePath: string) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        (reply as FastifyReply).header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else if (config.WEB_DIST && !existsSync(config.WEB_DIST)) {
    app.get(ConsoleLogger).warn?.(`web app not built (${config.WEB_DIST} missing): serving the API only`);
  }
  setupSwagger(app);
  return app;
}
