import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type LoopbackS3, startLoopbackS3 } from '../../test/loopback-s3.js';
import { AppConfig } from '../config/app-config.js';
import { LocalDiskFileStorage } from './file-storage.js';
import { normalisedPrefix, S3FileStorage, type S3Settings } from './s3-file-storage.js';
import { storageFor } from './uploads.module.js';

/** What only the S3 adapter has: its bucket layout, its errors, its choice by configuration. The contract is in file-storage.spec.ts. */
describe('S3FileStorage', () => {
  let s3: LoopbackS3;
  const made: S3FileStorage[] = [];
  const storage = (overrides: Partial<S3Settings> = {}) => {
    const adapter = new S3FileStorage({ bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true, ...overrides });
    made.push(adapter);
    return adapter;
  };

  beforeAll(async () => {
    s3 = await startLoopbackS3();
  });
  afterAll(async () => {
    for (const adapter of made) adapter.onModuleDestroy();
    await s3?.stop();
  });

  it('keeps one private object per upload at <prefix><key>, and nothing beside it', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await storage({ prefix: '/tenant-a//uploads' }).put(a, Buffer.from('a'));
    await storage().put(b, Buffer.from('b'));
    expect(await s3.keys()).toEqual([b, `tenant-a/uploads/${a}`].sort());
    expect(await s3.read(`tenant-a/uploads/${a}`)).toEqual(Buffer.from('a'));
    // Two prefixes in one bucket do not see each other's files.
    expect(await storage({ prefix: 'tenant-b' }).get(a)).toBeNull();
    expect(storage({ prefix: 'tenant-a/uploads/' }).objectKeyOf(a)).toBe(`tenant-a/uploads/${a}`);
  });

  it('is reachable for readiness when the bucket answers, and not when the bucket is missing, the keys are wrong or nothing answers', async () => {
    const signal = () => AbortSignal.timeout(5_000);
    expect(storage().remote).toBe(true);
    await expect(storage({ prefix: 'readiness' }).reachable(signal())).resolves.toBeUndefined();
    await expect(storage({ bucket: 'no-such-bucket' }).reachable(signal())).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage({ secretAccessKey: 'not-the-secret' }).reachable(signal())).rejects.toThrow();
    await expect(storage({ endpoint: 'http://127.0.0.1:9' }).reachable(signal())).rejects.toThrow();
    const local = new LocalDiskFileStorage(path.join(process.cwd(), 'unused'));
    expect(local.remote).toBe(false);
  });

  it('normalises a prefix to segments ending in one slash', () => {
    expect(normalisedPrefix(undefined)).toBe('');
    expect(normalisedPrefix('')).toBe('');
    expect(normalisedPrefix('/')).toBe('');
    expect(normalisedPrefix('uploads')).toBe('uploads/');
    expect(normalisedPrefix('/a//b/')).toBe('a/b/');
  });

  it('fails loudly, never as "no such file", when the bucket is missing or the keys are wrong', async () => {
    const key = randomUUID();
    const noBucket = storage({ bucket: 'no-such-bucket' });
    await expect(noBucket.get(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(noBucket.delete(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(noBucket.put(key, Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    const wrongKeys = storage({ secretAccessKey: 'not-the-secret' });
    await expect(wrongKeys.put(key, Buffer.from('x'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(wrongKeys.get(key)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(await s3.keys()).not.toContain(key);
  });

  it('names its bucket and endpoint for the start-up banner, never its credentials', () => {
    const adapter = storage({ prefix: 'uploads', endpoint: 'http://user:password@127.0.0.1:9000/' });
    expect(adapter.destination).toBe('S3 bucket scholarmatch-test, under uploads/ (http://127.0.0.1:9000)');
    expect(adapter.destination).not.toMatch(/S3RVER|password/);
  });

  it('is the storage when S3_BUCKET is set; local disk in DATA_DIR/uploads otherwise', () => {
    const s3Config = AppConfig.fromEnv({}, { ...s3.config('uploads/'), DATA_DIR: '/srv/data' });
    const chosen = storageFor(s3Config);
    made.push(chosen as S3FileStorage);
    expect(chosen).toBeInstanceOf(S3FileStorage);
    expect(chosen.destination).toBe(`S3 bucket ${s3.bucket}, under uploads/ (${s3.endpoint})`);
    const local = storageFor(AppConfig.fromEnv({}, { DATA_DIR: '/srv/data' }));
    expect(local).toBeInstanceOf(LocalDiskFileStorage);
    expect((local as LocalDiskFileStorage).pathOf('3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b')).toBe(path.join('/srv/data', 'uploads', '3f', '3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b'));
  });
});
