/**
 * A loopback S3-compatible server for tests: @20minutes/s3rver (a maintained fork of s3rver, an
 * npm devDependency, so nothing to install beside `npm install`). It keeps objects in a temporary
 * folder, checks SigV4 signatures, and listens on a free port of 127.0.0.1 only. Why this one:
 * docs/operations.md, "Uploaded files".
 *
 *   const s3 = await startLoopbackS3();
 *   const t = await startTestApp({ ...s3.config(), DATA_DIR });   // in-process app
 *   spawn('node', [main], { env: { ...process.env, ...s3.env() } }); // a server process
 *   await s3.stop();
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../src/config/app-config.js';

/** The part of s3rver's API used here (the fork ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

/** s3rver's one built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export interface LoopbackS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The bucket made at start. */
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A client of the server, to look into the bucket from a test. */
  client: S3Client;
  /** AppConfig settings that send an app's uploads to the bucket (optionally under a key prefix). */
  config(prefix?: string): Partial<AppConfig>;
  /** The same as environment variables, for a server started as a process. */
  env(prefix?: string): Record<string, string>;
  /** The object keys in the bucket (all of them, or those starting with `prefix`), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes, or null when there is none. */
  read(objectKey: string): Promise<Buffer | null>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a loopback S3 server with one empty bucket (default 'scholarmatch-test'). */
export async function startLoopbackS3(options: { bucket?: string } = {}): Promise<LoopbackS3> {
  const bucket = options.bucket ?? 'scholarmatch-test';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'scholarmatch-s3-'));
  // The bucket is made by the server itself: s3rver checks the signature of a bucket-level call
  // (CreateBucket, ListObjects) against `/bucket` while the SDK signs `/bucket/`.
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // The same quirk for listing: sign bucket-level requests as `/bucket`, which s3rver expects (the
  // adapter under test makes object-level requests only, which both sides sign alike).
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: unknown };
      if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );

  const config = (prefix?: string): Partial<AppConfig> => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
    ...(prefix ? { S3_PREFIX: prefix } : {}),
  });

  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    client,
    config,
    env: (prefix) => Object.fromEntries(Object.entries(config(prefix)).map(([name, value]) => [name, String(value)])),
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async read(objectKey) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async stop() {
      client.destroy();
      // Keep-alive connections of other clients (an app not yet closed) must not hold the stop.
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
