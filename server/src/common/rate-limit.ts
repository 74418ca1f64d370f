import rateLimit, { normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config.js';
import { ApiError } from './error-body.js';
import type { CallCount, CallCounter } from './per-caller-limit.js';

const ONE_MINUTE_MS = 60_000;

/**
 * Per-IP counters that a route takes by name instead of its own, with their limits from the
 * configuration: `login` is shared by the form login and the chat login, which are one door
 * (docs/security.md); `signupChat` is the sign-up chat's turns (docs/chat.md).
 */
const GROUP_LIMITS = {
  login: (config: AppConfig) => config.AUTH_RATE_LIMIT_PER_MINUTE,
  signupChat: (config: AppConfig) => config.CHAT_TURNS_PER_MINUTE,
} as const;
export type RateLimitGroup = keyof typeof GROUP_LIMITS;

type RouteLimitOptions = { routeInfo?: { method?: string; url?: string } };

/**
 * @fastify/rate-limit's store on PostgreSQL: the plugin makes one per route (`child`), each
 * counting under its own key prefix in the shared table.
 */
function postgresStore(counters: CallCounter) {
  return class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: (error: Error | null, count: CallCount | null) => void, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (count) => done(null, count),
        (error: Error) => done(error, null),
      );
    }

    child(options: RouteLimitOptions): PostgresRateLimitStore {
      return new PostgresRateLimitStore(options, `${this.prefix}${options.routeInfo?.method ?? ''}${options.routeInfo?.url ?? ''}:`);
    }
  };
}

/**
 * Where the counters live, so that every replica counts the same requests: Redis when REDIS_URL
 * is set, else a PostgreSQL table (docs/security.md, "Rate limits").
 */
function sharedStore(
  app: NestFastifyApplication,
  config: AppConfig,
  counters: CallCounter,
): Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace'> {
  if (!config.REDIS_URL) return { store: postgresStore(counters) as unknown as RateLimitPluginOptions['store'] };
  // One retry, then the command fails: a limiter that cannot count answers 503 (http-error.filter.ts)
  // instead of holding requests while Redis is away. Commands wait for the first connection.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  const logger = new Logger('RateLimits');
  redis.on('error', (error: Error) => logger.warn({ event: 'redis unavailable', reason: error.message }));
  app.getHttpAdapter().getInstance().addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // Our own prefix: other apps on the same Redis keep their counts apart.
  return { redis, nameSpace: 'scholarmatch:rate-limit:' };
}

/**
 * Per-IP request limits on the routes marked @RateLimited() (sign-up, login, password reset),
 * counted per route, or per group of routes, in a store every replica shares. The per-account
 * login lock-out is separate (LoginLockout). `counters` is the PostgreSQL table of counts
 * (auth/rate-limit-counters.repository.ts), used when REDIS_URL is not set.
 */
export async function registerRateLimits(app: NestFastifyApplication, config: AppConfig, counters: CallCounter): Promise<void> {
  await app.register(rateLimit, {
    ...sharedStore(app, config, counters),
    global: false,
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    timeWindow: ONE_MINUTE_MS,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, `Too many requests from your network. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`, {
        errorCode: 'RATE_LIMITED',
      }),
  });
  shareGroupCounters(app.getHttpAdapter().getInstance(), config);
}

/**
 * The plugin keeps one store per route, so a group's routes get one limiter made once (with its
 * own store) and run it before their handler.
 */
function shareGroupCounters(fastify: FastifyInstance, config: AppConfig): void {
  const limiters = new Map<RateLimitGroup, onRequestHookHandler>();
  fastify.addHook('onRoute', (route) => {
    const group = (route.config as { rateLimitGroup?: RateLimitGroup } | undefined)?.rateLimitGroup;
    if (!group) return;
    // The group's name in the key: limiters made outside a route share one key prefix in a shared
    // store. The address as the plugin keys it (IPv6 by its /64), so rotating within one is no escape.
    const keyGenerator = (request: FastifyRequest) => `${group}:${normalizeIP(request.ip)}`;
    const limiter = limiters.get(group) ?? (fastify.rateLimit({ max: GROUP_LIMITS[group](config), timeWindow: ONE_MINUTE_MS, keyGenerator }) as onRequestHookHandler);
    limiters.set(group, limiter);
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, limiter];
  });
}

/**
 * Limits this route per client IP: AUTH_RATE_LIMIT_PER_MINUTE, or `perMinute` when given; with
 * `{ group }`, the group's limit across every route of the group together.
 */
export const RateLimited = (limit?: number | { group: RateLimitGroup }) =>
  typeof limit === 'object'
    ? RouteConfig({ rateLimitGroup: limit.group })
    : RouteConfig({ rateLimit: limit ? { max: limit, timeWindow: ONE_MINUTE_MS } : {} });

