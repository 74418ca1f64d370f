import type { INestApplication } from '@nestjs/common';

/** Where the API lives: every controller's path is under it, but for the addresses below. */
export const API_PREFIX = 'api/v1';

/**
 * The addresses the original client calls outside `/api/v1` (docs/api.md, "The original addresses").
 * Each is a second path of the handler that also answers under `/api/v1`: one handler, its guards,
 * validation and rate-limit group, at two addresses. The OpenAPI document lists each as an alias.
 */
export const SEED_ADDRESS = {
  questions: 'api/questions',
  signUpChats: 'api/signup/chats',
  loginChats: 'api/login/chats',
  assistantChats: 'api/scholarships/chats',
} as const;

const SEED_PATHS = new Set(Object.values(SEED_ADDRESS).map((address) => `/${address}`));

/** Files crawlers look for at the site's root (src/site/), and the embeddable card with its loader (src/embed/). */
const AT_THE_ROOT = ['robots.txt', 'sitemap.xml', 'embed.js', 'embed/scholarships/:id'];

/** The API prefix on every route but the root files and the original addresses (used by the app and the OpenAPI generator alike). */
export function applyApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix(API_PREFIX, { exclude: [...AT_THE_ROOT, ...Object.values(SEED_ADDRESS)] });
}

/** Whether a request's URL (path and query) is one of the original addresses outside the prefix. */
export function isSeedAddress(url: string): boolean {
  return SEED_PATHS.has(url.split('?')[0]);
}
