import rateLimit from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import { ApiError } from './error-body.js';

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

/**
 * Per-IP request limits on the routes marked @RateLimited() (sign-up, login, password reset),
 * counted per route, or per group of routes, in each server instance's memory (docs/security.md
 * says why that suffices and where a shared store would go). The per-account login lock-out is
 * separate (LoginLockout).
 */
export async function registerRateLimits(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  await app.register(rateLimit, {
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
    const limiter = limiters.get(group) ?? (fastify.rateLimit({ max: GROUP_LIMITS[group](config), timeWindow: ONE_MINUTE_MS }) as onRequestHookHandler);
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
