import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DatabaseLocation } from '../../database/database.module.js';
import { NotificationListener } from '../../database/notification-listener.js';
import { API_KEY_CHANGES_CHANNEL, ApiKeysRepository, type KeyGrant } from './api-keys.repository.js';

/** Entries kept at most; past it the oldest go (a miss only costs one indexed read). */
const MAX_ENTRIES = 50_000;
/** How long a revocation waits for its own NOTIFY to come back before answering. */
const ECHO_WAIT_MS = 2_000;
/** A key's last use is written at most this often (per replica; the statement itself also skips a recent one). */
const TOUCH_EVERY_MS = 60_000;

/**
 * The keys' grants by secret hash, cached per process so that a request made with a key costs a
 * hash and a map read, as a session token costs a signature check (docs/api.md, "API keys").
 * Revocation is immediate everywhere the way session versions are (auth/session-versions.ts):
 * every replica LISTENs on `api_keys_changed`, a revocation's NOTIFY drops the entry at its
 * commit, nothing is cached while the listening connection is down, and each (re)connect starts
 * empty. Unknown hashes are not cached (anyone can make up secrets).
 */
@Injectable()
export class ApiKeyGrants implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly cache = new Map<string, KeyGrant>();
  private readonly touched = new Map<string, number>();
  /** Raised by every drop: a read that started before one is not cached (it may predate the revocation). */
  private generation = 0;
  private listening = false;
  /** Revocations waiting for their NOTIFY to come back. */
  private readonly waiters = new Set<() => void>();
  private readonly listener: NotificationListener;
  private readonly logger = new Logger(ApiKeyGrants.name);

  constructor(
    location: DatabaseLocation,
    private readonly keys: ApiKeysRepository,
  ) {
    this.listener = new NotificationListener(location, API_KEY_CHANGES_CHANNEL, this.logger, {
      onNotification: (hash) => this.heard(hash),
      onConnected: () => this.reset(true),
      onLost: () => this.reset(false),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
    for (const done of this.waiters) done();
  }

  /** The key with this secret hash, revoked or not; undefined when there is none. */
  async grantOf(hash: string): Promise<KeyGrant | undefined> {
    const cached = this.cache.get(hash);
    if (cached) return cached;
    const generation = this.generation;
    const grant = await this.keys.grantOf(hash);
    if (grant && this.listening && generation === this.generation) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(hash, grant);
    }
    return grant;
  }

  /** Notes that the key was used: written in the background, at most once a minute. */
  used(grant: KeyGrant): void {
    const now = Date.now();
    if (now - (this.touched.get(grant.id) ?? 0) < TOUCH_EVERY_MS) return;
    if (this.touched.size >= MAX_ENTRIES) this.touched.clear();
    this.touched.set(grant.id, now);
    this.keys.touch(grant.id).catch((error: Error) => this.logger.warn(`last use of an API key not written: ${error.message}`));
  }

  /**
   * Revokes the owner's key and answers once this process has heard its NOTIFY back: every
   * replica's listening connection was sent it at the same commit, so the key's next request
   * anywhere is refused. False when the owner has no such live key.
   */
  async revoke(ownerId: string, id: string): Promise<boolean> {
    // Waits for any revocation's echo: the hash is known only once revoked, and revocations are rare.
    let done = () => {};
    const heard = this.listening ? new Promise<void>((resolve) => (done = resolve)) : undefined;
    const timer = setTimeout(() => done(), ECHO_WAIT_MS);
    this.waiters.add(done);
    try {
      const hash = await this.keys.revoke(ownerId, id);
      if (!hash) return false;
      this.drop(hash);
      await heard;
      // One turn of the event loop: replicas in this process (the tests' two instances) read the same NOTIFY from their sockets.
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    } finally {
      clearTimeout(timer);
      this.waiters.delete(done);
      done();
    }
  }

  private heard(hash: string): void {
    this.drop(hash);
    for (const done of this.waiters) done();
  }

  private drop(hash: string): void {
    this.generation++;
    this.cache.delete(hash);
  }

  private reset(listening: boolean): void {
    this.generation++;
    this.cache.clear();
    this.listening = listening;
  }
}
