import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live (docs/operations.md, "Uploaded files"). Keys are chosen by the server
 * (never a client's file name). Local disk by default; S3FileStorage (s3-file-storage.ts) when
 * S3_BUCKET is set, chosen in UploadsModule through Nest's DI without touching the services.
 */
export abstract class FileStorage {
  /** Stores the bytes under `key`; once it resolves, `get(key)` answers them. */
  abstract put(key: string, bytes: Buffer): Promise<void>;

  /** The stored bytes, or null when nothing is stored under `key`. */
  abstract get(key: string): Promise<Readable | null>;

  /** Removes the bytes; removing a missing key is not an error. */
  abstract delete(key: string): Promise<void>;

  /** Where the bytes go, in words for the start-up banner (no secrets). */
  abstract readonly destination: string;

  /** Whether readiness checks this storage (a remote one that can be out of reach). */
  readonly remote: boolean = false;

  /**
   * Resolves when the storage can be reached, rejects with why not (docs/operations.md,
   * "Readiness"). The local disk is this machine's own: nothing to reach.
   */
  async reachable(_signal: AbortSignal): Promise<void> {}
}

/** Server keys only: a UUID. Anything else would let a key walk out of its folder or prefix. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key itself, when it is one the server makes; every adapter checks keys the same way. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid storage key.');
  return key;
}

/**
 * Files under one folder outside the web root (DATA_DIR/uploads by default), spread over 256
 * sub-folders by the key's first two characters so no folder grows huge. Readable by the server's
 * user only.
 */
export class LocalDiskFileStorage extends FileStorage {
  constructor(private readonly root: string) {
    super();
  }

  get destination(): string {
    return `local disk (${this.root})`;
  }

  /** The file's path on disk (tests and operators; services use the key). */
  pathOf(key: string): string {
    checkedKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
