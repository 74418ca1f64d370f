import { createHash, randomBytes } from 'node:crypto';

/** What every key's secret starts with: a reader (or a secret scanner) tells it from a session token at a glance. */
export const API_KEY_PREFIX = 'smk_live_';
/** 256 random bits: nothing about one key helps guess another, so the hash needs no salt nor slowness. */
const SECRET_BYTES = 32;

/** A new key's secret: the prefix, then 32 random bytes in base64url (43 characters). */
export function newSecret(): string {
  return API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * What is stored and looked up: the SHA-256 of the whole secret, in hex. A slow password hash
 * protects guessable secrets; a 256-bit random one cannot be guessed, and the guard hashes it on
 * every request (docs/api.md, "API keys").
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The last four characters, shown so that an owner tells keys apart. */
export function lastFour(secret: string): string {
  return secret.slice(-4);
}

/** Looks like a key (not a session token): the guard authenticates it as one. */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}
