import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config.js';
import { LoginFailuresRepository, type AttemptVerdict } from './login-failures.repository.js';
import { LoginLockout } from './login-lockout.js';

/** The lock-out's rules with the `login_failures` rows replaced by a recording stand-in. */
describe('LoginLockout', () => {
  const config = AppConfig.fromEnv({}, { LOGIN_LOCK_MINUTES: 15, LOGIN_MAX_FAILURES: 5 });
  let verdict: AttemptVerdict;
  let calls: unknown[][];
  let lockout: LoginLockout;

  beforeEach(async () => {
    verdict = { admitted: true };
    calls = [];
    const failures: Pick<LoginFailuresRepository, 'countAttempt' | 'clear'> = {
      countAttempt: async (...args) => (calls.push(['countAttempt', ...args]), verdict),
      clear: async (...args) => void calls.push(['clear', ...args]),
    };
    const module = await Test.createTestingModule({ providers: [LoginLockout, LoginFailuresRepository, { provide: AppConfig, useValue: config }] })
      .overrideProvider(LoginFailuresRepository)
      .useValue(failures)
      .compile();
    lockout = module.get(LoginLockout);
  });

  it('keys every call by the trimmed, lower-cased login and the IP, with the configured window and limit', async () => {
    await lockout.admitAttempt('  Maya@Example.COM ', '203.0.113.9');
    await lockout.clear('MAYA@example.com', '203.0.113.9');
    expect(calls).toEqual([
      ['countAttempt', 'maya@example.com', '203.0.113.9', 15, 5],
      ['clear', 'maya@example.com', '203.0.113.9'],
    ]);
  });

  it('lets an admitted attempt through', async () => {
    await expect(lockout.admitAttempt('maya@example.com', '203.0.113.9')).resolves.toBeUndefined();
  });

  it('refuses an attempt past the limit with 429 LOGIN_LOCKED and the minutes left, in the singular for one', async () => {
    verdict = { admitted: false, lockedMinutes: 12 };
    await expect(lockout.admitAttempt('maya@example.com', '203.0.113.9')).rejects.toMatchObject({
      statusCode: 429,
      description: 'Too many failed login attempts. Please try again in 12 minutes or reset your password.',
      options: { errorCode: 'LOGIN_LOCKED' },
    });
    verdict = { admitted: false, lockedMinutes: 1 };
    await expect(lockout.admitAttempt('maya@example.com', '203.0.113.9')).rejects.toMatchObject({
      description: 'Too many failed login attempts. Please try again in 1 minute or reset your password.',
    });
  });
});
