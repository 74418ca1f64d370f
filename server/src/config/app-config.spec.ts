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

  it('pays through the sandbox by default, and needs both Stripe keys to use Stripe', () => {
    expect(AppConfig.fromEnv({}).PAYMENTS_PROVIDER).toBe('sandbox');
    expect(() => AppConfig.fromEnv({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => AppConfig.fromEnv({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER/);
    const stripe = AppConfig.fromEnv({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'https://app.example.com/' });
    expect(stripe.publicUrl).toBe('https://app.example.com');
    expect(AppConfig.fromEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });
});
