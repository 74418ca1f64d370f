import { useSyncExternalStore } from 'react';
import type { components } from '../api/schema';

/** The signed-in user as the server returns it (the generated `UserDto`). */
export type StoredUser = components['schemas']['UserDto'];

export interface StoredSession {
  user: StoredUser;
  accessToken: string;
  refreshToken: string;
  clientIp?: string;
}

/** The seeds' local storage keys (seed 000 section 3, seed 001 section 3). */
const KEYS = { user: 'userInfo', token: 'token', refreshToken: 'refresh_token', clientIp: 'clientIp', subscribed: 'isActiveSubscription' } as const;

/**
 * Every key the seeds store for a signed-in person; logout clears them all, so nothing of one
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

/** Stores a sign-in (sign-up, login, password reset or change) under the seeds' keys. */
export function saveSession(session: StoredSession): void {
  const store = storage();
  store?.setItem(KEYS.user, JSON.stringify(session.user));
  store?.setItem(KEYS.token, session.accessToken);
  store?.setItem(KEYS.refreshToken, session.refreshToken);
  if (session.clientIp) store?.setItem(KEYS.clientIp, session.clientIp);
  store?.setItem(KEYS.subscribed, String(session.user.isActiveSubscription));
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

export function saveTokens(tokens: { accessToken: string; refreshToken: string }): void {
  storage()?.setItem(KEYS.token, tokens.accessToken);
  storage()?.setItem(KEYS.refreshToken, tokens.refreshToken);
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

/** The stored membership flag: the seeds save it as the string 'true'. */
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

/** The stored membership flag, re-rendering when a sign-in or a profile save changes it. */
export function useSubscribed(): boolean {
  return useSyncExternalStore(subscribe, isSubscribed, () => false);
}
