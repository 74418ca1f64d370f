import rateLimit from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/app-config.js';
import { ApiError } from './error-body.js';

const ONE_MINUTE_MS = 60_000;

/**
 * Per-IP request limits on the routes marked @RateLimited() (sign-up, login, password reset),
 * counted per route in each server instance's memory (docs/security.md says why that suffices
 * and where a shared store would go). The per-account login lock-out is separate (LoginLockout).
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
}

/** Limits this route per client IP: AUTH_RATE_LIMIT_PER_MINUTE, or `perMinute` when given. */
export const RateLimited = (perMinute?: number) =>
  RouteConfig({ rateLimit: perMinute ? { max: perMinute, timeWindow: ONE_MINUTE_MS } : {} });
