import { startServer, type RunningServer } from './harness.js';

/**
 * SIGTERM lets the requests in flight finish before the server closes its database (issue 7,
 * graceful shutdown): none is cut or answered with an error. Against the built server process.
 */
describe('graceful shutdown', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });

  it('answers every request in flight when SIGTERM arrives', async () => {
    // Logins take tens of milliseconds each (argon2id, four at a time): most are still running when the signal comes.
    const logins = Array.from({ length: 12 }, () =>
      fetch(`${server.baseUrl}/api/v1/users/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026', loginType: 'register_user' }),
      }).then((res) => res.status, (error: Error) => `failed: ${error.message}`),
    );
    // Once the first has answered, the others have arrived and are hashing.
    await Promise.race(logins);
    await server.stop();
    expect(await Promise.all(logins)).toEqual(Array(12).fill(201));
  });
});
