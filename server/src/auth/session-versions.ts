import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DatabaseLocation } from '../database/database.module.js';
import { NotificationListener } from '../database/notification-listener.js';
import { SESSION_CHANGES_CHANNEL, type SessionState, SessionStateRepository } from './session-state.repository.js';

/** Entries kept at most; past it the oldest go (a miss only costs one read). */
const MAX_ENTRIES = 50_000;
/** How long an admin's change waits for its own NOTIFY to come back before answering. */
const ECHO_WAIT_MS = 2_000;

/**
 * Each account's current session version and lock, cached per process so the auth guard reads
 * the database only on a miss (docs/staff-security.md, "Session control"). Every replica LISTENs on
 * `session_versions_changed`: a change drops the account's entry everywhere at its commit. While
 * the listening connection is down nothing is cached (every check reads the row), and each
 * (re)connect starts from an empty cache, so a missed notification never leaves a stale entry.
 */
@Injectable()
export class SessionVersions implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly cache = new Map<string, SessionState>();
  /** Raised by every drop: a read that started before one is not cached (it may predate the change). */
  private generation = 0;
  private listening = false;
  private readonly echoes = new Map<string, Set<() => void>>();
  private readonly listener: NotificationListener;

  constructor(
    location: DatabaseLocation,
    private readonly state: SessionStateRepository,
  ) {
    this.listener = new NotificationListener(location, SESSION_CHANGES_CHANNEL, new Logger(SessionVersions.name), {
      onNotification: (userId) => this.heard(userId),
      onConnected: () => this.reset(true),
      onLost: () => this.reset(false),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
    for (const waiters of this.echoes.values()) for (const done of waiters) done();
  }

  /** The account's version and lock; undefined when the account does not exist. */
  async current(userId: string): Promise<SessionState | undefined> {
    const cached = this.cache.get(userId);
    if (cached) return cached;
    const generation = this.generation;
    const state = await this.state.stateOf(userId);
    if (state && this.listening && generation === this.generation) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(userId, state);
    }
    return state;
  }

  /**
   * Runs a change to the account's sessions (true: it sent the NOTIFY at its commit), drops this
   * process's entry, and answers once this process has heard the NOTIFY back: every replica's
   * listening connection was sent it at the same commit, so the person's next request anywhere
   * meets the new version.
   */
  async change(userId: string, work: () => Promise<boolean>): Promise<boolean> {
    const heard = this.listening ? this.echoOf(userId) : undefined;
    try {
      const changed = await work();
      if (!changed) return false;
      this.drop(userId);
      await heard?.promise;
      return true;
    } finally {
      heard?.cancel();
    }
  }

  private echoOf(userId: string): { promise: Promise<void>; cancel: () => void } {
    let done!: () => void;
    const promise = new Promise<void>((resolve) => (done = resolve));
    const timer = setTimeout(done, ECHO_WAIT_MS);
    const waiters = this.echoes.get(userId) ?? new Set();
    waiters.add(done);
    this.echoes.set(userId, waiters);
    const cancel = () => {
      clearTimeout(timer);
      waiters.delete(done);
      if (!waiters.size && this.echoes.get(userId) === waiters) this.echoes.delete(userId);
      done();
    };
    return { promise, cancel };
  }

  private drop(userId: string): void {
    this.generation++;
    this.cache.delete(userId);
  }

  private heard(userId: string): void {
    this.drop(userId);
    for (const done of this.echoes.get(userId) ?? []) done();
  }

  private reset(listening: boolean): void {
    this.generation++;
    this.cache.clear();
    this.listening = listening;
  }
}
