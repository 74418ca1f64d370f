import { JobQueue } from '../src/jobs/job-queue.js';
import { QUEUE_CATALOGUE } from '../src/jobs/queue-catalogue.js';
import { createTestDatabase, eventually, startTestAppOn, type TestApp } from './test-app.js';

/** Generous: the machine is shared and these wait for polling workers, not for speed. */
const WAIT_MS = 60_000;

interface Handled {
  id: number;
  instance: string;
}

/** Background jobs on pg-boss: two server instances on one database, as two processes would be. */
describe('jobs', () => {
  let database: { url: string; drop: () => Promise<void> };
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startTestAppOn(database.url);
    b = await startTestAppOn(database.url);
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.drop();
  });

  const jobsOf = (instance: TestApp) => instance.app.get(JobQueue);

  async function jobStates(queue: string): Promise<Record<string, number>> {
    const { rows } = await a.sql.query<{ state: string; count: number }>(
      'SELECT state, count(*)::int AS count FROM pgboss.job WHERE name = $1 GROUP BY state',
      [queue],
    );
    return Object.fromEntries(rows.map((row) => [row.state, row.count]));
  }

  it('hands each job to exactly one of two instances', async () => {
    const queue = 'test-exactly-once';
    const handled: Handled[] = [];
    for (const [instance, app] of [['a', a], ['b', b]] as const) {
      jobsOf(app).register<{ id: number }>(queue, async ({ id }) => void handled.push({ id, instance }));
    }
    const ids = Array.from({ length: 200 }, (_, id) => id);
    await Promise.all(ids.map((id) => jobsOf(id % 2 ? b : a).send(queue, { id })));

    await eventually(async () => expect(await jobStates(queue)).toEqual({ completed: 200 }), WAIT_MS);
    const timesHandled = new Map<number, number>();
    for (const { id } of handled) timesHandled.set(id, (timesHandled.get(id) ?? 0) + 1);
    expect(handled).toHaveLength(200);
    expect([...timesHandled.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...timesHandled.values()].every((times) => times === 1)).toBe(true);
  }, WAIT_MS + 30_000);

  it('retries a job whose handler failed, after a delay', async () => {
    const queue = 'test-retry';
    const attempts: number[] = [];
    jobsOf(a).register<{ id: number }>(
      queue,
      async ({ id }) => {
        attempts.push(id);
        if (attempts.length === 1) throw new Error('first attempt fails');
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    await jobsOf(a).send(queue, { id: 7 });

    await eventually(async () => expect(await jobStates(queue)).toEqual({ completed: 1 }), WAIT_MS);
    expect(attempts).toEqual([7, 7]);
    const { rows } = await a.sql.query<{ retry_count: number }>('SELECT retry_count FROM pgboss.job WHERE name = $1', [queue]);
    expect(rows).toEqual([{ retry_count: 1 }]);
  }, WAIT_MS + 30_000);

  it('keeps one schedule per cron queue, however many instances declare it', async () => {
    // Both instances declared their cron queues while starting (the sweeps among them).
    const { rows } = await a.sql.query<{ name: string; cron: string; timezone: string; count: number }>(
      'SELECT name, cron, timezone, count(*) OVER (PARTITION BY name)::int AS count FROM pgboss.schedule ORDER BY name',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'sweep-stale-matches', cron: '15 * * * *', timezone: 'UTC', count: 1 },
        { name: 'sweep-unused-uploads', cron: '5 * * * *', timezone: 'UTC', count: 1 },
      ]),
    );
    expect(rows.every((row) => row.count === 1)).toBe(true);
  });

  it('declares exactly the queues of the catalogue docs/operations.md is written from, with their crons', async () => {
    const { rows: queues } = await a.sql.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
    const { rows: schedules } = await a.sql.query<{ name: string; cron: string }>('SELECT name, cron FROM pgboss.schedule ORDER BY name');
    const byName = (x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name);
    const declared = queues.map((queue) => queue.name).filter((name) => !name.startsWith('test-') && !name.startsWith('__pgboss'));
    expect(declared.sort((x, y) => x.localeCompare(y))).toEqual(QUEUE_CATALOGUE.map((entry) => entry.name).sort((x, y) => x.localeCompare(y)));
    expect(schedules.sort(byName)).toEqual(
      QUEUE_CATALOGUE.filter((entry) => entry.cron).map(({ name, cron }) => ({ name, cron })).sort(byName),
    );
  });

  it('runs a sweep when its queue gets a job (as on a cron tick)', async () => {
    await jobsOf(b).send('sweep-unused-uploads', {});
    // At least one: a real tick may add its own job if the test runs at minute 5.
    await eventually(async () => {
      const states = await jobStates('sweep-unused-uploads');
      expect(Object.keys(states)).toEqual(['completed']);
      expect(states.completed).toBeGreaterThanOrEqual(1);
    }, WAIT_MS);
  }, WAIT_MS + 30_000);

  it('goes on working after PostgreSQL ends its connections', async () => {
    const queue = 'test-after-disconnect';
    const handled: number[] = [];
    jobsOf(a).register<{ id: number }>(queue, async ({ id }) => void handled.push(id));
    await jobsOf(a).send(queue, { id: 1 });
    await eventually(async () => expect(handled).toEqual([1]), WAIT_MS);

    const cut = await a.sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'scholarmatch-jobs'`,
    );
    expect(cut.rowCount).toBeGreaterThan(0);
    // A send may meet a cut connection before the pool has noticed (it then fails: nothing stored).
    await eventually(() => jobsOf(a).send(queue, { id: 2 }), WAIT_MS);
    await eventually(async () => expect(handled).toEqual([1, 2]), WAIT_MS);
  }, WAIT_MS * 2 + 30_000);

  it('refuses a job for a queue no instance has registered, rather than losing it', async () => {
    await expect(jobsOf(a).send('test-unknown', { id: 1 })).rejects.toThrow('no queue test-unknown');
  });

  it('queues one job per singleton key while it waits', async () => {
    const queue = 'test-singleton';
    for (const app of [a, b]) jobsOf(app).register(queue, async () => undefined);
    // Not before a minute from now: the jobs stay queued while the test looks at them.
    await Promise.all([a, b, a, b].map((app) => jobsOf(app).send(queue, { key: 'k1' }, { singletonKey: 'k1', startAfterSeconds: 60 })));
    await jobsOf(a).send(queue, { key: 'k2' }, { singletonKey: 'k2', startAfterSeconds: 60 });

    const { rows } = await a.sql.query<{ singleton_key: string; count: number }>(
      `SELECT singleton_key, count(*)::int AS count FROM pgboss.job WHERE name = $1 GROUP BY singleton_key ORDER BY singleton_key`,
      [queue],
    );
    expect(rows).toEqual([
      { singleton_key: 'k1', count: 1 },
      { singleton_key: 'k2', count: 1 },
    ]);
  });
});
