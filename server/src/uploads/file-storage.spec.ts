import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { type LoopbackS3, startLoopbackS3 } from '../../test/loopback-s3.js';
import { FileStorage, LocalDiskFileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

/** An adapter under test and how to put it away. */
interface Subject {
  storage: FileStorage;
  dispose(): Promise<void>;
}

/**
 * What the services rely on, whichever adapter serves: the same contract for every FileStorage.
 * The S3 adapter runs against a loopback S3-compatible server (test/loopback-s3.ts).
 */
describe.each([
  {
    adapter: 'LocalDiskFileStorage',
    start: async (): Promise<Subject> => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'file-storage-'));
      return { storage: new LocalDiskFileStorage(path.join(root, 'uploads')), dispose: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    adapter: 'S3FileStorage',
    start: async (): Promise<Subject> => {
      const s3: LoopbackS3 = await startLoopbackS3();
      const storage = new S3FileStorage({ bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true, prefix: 'uploads' });
      return {
        storage,
        dispose: async () => {
          storage.onModuleDestroy();
          await s3.stop();
        },
      };
    },
  },
])('FileStorage contract: $adapter', ({ start }) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await start();
    storage = subject.storage;
  });
  afterAll(() => subject?.dispose());

  it('answers the same bytes it was given, every byte value and 2 MiB alike', async () => {
    const cases = [Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(2 * 1024 * 1024), Buffer.alloc(0)];
    for (const bytes of cases) {
      const key = randomUUID();
      await storage.put(key, bytes);
      expect((await buffer((await storage.get(key))!)).equals(bytes)).toBe(true);
    }
  });

  it('keeps the last bytes put under a key, and keys apart from each other', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    await Promise.all([storage.put(first, Buffer.from('one')), storage.put(second, Buffer.from('two'))]);
    await storage.put(first, Buffer.from('one, again'));
    expect((await buffer((await storage.get(first))!)).toString()).toBe('one, again');
    expect((await buffer((await storage.get(second))!)).toString()).toBe('two');
  });

  it('answers null for a key with nothing stored', async () => {
    expect(await storage.get(randomUUID())).toBeNull();
  });

  it('deletes, and deleting again or deleting a key never stored is not an error', async () => {
    const key = randomUUID();
    await storage.put(key, Buffer.from('short-lived'));
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(randomUUID())).resolves.toBeUndefined();
  });

  it('refuses keys that are not server-made ids, before storing anything', async () => {
    const key = randomUUID();
    for (const bad of ['../../etc/passwd', 'cv.pdf', `${key}/../x`, `../${key}`, key.toUpperCase(), '']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid storage key.');
      await expect(storage.get(bad)).rejects.toThrow('Invalid storage key.');
      await expect(storage.delete(bad)).rejects.toThrow('Invalid storage key.');
    }
  });
});

describe('LocalDiskFileStorage', () => {
  let root: string;
  let storage: LocalDiskFileStorage;
  const key = '3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'file-storage-'));
    storage = new LocalDiskFileStorage(path.join(root, 'uploads'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads back and deletes bytes under a key, readable by the server user only', async () => {
    await storage.put(key, Buffer.from('hello'));
    expect(await buffer((await storage.get(key))!)).toEqual(Buffer.from('hello'));
    expect(statSync(storage.pathOf(key)).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(root, 'uploads', '3f'))).toEqual([key]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('makes its folder again when an operator removed it', async () => {
    await storage.put(key, Buffer.from('a'));
    rmSync(path.join(root, 'uploads'), { recursive: true });
    await storage.put(key, Buffer.from('c'));
    expect(await buffer((await storage.get(key))!)).toEqual(Buffer.from('c'));
  });

  it('refuses keys that are not server-made ids (no way out of the folder)', async () => {
    for (const bad of ['../../etc/passwd', 'cv.pdf', `${key}/../x`, '']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow('Invalid storage key.');
      await expect(storage.get(bad)).rejects.toThrow('Invalid storage key.');
    }
  });
});
