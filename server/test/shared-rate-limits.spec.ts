import net from 'node:net';
import { createTestDatabase, startTestAppOn, type TestApp } from './test-app.js';

/** Whether a Redis server answers on the machine (this one runs one for tests). */
function redisListening(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const LIMIT = 3;

/** Two replicas on one database, as behind a load balancer (docs/security.md, "Rate limits"). */
async function twoReplicas(overrides: Record<string, unknown> = {}) {
  const database = await createTestDatabase();
  const settings = { AUTH_RATE_LIMIT_PER_MINUTE: LIMIT, ...overrides };
  const first = await startTestAppOn(database.url, settings);
  const second = await startTestAppOn(database.url, settings);
  return {
    replicas: [first, second] as [TestApp, TestApp],
    close: async () => {
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}

/** A wrong login from `ip` through one replica: its status and body. */
async function login(replica: TestApp, ip: string, attempt: number) {
  const res = await replica.app.inject({
    method: 'POST',
    url: '/api/v1/users/auth/login',
    remoteAddress: ip,
    // A different account each time, so the per-account lock-out never answers first.
    payload: { userName: `nobody${attempt}@example.com`, password: 'not the password', loginType: 'register_user' },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Spreads LIMIT logins from one address over both replicas, then asks once more on each. */
async function expectSharedCount(replicas: [TestApp, TestApp]) {
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
  for (let attempt = 0; attempt < LIMIT; attempt += 1) {
    expect((await login(replicas[attempt % 2], ip, attempt)).status).not.toBe(429);
  }
  for (const replica of replicas) {
    const refused = await login(replica, ip, 99);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errorCode: 'RATE_LIMITED', description: expect.stringMatching(/^Too many requests from your network\. Please try again in \d+ seconds\.$/) });
  }
  // Another address has its own count.
  expect((await login(replicas[1], `${ip}1`, 100)).status).not.toBe(429);
}

describe('per-IP rate limits across replicas', () => {
  it('are counted in PostgreSQL by default: a limit reached through one replica holds on the other', async () => {
    const { replicas, close } = await twoReplicas();
    try {
      await expectSharedCount(replicas);
      const [{ count }] = (await replicas[0].sql.query(`SELECT count(*)::int AS count FROM rate_limit_counters`)).rows;
      expect(count).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('are counted in Redis when REDIS_URL is set', async () => {
    // The CI machine runs Redis (docs/operations.md); without one this case cannot be shown.
    if (!(await redisListening())) throw new Error('No Redis on 127.0.0.1:6379: install and start redis-server to run this test.');
    const { replicas, close } = await twoReplicas({ REDIS_URL: 'redis://127.0.0.1:6379' });
    try {
      await expectSharedCount(replicas);
      const [{ count }] = (await replicas[0].sql.query(`SELECT count(*)::int AS count FROM rate_limit_counters`)).rows;
      expect(count).toBe(0);
    } finally {
      await close();
    }
  });

  it('answer 503 with a description, never a 500 nor an uncounted pass, while Redis is unreachable', async () => {
    const { replicas, close } = await twoReplicas({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const refused = await login(replicas[0], '10.9.9.9', 1);
      expect(refused.status).toBe(503);
      expect(refused.body.description).toEqual(expect.any(String));
    } finally {
      await close();
    }
  });
});
