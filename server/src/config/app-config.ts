import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from both `server/src` (tests) and `server/dist/server/src` (built). */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The nearest folder upwards whose package.json declares the npm workspaces. */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
  }
  return process.cwd();
}

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) => (typeof value === 'string' ? value === 'true' || value === '1' : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** S3's rule for bucket names: 3-63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix of S3's safe characters, with no '.' or '..' segment (a file-backed server would walk up). */
const KEY_PREFIX = /^(?!(?:.*\/)?\.{1,2}(?:\/|$))[A-Za-z0-9!_.*'()\/-]{1,200}$/;
/** The S3 settings that mean nothing without S3_BUCKET: set alone, they are a mistake to report. */
const S3_DETAILS = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;

/**
 * Every setting of the server, read from the environment and validated at start. README's
 * configuration table lists the same names; a wrong value stops the start with a clear message.
 */
export class AppConfig {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** Any PostgreSQL; unset means an embedded PostgreSQL in DATA_DIR. */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  DATABASE_URL?: string;

  /** Where local state lives: the embedded database, uploads, generated secrets. */
  @IsString()
  DATA_DIR = path.join(REPO_ROOT, '.data');

  @Transform(toInt) @IsInt() @Min(1024) @Max(65535)
  EMBEDDED_PG_PORT = 54329;

  /** The built web app served at /; empty disables it (API only). */
  @IsString()
  WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  /**
   * What this process does (docs/operations.md, "Process roles"): `web` serves the API and only
   * queues jobs; `worker` runs the job workers, schedules and sweeps and serves only the health
   * routes; `all` (the default) does both, so a single `npm start` needs nothing else.
   */
  @IsIn(['web', 'worker', 'all'])
  PROCESS_ROLE: 'web' | 'worker' | 'all' = 'all';

  /** Connections each server instance keeps to PostgreSQL. */
  @Transform(toInt) @IsInt() @Min(1) @Max(200)
  DB_POOL_SIZE = 10;

  /** Signs access tokens (HS256). Unset: generated once and kept in DATA_DIR/jwt-secret. */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(32)
  JWT_SECRET?: string;

  /** Lifetime of an access token; at most 15 minutes (docs/security.md). */
  @Transform(toInt) @IsInt() @Min(30) @Max(900)
  ACCESS_TOKEN_TTL_SECONDS = 900;

  /** Lifetime of a refresh token (rotated on every use). */
  @Transform(toInt) @IsInt() @Min(1) @Max(365)
  REFRESH_TOKEN_TTL_DAYS = 30;

  /** smtp(s)://user:pass@host:port; unset: e-mails go to the stored outbox (admin route). */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'ScholarMatch <no-reply@scholarmatch.local>';

  /** Where support requests and contact messages are e-mailed, and the sender of the answers (docs/support.md). */
  @IsEmail({ require_tld: false })
  SUPPORT_EMAIL = 'support@scholarmatch.local';

  /** Requests per IP per minute on each of sign-up, login, forgot-password and reset-password. */
  @Transform(toInt) @IsInt() @Min(1) @Max(100000)
  AUTH_RATE_LIMIT_PER_MINUTE = 20;

  /** Turns per IP per minute of the sign-up chat (a sign-up is about nine turns; docs/chat.md). */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000000)
  CHAT_TURNS_PER_MINUTE = 60;

  /** Requests per minute of each API key, whatever the address (docs/api.md, "API keys"). */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000000)
  API_KEY_RATE_LIMIT_PER_MINUTE = 600;

  /**
   * Answer sets per IP per minute the public eligibility stats count that are not cached yet (each
   * a scan of the rules; a visitor of the sign-up page gives a handful; docs/security.md).
   */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000000)
  TEASER_COUNTS_PER_MINUTE = 60;

  /** Failed logins for one account from one IP before that pair is locked out. */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000)
  LOGIN_MAX_FAILURES = 10;

  @Transform(toInt) @IsInt() @Min(1) @Max(1440)
  LOGIN_LOCK_MINUTES = 15;

  /**
   * Admins must turn on the second factor (TOTP) before the console opens to them (docs/staff-security.md,
   * "Second factor"). Unset: required when NODE_ENV=production only, so local and test admins sign
   * in with a password alone.
   */
  @Transform(toBool) @IsOptional() @IsBoolean()
  STAFF_MFA_REQUIRED?: boolean;

  get staffMfaRequired(): boolean {
    return this.STAFF_MFA_REQUIRED ?? this.NODE_ENV === 'production';
  }

  /**
   * How long the server waits for the next byte of a request it is receiving (headers or body),
   * or for a new connection's first byte, before it answers 408 and closes (docs/operations.md,
   * "Slow and stalled clients"). A limit on silence, not on the total: a slow upload that keeps
   * sending is never cut by it.
   */
  @Transform(toInt) @IsInt() @Min(100) @Max(600_000)
  HTTP_IDLE_TIMEOUT_MS = 30_000;

  /** The most a request's headers may take in all, however they trickle (they normally come in one packet). */
  @Transform(toInt) @IsInt() @Min(100) @Max(600_000)
  HTTP_HEADERS_TIMEOUT_MS = 15_000;

  /**
   * The most a whole request, headers and body, may take to arrive (not to be answered). Long
   * enough for the largest body, a 2 MiB upload, at 28 kbit/s; it bounds a body sent a byte at a time.
   */
  @Transform(toInt) @IsInt() @Min(1000) @Max(3_600_000)
  HTTP_REQUEST_TIMEOUT_MS = 600_000;

  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (rate limits, clientIp). */
  @Transform(toBool) @IsBoolean()
  TRUST_PROXY = false;

  /** Any OpenAI-compatible API (…/v1); unset: essays come from the offline generator. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  LLM_BASE_URL?: string;

  /** Sent as `Authorization: Bearer …` to LLM_BASE_URL when set. */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  LLM_API_KEY?: string;

  @IsString() @MinLength(1)
  LLM_MODEL = 'gpt-4o-mini';

  /** How long one essay request may wait for the model before the caller gets 502. */
  @Transform(toInt) @IsInt() @Min(100) @Max(600_000)
  LLM_TIMEOUT_MS = 60_000;

  /**
   * Uploads one person may keep at once, by count and by total size. Uploads that no application
   * or profile refers to are removed a day after they were made (UploadsJanitor), which frees them.
   */
  @Transform(toInt) @IsInt() @Min(1) @Max(100_000)
  UPLOAD_QUOTA_FILES = 100;

  @Transform(toInt) @IsInt() @Min(1) @Max(100_000)
  UPLOAD_QUOTA_MB = 100;

  /** How long a signed file link in an applicants export opens the file (docs/review.md, "Export"). */
  @Transform(toInt) @IsInt() @Min(1) @Max(720)
  FILE_LINK_LIFETIME_HOURS = 72;

  /**
   * Where people reach this app: every absolute address the server writes (checkout returns, the
   * Google callback, e-mail links, sitemap, canonical links) starts with it, never with a request's
   * Host header (docs/security.md, "Absolute addresses"). Required in production; unset elsewhere,
   * the address the server listens on.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_URL?: string;

  /**
   * Redis for the per-IP rate-limit counters (docs/security.md, "Rate limits"). Unset: they are kept
   * in PostgreSQL; either way every replica counts the same requests.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['redis', 'rediss'] })
  REDIS_URL?: string;

  /** Google sign-in (docs/chat.md, "Social sign-in"): offered only when both are set. */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  GOOGLE_CLIENT_ID?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  /** The OpenID Connect issuer behind Google sign-in (another one in tests: a loopback provider). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  GOOGLE_ISSUER = 'https://accounts.google.com';

  /** 'sandbox': the built-in checkout with test cards; 'stripe': Stripe with the keys below (docs/payments.md). */
  @IsIn(['sandbox', 'stripe'])
  PAYMENTS_PROVIDER = 'sandbox';

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  STRIPE_SECRET_KEY?: string;

  /** The signing secret of the Stripe webhook endpoint (whsec_…). */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  STRIPE_WEBHOOK_SECRET?: string;

  /** Another address for Stripe's API (a test double on loopback); unset: Stripe's own. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  STRIPE_API_URL?: string;

  /** Conversion events (sign-up leads, trial sales) are also POSTed here as JSON when set; always stored. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  CONVERSION_TRACKER_URL?: string;

  /**
   * Uploaded files go to this S3-compatible bucket when set (it must exist); unset, to local disk
   * in DATA_DIR/uploads (docs/operations.md, "Uploaded files").
   */
  @Transform(emptyToUndefined) @IsOptional() @Matches(BUCKET_NAME, { message: 'S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, dots or hyphens' })
  S3_BUCKET?: string;

  /** Another S3-compatible service (MinIO, Ceph, …); unset: AWS's endpoint for S3_REGION. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  S3_ENDPOINT?: string;

  @IsString() @MinLength(1)
  S3_REGION = 'us-east-1';

  /** Both or neither; neither: the AWS SDK's own chain (AWS_* variables, shared files, an instance or task role). */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  S3_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** Addresses objects as ENDPOINT/bucket/key rather than bucket.ENDPOINT/key (MinIO and most self-hosted servers). */
  @Transform(toBool) @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  /** Put in front of every object key (e.g. `scholarmatch/uploads/`), to share a bucket. */
  @Transform(emptyToUndefined) @IsOptional() @Matches(KEY_PREFIX, { message: "S3_PREFIX must be up to 200 of A-Z a-z 0-9 ! _ . * ' ( ) / -, without '.' or '..' segments" })
  S3_PREFIX?: string;

  /**
   * How long a provider's status move waits before its message (inbox and e-mail) leaves, during
   * which the provider can undo it (docs/review.md, "Status"). 0: the message leaves with the
   * move and there is nothing to undo.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(3600)
  STATUS_MESSAGE_DELAY_SECONDS = 10;

  /**
   * Outbound webhooks may go to loopback addresses, over http too (docs/webhooks.md, "Where
   * endpoints may point"): for local development and the tests (the end-to-end and benchmark
   * harnesses run a production build with it). Never in a deployment: the start-up log warns.
   */
  @Transform(toBool) @IsBoolean()
  WEBHOOKS_ALLOW_LOOPBACK = false;

  /** How long one webhook delivery may take, connection to the end of the answer (docs/webhooks.md). */
  @Transform(toInt) @IsInt() @Min(100) @Max(30000)
  WEBHOOK_TIMEOUT_MS = 5000;

  /** The first retry's delay; each later one doubles, up to 6 hours (docs/webhooks.md, "Delivery and retries"). Short for the benchmark. */
  @Transform(toInt) @IsInt() @Min(1) @Max(3_600_000)
  WEBHOOK_RETRY_BASE_MS = 30_000;

  /** The longest wait between two retries: 6 hours (docs/webhooks.md, "Delivery and retries"). Short for the benchmark. */
  @Transform(toInt) @IsInt() @Min(1) @Max(86_400_000)
  WEBHOOK_RETRY_MAX_MS = 6 * 3_600_000;

  /** How long a delivery is retried before it fails for good: 3 days (docs/webhooks.md, "Delivery and retries"). */
  @Transform(toInt) @IsInt() @Min(1) @Max(30 * 86_400)
  WEBHOOK_RETRY_WINDOW_SECONDS = 3 * 86_400;

  /**
   * The Prometheus endpoint's port (docs/operations.md, "Metrics"): its own HTTP server, apart from
   * the API's, serving /metrics. `0` takes a free port (the start-up banner says which); `off`
   * turns metrics off altogether (no listener, no per-request timing).
   */
  @Matches(/^(off|\d{1,5})$/, { message: 'METRICS_PORT must be a port number (0 for any free port) or off' })
  METRICS_PORT = '9464';

  /** The metrics server's address: loopback by default, so only the host (or a sidecar) scrapes it. */
  @IsString() @MinLength(1)
  METRICS_HOST = '127.0.0.1';

  /** The metrics port as a number, or null when metrics are off. */
  get metricsPort(): number | null {
    if (this.METRICS_PORT === 'off') return null;
    const port = Number(this.METRICS_PORT);
    if (port > 65535) throw new Error('METRICS_PORT must be at most 65535');
    return port;
  }

  /** Demo accounts (README): 'auto' adds them on the embedded database only. */
  @IsIn(['auto', 'true', 'false'])
  DEMO_DATA = 'auto';

  /** The app's own address, without a trailing slash: PUBLIC_URL, or (local use only) the address it listens on. */
  get publicUrl(): string {
    return (this.PUBLIC_URL ?? this.listenUrl).replace(/\/+$/, '');
  }

  /** The address the server listens on: localhost when it listens on every interface, else its HOST. */
  get listenUrl(): string {
    const everyInterface = ['0.0.0.0', '::', ''].includes(this.HOST);
    const host = everyInterface ? 'localhost' : this.HOST.includes(':') ? `[${this.HOST}]` : this.HOST;
    return `http://${host}:${this.PORT}`;
  }

  static fromEnv(env: Record<string, string | undefined> = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
    const known = Object.keys(new AppConfig()).concat('DATABASE_URL', 'JWT_SECRET', 'STAFF_MFA_REQUIRED', 'SMTP_URL', 'LLM_BASE_URL', 'LLM_API_KEY', 'PUBLIC_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'CONVERSION_TRACKER_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'REDIS_URL', 'S3_BUCKET', ...S3_DETAILS);
    const raw = Object.fromEntries(known.filter((k) => env[k] !== undefined).map((k) => [k, env[k]]));
    const config = plainToInstance(AppConfig, { ...raw, ...overrides });
    const errors = validateSync(config, { whitelist: true });
    if (errors.length) {
      const details = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`);
      throw new Error(`Invalid configuration:\n  ${details.join('\n  ')}`);
    }
    if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
      // Without it the server could only guess its address from requests, whose Host header the client chooses.
      throw new Error('Invalid configuration:\n  PUBLIC_URL is required when NODE_ENV=production: the https address people reach this app at (e.g. https://scholarmatch.example), used in checkout returns, e-mail links and the sitemap');
    }
    if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
      throw new Error('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)');
    }
    if (config.PAYMENTS_PROVIDER === 'stripe' && !(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET)) {
      throw new Error('Invalid configuration:\n  PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    const strayS3 = S3_DETAILS.filter((name) => config[name] !== undefined);
    if (!config.S3_BUCKET && strayS3.length) {
      throw new Error(`Invalid configuration:\n  ${strayS3.join(', ')} set without S3_BUCKET (uploads would stay on local disk)`);
    }
    if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY) {
      throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the AWS SDK\'s own credentials)');
    }
    return config;
  }
}
