import { JobQueue } from '../src/jobs/job-queue.js';
import { Readiness } from '../src/health/readiness.js';
import { createTestDatabase, startTestAppOn, type TestApp } from './test-app.js';

/**
 * Liveness, readiness and the request gate (docs/operations.md, "Readiness"), and what each process
 * role starts (docs/operations.md, "Process roles"): three instances on one database.
 */
describe('readiness and process roles', () => {
  let database: { url: string; drop: () => Promise<void> };
  let all: TestApp;
  let web: TestApp;
  let worker: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    all = await startTestAppOn(database.url);
    web = await startTestAppOn(database.url, { PROCESS_ROLE: 'web' });
    worker = await startTestAppOn(database.url, { PROCESS_ROLE: 'worker' });
    // Three starts: on a machine shared with other suites they can take longer than one hook's default.
  }, 180_000);
  afterAll(async () => {
    await worker?.close();
    await web?.close();
    await all?.close();
    await database?.drop();
  });

  const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

  it('is live and ready once started, with each check named', async () => {
    const live = await get(all, '/api/v1/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json().data).toMatchObject({ status: 'alive', role: 'all' });
    const ready = await get(all, '/api/v1/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ status: 'ready', role: 'all', checks: { database: 'up', migrations: 'current', jobs: expect.stringMatching(/^running \(\d+ workers\)$/), storage: 'local disk' } });
  });

  it('turns every request but the health routes away with 503 NOT_READY while a migration of its version is missing, and serves again once it is back', async () => {
    const { rows } = await all.sql.query<{ id: number; timestamp: string; name: string }>('SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1');
    const [last] = rows;
    await all.sql.query('DELETE FROM migrations WHERE id = $1', [last.id]);
    try {
      await all.app.get(Readiness).probe();
      const refused = await get(all, '/api/v1/forms/profile-basic');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['x-not-ready']).toBe('1');
      expect(refused.json()).toMatchObject({ errorCode: 'NOT_READY', description: expect.stringContaining(`first: ${last.name}`) });
      const ready = await get(all, '/api/v1/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ errorCode: 'NOT_READY', errors: [{ path: 'migrations', message: expect.stringContaining('1 database migration') }] });
      // The original health route and liveness do not depend on migrations.
      expect((await get(all, '/api/v1/health')).statusCode).toBe(200);
      expect((await get(all, '/api/v1/health/live')).statusCode).toBe(200);
    } finally {
      await all.sql.query('INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [last.id, last.timestamp, last.name]);
    }
    await all.app.get(Readiness).probe();
    expect((await get(all, '/api/v1/forms/profile-basic')).statusCode).toBe(200);
    expect((await get(all, '/api/v1/health/ready')).statusCode).toBe(200);
  });

  it('runs no job worker in a web process, which still serves the API; a worker process runs them', async () => {
    expect(web.app.get(JobQueue).state()).toEqual({ started: true, runsWorkers: false, workers: 0 });
    expect(worker.app.get(JobQueue).state()).toMatchObject({ started: true, runsWorkers: true, workers: expect.any(Number) });
    expect(worker.app.get(JobQueue).state().workers).toBeGreaterThan(10);
    expect((await get(web, '/api/v1/health/ready')).json().data.checks.jobs).toBe('queueing only');
    expect((await get(web, '/api/v1/forms/profile-basic')).statusCode).toBe(200);
  });

  it('serves only the health routes in a worker process', async () => {
    const refused = await get(worker, '/api/v1/forms/profile-basic');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ errorCode: 'WORKER_ONLY' });
    expect((await get(worker, '/api/docs-json')).statusCode).toBe(503);
    expect((await get(worker, '/api/v1/health/ready')).json().data).toMatchObject({ status: 'ready', role: 'worker' });
    expect((await get(worker, '/api/v1/health/live')).statusCode).toBe(200);
  });

  it('answers health/ready with 503 from the start of a shutdown, while the drain still serves requests', async () => {
    web.app.get(Readiness).beforeApplicationShutdown();
    const ready = await get(web, '/api/v1/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ errorCode: 'NOT_READY', errors: [{ path: 'shutdown', message: 'The server is shutting down.' }] });
    expect((await get(web, '/api/v1/forms/profile-basic')).statusCode).toBe(200);
  });
});
