import { AppConfig } from './app-config.js';

describe('AppConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = AppConfig.fromEnv({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\.data$/);
  });

  it('reads and converts the environment', () => {
    const config = AppConfig.fromEnv({ PORT: '8080', DATABASE_URL: 'postgres://x@y/z', LOG_LEVEL: 'warn' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://x@y/z');
  });

  it('refuses a wrong value with a message naming it', () => {
    expect(() => AppConfig.fromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => AppConfig.fromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('waits on slow clients 30 s of silence, 15 s for headers and 10 min for a whole request, the headers within the request', () => {
    const config = AppConfig.fromEnv({});
    expect([config.HTTP_IDLE_TIMEOUT_MS, config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS]).toEqual([30_000, 15_000, 600_000]);
    // The largest body, a 2 MiB upload, at 128 kbit/s (about 131 s) arrives within the total.
    expect((2 * 1024 * 1024 * 8) / 128_000).toBeLessThan(config.HTTP_REQUEST_TIMEOUT_MS / 1000);
    expect(AppConfig.fromEnv({ HTTP_IDLE_TIMEOUT_MS: '800' }).HTTP_IDLE_TIMEOUT_MS).toBe(800);
    expect(() => AppConfig.fromEnv({ HTTP_IDLE_TIMEOUT_MS: '0' })).toThrow(/HTTP_IDLE_TIMEOUT_MS/);
    expect(() => AppConfig.fromEnv({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('pays through the sandbox by default, and needs both Stripe keys to use Stripe', () => {
    expect(AppConfig.fromEnv({}).PAYMENTS_PROVIDER).toBe('sandbox');
    expect(() => AppConfig.fromEnv({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => AppConfig.fromEnv({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER/);
    const stripe = AppConfig.fromEnv({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'https://app.example.com/' });
    expect(stripe.publicUrl).toBe('https://app.example.com');
    expect(AppConfig.fromEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('refuses to start in production without PUBLIC_URL, naming it; elsewhere falls back to the address it listens on', () => {
    expect(() => AppConfig.fromEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
    expect(() => AppConfig.fromEnv({ NODE_ENV: 'production', PUBLIC_URL: '' })).toThrow(/PUBLIC_URL/);
    expect(AppConfig.fromEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://scholarmatch.example/' }).publicUrl).toBe('https://scholarmatch.example');
    expect(() => AppConfig.fromEnv({ NODE_ENV: 'production', PUBLIC_URL: 'scholarmatch.example' })).toThrow(/PUBLIC_URL/);
    // Local use: every interface means this machine; a given interface is the address itself.
    expect(AppConfig.fromEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(AppConfig.fromEnv({ HOST: '::', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(AppConfig.fromEnv({ HOST: '127.0.0.1', PORT: '4001' }).publicUrl).toBe('http://127.0.0.1:4001');
    expect(AppConfig.fromEnv({ HOST: '::1', PORT: '4002' }).publicUrl).toBe('http://[::1]:4002');
    expect(AppConfig.fromEnv({ NODE_ENV: 'test' }).publicUrl).toBe('http://localhost:3000');
  });

  it('keeps uploads on local disk by default, and checks the S3 settings when a bucket is named', () => {
    expect(AppConfig.fromEnv({}).S3_BUCKET).toBeUndefined();
    const s3 = AppConfig.fromEnv({
      S3_BUCKET: 'scholarmatch-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'prod/uploads/',
    });
    expect(s3).toMatchObject({ S3_BUCKET: 'scholarmatch-files', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'prod/uploads/' });
    // AWS itself: region and the SDK's own credentials (a role) are enough.
    expect(AppConfig.fromEnv({ S3_BUCKET: 'files.example', S3_REGION: 'eu-west-3' })).toMatchObject({ S3_REGION: 'eu-west-3', S3_ACCESS_KEY_ID: undefined });
    expect(() => AppConfig.fromEnv({ S3_BUCKET: 'Files_Upper' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => AppConfig.fromEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => AppConfig.fromEnv({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(/go together/);
    for (const prefix of ['../up', 'a/../b', 'a/./b', '..', 'with space', 'x'.repeat(201)]) {
      expect(() => AppConfig.fromEnv({ S3_BUCKET: 'files', S3_PREFIX: prefix })).toThrow(/S3_PREFIX/);
    }
    // Settings for a bucket without the bucket: the operator forgot it, so say so.
    expect(() => AppConfig.fromEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'uploads' })).toThrow(/S3_ENDPOINT, S3_PREFIX set without S3_BUCKET/);
    // An empty variable counts as unset, as for the other settings.
    expect(AppConfig.fromEnv({ S3_BUCKET: '', S3_ENDPOINT: '' }).S3_BUCKET).toBeUndefined();
  });
});
