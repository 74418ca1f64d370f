import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { OnModuleDestroy } from '@nestjs/common';
import { Readable } from 'node:stream';
import { checkedKey, FileStorage } from './file-storage.js';

/** What S3FileStorage needs to reach one bucket (AppConfig's S3_* settings). */
export interface S3Settings {
  bucket: string;
  /** Prepended to every key, e.g. 'uploads/' (normalised to end with one '/'); '' for none. */
  prefix?: string;
  /** Another S3-compatible service (MinIO, Ceph, a loopback server); unset: AWS's own for the region. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's usual chain (AWS_* variables, shared files, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most self-hosted servers want. */
  forcePathStyle?: boolean;
}

/** 'uploads' -> 'uploads/', '/a//b/' -> 'a/b/', '' -> ''. */
export function normalisedPrefix(prefix: string | undefined): string {
  const parts = (prefix ?? '').split('/').filter(Boolean);
  return parts.length ? `${parts.join('/')}/` : '';
}

/**
 * Uploaded bytes in an S3-compatible bucket, one object per upload at `<prefix><key>`. The keys are
 * UUIDs, so they spread evenly over S3's partitions without a folder scheme. Objects are written
 * whole (a reader never sees half of one) and private: nothing is served from the bucket directly,
 * every download goes through the API's owner checks.
 */
export class S3FileStorage extends FileStorage implements OnModuleDestroy {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly endpoint: string;

  constructor(settings: S3Settings) {
    super();
    this.bucket = settings.bucket;
    this.prefix = normalisedPrefix(settings.prefix);
    // Only the origin, for the banner: never credentials written into the address.
    this.endpoint = settings.endpoint ? new URL(settings.endpoint).origin : `AWS ${settings.region}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle ?? false,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Recent SDKs add CRC checksums to every request and expect them in answers; many
      // S3-compatible servers refuse or lack them. Only where an operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A storage that does not answer should fail an upload in seconds, not hold it for minutes.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    });
  }

  get destination(): string {
    return `S3 bucket ${this.bucket}${this.prefix ? `, under ${this.prefix}` : ''} (${this.endpoint})`;
  }

  /** The object's key in the bucket (tests and operators; services use the storage key). */
  objectKeyOf(key: string): string {
    return this.prefix + checkedKey(key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKeyOf(key), Body: bytes, ContentLength: bytes.length, ContentType: 'application/octet-stream' }),
    );
  }

  async get(key: string): Promise<Readable | null> {
    const objectKey = this.objectKeyOf(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      // In Node the body is the response's IncomingMessage, a Readable.
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${objectKey} without a readable body.`);
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      // S3 answers 204 for a missing key too; some compatible servers answer 404.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKeyOf(key) }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  override readonly remote = true;

  /**
   * Asks the bucket for an object nobody stores: any answer of S3's about the object (none there,
   * or 403 AccessDenied, which is what S3 answers for a missing key to credentials without
   * s3:ListBucket) means the bucket exists and answers. A missing bucket, refused credentials, a
   * 5xx or no answer means uploads cannot work. An object-level call rather than HeadBucket, which
   * needs s3:ListBucket and which some compatible servers sign differently.
   */
  override async reachable(signal: AbortSignal): Promise<void> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}readiness-probe` }), { abortSignal: signal });
      (answer.Body as Readable | undefined)?.destroy?.();
    } catch (error) {
      if (isMissing(error) || (error instanceof S3ServiceException && error.name === 'AccessDenied')) return;
      throw error;
    }
  }

  /** Closes the client's pooled connections when the app stops. */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}

/**
 * NoSuchKey, or a 404 naming no other cause (some servers send no error body). A missing bucket is
 * a configuration error and stays one: read as "no such file" it would hide every upload.
 */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404;
}
