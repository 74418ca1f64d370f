import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config.js';
import { JobQueue, type JobsState } from '../jobs/job-queue.js';
import { Metrics } from '../metrics/metrics.js';
import { FileStorage } from '../uploads/file-storage.js';
import { Readiness } from './readiness.js';
import { ReadinessRepository } from './readiness.repository.js';

describe('Readiness', () => {
  interface World {
    pending: () => Promise<string[]>;
    jobs: JobsState;
    storage?: () => Promise<void>;
    role?: AppConfig['PROCESS_ROLE'];
  }
  const running: JobsState = { started: true, runsWorkers: true, workers: 24 };

  async function readinessIn(world: World): Promise<{ readiness: Readiness; storageCalls: () => number; metrics: Metrics }> {
    let calls = 0;
    const module = await Test.createTestingModule({ providers: [Readiness, ReadinessRepository, { provide: JobQueue, useValue: {} }, { provide: FileStorage, useValue: {} }, { provide: AppConfig, useValue: {} }, { provide: Metrics, useValue: new Metrics(false) }] })
      .overrideProvider(ReadinessRepository)
      .useValue({ pendingMigrations: () => world.pending() })
      .overrideProvider(JobQueue)
      .useValue({ state: () => world.jobs })
      .overrideProvider(FileStorage)
      .useValue({
        remote: world.storage !== undefined,
        reachable: async () => {
          calls++;
          await world.storage?.();
        },
      })
      .overrideProvider(AppConfig)
      .useValue(AppConfig.fromEnv({}, { PROCESS_ROLE: world.role ?? 'all' }))
      .compile();
    return { readiness: module.get(Readiness), storageCalls: () => calls, metrics: module.get(Metrics) };
  }

  it('is ready when the database answers with no pending migration, the workers run and the bucket answers', async () => {
    const { readiness } = await readinessIn({ pending: async () => [], jobs: running, storage: async () => {} });
    const report = await readiness.probe();
    expect(report).toMatchObject({ ready: true, role: 'all', problems: [], checks: { database: 'up', migrations: 'current', jobs: 'running (24 workers)', storage: 'up' } });
    expect(readiness.ready).toBe(true);
  });

  it('names every check that fails, with no detail of the failure', async () => {
    const { readiness } = await readinessIn({
      pending: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
      },
      jobs: { started: false, runsWorkers: true, workers: 0 },
      storage: async () => {
        throw new Error('getaddrinfo ENOTFOUND files.internal');
      },
    });
    const report = await readiness.probe();
    expect(readiness.ready).toBe(false);
    expect(report.checks).toEqual({ database: 'unreachable', migrations: 'unknown', jobs: 'stopped', storage: 'unreachable' });
    expect(report.problems.map((problem) => problem.check)).toEqual(['database', 'jobs', 'storage']);
    expect(JSON.stringify(report)).not.toMatch(/10\.0\.0\.5|files\.internal/);
  });

  it('says on the metrics registry whether it is ready, and its role', async () => {
    const world: World = { pending: async () => [], jobs: running, role: 'web' };
    const { readiness, metrics } = await readinessIn(world);
    await readiness.probe();
    const scrape = async () => metrics.registry.metrics();
    expect(await scrape()).toMatch(/^scholarmatch_ready 1$/m);
    expect(await scrape()).toMatch(/^scholarmatch_process_role_info\{role="web"\} 1$/m);
    world.pending = async () => {
      throw new Error('down');
    };
    await readiness.probe();
    expect(await scrape()).toMatch(/^scholarmatch_ready 0$/m);
  });

  it('is not ready while a migration of this build is missing, naming the first', async () => {
    const { readiness } = await readinessIn({ pending: async () => ['AddThing1795400000000', 'AddOther1795400000001'], jobs: running });
    const report = await readiness.probe();
    expect(report.checks.migrations).toBe('2 pending');
    expect(report.problems).toEqual([{ check: 'migrations', message: expect.stringContaining('first: AddThing1795400000000') }]);
  });

  it('expects workers where background work runs, and none in a web process', async () => {
    const worker = await readinessIn({ pending: async () => [], jobs: { started: true, runsWorkers: true, workers: 0 }, role: 'worker' });
    expect((await worker.readiness.probe()).problems).toEqual([{ check: 'jobs', message: expect.stringContaining('none runs') }]);
    const web = await readinessIn({ pending: async () => [], jobs: { started: true, runsWorkers: false, workers: 0 }, role: 'web' });
    expect(await web.readiness.probe()).toMatchObject({ ready: true, role: 'web', checks: { jobs: 'queueing only', storage: 'local disk' } });
  });

  it('asks the bucket once for several probes in a row, and keeps its answer meanwhile', async () => {
    const { readiness, storageCalls } = await readinessIn({ pending: async () => [], jobs: running, storage: async () => {} });
    await Promise.all([readiness.probe(), readiness.probe(), readiness.probe()]);
    expect(storageCalls()).toBe(1);
  });

  it('answers "shutting down" once shutdown has begun, even when a probe finishes after it', async () => {
    let release!: () => void;
    const { readiness } = await readinessIn({ pending: () => new Promise((resolve) => (release = () => resolve([]))), jobs: running });
    const probing = readiness.probe();
    await new Promise((resolve) => setImmediate(resolve));
    readiness.beforeApplicationShutdown();
    release();
    const report = await probing;
    expect(report).toMatchObject({ ready: false, problems: [{ check: 'shutdown' }] });
    expect(readiness.current.problems).toEqual([{ check: 'shutdown', message: 'The server is shutting down.' }]);
  });
});
