import { useSyncExternalStore } from 'react';
import type { components } from '@scholarmatch/sdk/schema';

/** The signed-in user as the server returns it (the generated `UserDto`). */
export type StoredUser = components['schemas']['UserDto'];

/** What a person may do, as `action_subject` strings (docs/security.md, "Roles and permissions"). */
export type Permission = components['schemas']['Permission'];

/** The original `access` of the auth state: the person's permissions and role. */
export type Access = components['schemas']['AccessDto'];

/** The original default: signed out, or signed in without an access known yet. */
export const NO_ACCESS: Access = Object.freeze({ permissions: [], role: null }) as Access;

export interface StoredSession {
  user: StoredUser;
  accessToken: string;
  refreshToken: string;
  clientIp?: string;
  /** Every sign-in answer carries it; without it (an older server), the next route asks a refresh for it (session/access.ts). */
  access?: Access;
}

/** The original local storage keys (as in the original product). */
const KEYS = {
  user: 'userInfo',
  token: 'token',
  refreshToken: 'refresh_token',
  clientIp: 'clientIp',
  subscribed: 'isActiveSubscription',
  access: 'user_access',
} as const;

/**
 * Every key the original client stores for a signed-in person; logout clears them all, so nothing of one
 * person is left for the next one on a shared computer.
 */
const ALL_SESSION_KEYS = [
  'userInfo', 'token', 'refresh_token', 'clientIp', 'shortCountry', 'register1', 'register2', 'isActiveSubscription',
  'formData', 'dates', 'linkId', 'sourceId', 'user_access', 'addressId', 'login', 'signUp', 'zipCodeId', 'countryObject',
];

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): the session lives only as long as the page
  }
}

function readUser(): StoredUser | null {
  const raw = storage()?.getItem(KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function accessToken(): string | null {
  return storage()?.getItem(KEYS.token) ?? null;
}

export function refreshToken(): string | null {
  return storage()?.getItem(KEYS.refreshToken) ?? null;
}

/** Stores a sign-in (sign-up, login, password reset or change) under the original keys. */
export function saveSession(session: StoredSession): void {
  const store = storage();
  store?.setItem(KEYS.user, JSON.stringify(session.user));
  store?.setItem(KEYS.token, session.accessToken);
  store?.setItem(KEYS.refreshToken, session.refreshToken);
  if (session.clientIp) store?.setItem(KEYS.clientIp, session.clientIp);
  store?.setItem(KEYS.subscribed, String(session.user.isActiveSubscription));
  if (session.access) store?.setItem(KEYS.access, JSON.stringify(session.access));
  else store?.removeItem(KEYS.access); // never the access of whoever was signed in before
  notify();
}

/** Replaces the stored user info (after a profile save), keeping the tokens. */
export function saveUser(user: StoredUser): void {
  storage()?.setItem(KEYS.user, JSON.stringify(user));
  storage()?.setItem(KEYS.subscribed, String(user.isActiveSubscription));
  notify();
}

/**
 * Stores the membership flag the server reported (the dashboard's check, the success page, the
 * plan page). The stored user carries the flag too and is kept in step, so that a later profile
 * save cannot bring an old value back. Signed out, there is nothing to store.
 */
export function saveSubscribed(subscribed: boolean): void {
  const user = currentUser();
  if (!user) return;
  const store = storage();
  store?.setItem(KEYS.subscribed, String(subscribed));
  if (user.isActiveSubscription !== subscribed) store?.setItem(KEYS.user, JSON.stringify({ ...user, isActiveSubscription: subscribed }));
  notify();
}

/** Stores a refresh's answer: the new tokens, and the access the person has now (a role may have changed). */
export function saveTokens(tokens: { accessToken: string; refreshToken: string; access?: Access }): void {
  storage()?.setItem(KEYS.token, tokens.accessToken);
  storage()?.setItem(KEYS.refreshToken, tokens.refreshToken);
  if (tokens.access) storage()?.setItem(KEYS.access, JSON.stringify(tokens.access));
  notify();
}

export function clearSession(): void {
  const store = storage();
  for (const key of ALL_SESSION_KEYS) store?.removeItem(key);
  notify();
}

/** The signed-in user, or null; a token without a user (or the reverse) counts as signed out. */
export function currentUser(): StoredUser | null {
  return accessToken() && refreshToken() ? readUser() : null;
}

function isAccess(value: unknown): value is Access {
  const candidate = value as Partial<Access> | null;
  return (
    typeof candidate === 'object' && candidate !== null &&
    Array.isArray(candidate.permissions) && candidate.permissions.every((permission) => typeof permission === 'string') &&
    (candidate.role === null || typeof candidate.role === 'string')
  );
}

/** The stored access as it is, or null when there is none (a session stored before the app kept it) or it is unreadable. */
function readAccess(): Access | null {
  const raw = storage()?.getItem(KEYS.access);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isAccess(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Signed in without a stored access: a session the app stored before it kept one. The next
 * refresh brings it (web/src/session/access.ts), so such a person is not signed out by a deploy.
 */
export function lacksAccess(): boolean {
  return currentUser() !== null && readAccess() === null;
}

/** What the signed-in person may do; signed out (or not known yet), nothing: the original default. */
export function currentAccess(): Access {
  return (currentUser() && readAccess()) || NO_ACCESS;
}

/** Whether the person may do `permission` (the original `action_subject` strings, checked on the client; the server checks again). */
export function can(permission: Permission, access: Access = currentAccess()): boolean {
  return access.permissions.includes(permission);
}

/** The stored membership flag: the original client saves it as the string 'true'. */
export function isSubscribed(): boolean {
  return storage()?.getItem(KEYS.subscribed) === 'true';
}

let cachedUserJson: string | null | undefined;
let cachedUser: StoredUser | null = null;
/** A stable snapshot for React: the same object until the stored user changes. */
function userSnapshot(): StoredUser | null {
  const json = currentUser() ? (storage()?.getItem(KEYS.user) ?? null) : null;
  if (json !== cachedUserJson) {
    cachedUserJson = json;
    cachedUser = currentUser();
  }
  return cachedUser;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  globalThis.addEventListener?.('storage', listener);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', listener);
  };
}

/** The signed-in user, re-rendering when the session changes (here or in another tab). */
export function useCurrentUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, userSnapshot, () => null);
}

let cachedAccessJson: string | null | undefined;
let cachedAccess: Access = NO_ACCESS;
/** A stable snapshot for React: the same object until the stored access (or the sign-in) changes. */
function accessSnapshot(): Access {
  const json = currentUser() ? (storage()?.getItem(KEYS.access) ?? null) : null;
  if (json !== cachedAccessJson) {
    cachedAccessJson = json;
    cachedAccess = currentAccess();
  }
  return cachedAccess;
}

/** The signed-in person's access, re-rendering when a sign-in, a refresh or a sign-out changes it. */
export function useAccess(): Access {
  return useSyncExternalStore(subscribe, accessSnapshot, () => NO_ACCESS);
}

/** Whether the signed-in person may do `permission`, re-rendering when that changes. */
export function useCan(permission: Permission): boolean {
  return can(permission, useAccess());
}

/** The stored membership flag, re-rendering when a sign-in or a profile save changes it. */
export function useSubscribed(): boolean {
  return useSyncExternalStore(subscribe, isSubscribed, () => false);
}
