import pg from 'pg';
import {
  call,
  countBy,
  createProvider,
  type Exchange,
  outcomeOf,
  percentile,
  type PrivatePostgres,
  record,
  registrationSaves,
  round,
  type ServerProcess,
  signUpApplicant,
  sleep,
  startBuiltServer,
  startPrivatePostgres,
  ok,
  type Write,
} from './support.js';

const APPLICANT_WORKERS = 4;
const PROVIDER_WORKERS = 2;
const LOAD_BEFORE_MS = 4000;
const OUTAGE_MS = 10_000;
const LOAD_AFTER_MS = 4000;
/** No request may take longer than this, whatever the database does. */
const MAX_ANSWER_MS = 6000;
/** From PostgreSQL accepting connections again to the first 2xx and to a healthy /health. */
const MAX_RECOVERY_MS = 5000;


/**
 * PostgreSQL stops for 10 s under steady load and comes back on the same port and data
 * (docs/api.md: the API answers 503 with a description while its database is unreachable).
 * Against the built server as a child process and a PostgreSQL of the suite's own.
 */
describe('database outage', () => {
  let database: PrivatePostgres;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await startPrivatePostgres('outage');
    server = await startBuiltServer({ name: 'database-outage', databaseUrl: database.url, env: { DEMO_DATA: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it('answers 503 within seconds while PostgreSQL is down, recovers by itself within 5 s, and keeps every acknowledged write', async () => {
    const base = server.baseUrl;
    const pid = server.child.pid;
    const saveOf = await registrationSaves(base);
    const applicants = await Promise.all(Array.from({ length: APPLICANT_WORKERS }, (_, i) => signUpApplicant(base, `outage${i}`)));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const provider = await createProvider(base, admin);
    await admin.end();

    const exchanges: Exchange[] = [];
    const writes: Write[] = [];
    const t = { stop: Infinity, down: Infinity, restart: Infinity, up: Infinity };
    let running = true;
    const track = (x: Exchange) => (exchanges.push(x), x);

    // Applicants: a registration save with a marker of their own (w, n), a list of matches, health.
    const applicantWorker = async (index: number) => {
      const me = applicants[index];
      for (let n = 1; running; n++) {
        const marker = `fault-a${index}-${n}`;
        const exchange = track(await call(base, 'PUT', `/register-applicants/${me.id}`, { body: saveOf(marker), token: me.token, label: 'profile save' }));
        writes.push({ kind: 'profile', worker: `a${index}`, n, marker, exchange });
        track(await call(base, 'GET', '/scholarships/mine-eligible-scholarships?limit=6', { token: me.token, label: 'matches list' }));
        if (index % 2 === 0) track(await call(base, 'GET', '/health', { label: 'health' }));
        await sleep(25);
      }
    };
    // A provider: creates draft scholarships with a unique title each, and reads the last one back.
    const providerWorker = async (index: number) => {
      for (let n = 1; running; n++) {
        const marker = `fault-p${index}-${n}`;
        const exchange = track(
          await call(base, 'POST', '/providers/scholarships', { body: { title: marker, description: '<p>Fault suite</p>' }, token: provider.token, label: 'scholarship create' }),
        );
        const id = exchange.status === 201 ? (exchange.body.data.id as string) : undefined;
        writes.push({ kind: 'scholarship', worker: `p${index}`, n, marker, exchange, id });
        if (id) track(await call(base, 'GET', `/providers/scholarships/${id}`, { token: provider.token, label: 'scholarship read' }));
        await sleep(25);
      }
    };
    // A load balancer's health check, every 100 ms.
    const prober = async () => {
      while (running) {
        track(await call(base, 'GET', '/health', { label: 'health probe' }));
        await sleep(100);
      }
    };
    const workers = [
      ...applicants.map((_, i) => applicantWorker(i)),
      ...Array.from({ length: PROVIDER_WORKERS }, (_, i) => providerWorker(i)),
      prober(),
    ];

    await sleep(LOAD_BEFORE_MS);
    t.stop = performance.now();
    await database.stop();
    t.down = performance.now();
    await sleep(OUTAGE_MS);
    t.restart = performance.now();
    await database.start();
    t.up = performance.now();
    // The forms' change listener (one LISTEN connection, reconnecting with backoff up to 10 s):
    // how long until it listens again.
    const listenerBack = (async () => {
      const watcher = new pg.Client({ connectionString: database.url });
      await watcher.connect();
      try {
        while (performance.now() - t.up < 15_000) {
          const { rows } = await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN form_definitions_changed%'`);
          if (rows[0].n > 0) return performance.now() - t.up;
          await sleep(100);
        }
        return NaN;
      } finally {
        await watcher.end();
      }
    })();
    // Load goes on until both recovery marks are seen (or 15 s passed), then LOAD_AFTER_MS more.
    const recovered = () =>
      exchanges.some((x) => x.label.startsWith('health') && x.status === 200 && x.start >= t.up) &&
      writes.some((w) => ok(w.exchange) && w.exchange.start >= t.up);
    const waitUntil = performance.now() + 15_000;
    while (!recovered() && performance.now() < waitUntil) await sleep(50);
    await sleep(LOAD_AFTER_MS);
    running = false;
    await Promise.all(workers);

    // What is stored, read directly from the private database.
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const listenerBackMs = await listenerBack;
    const storedTitles = new Map(
      (await sql.query(`SELECT id, title FROM scholarships WHERE title LIKE 'fault-p%'`)).rows.map((r: { id: string; title: string }) => [r.title, r.id]),
    );
    const storedMarkers = new Map(
      (await sql.query(`SELECT id, profile->>'highSchoolName' AS marker FROM users WHERE id = ANY($1)`, [applicants.map((a) => a.id)])).rows.map(
        (r: { id: string; marker: string | null }) => [r.id, r.marker],
      ),
    );
    await sql.end();

    const phaseOf = (at: number) => (at < t.stop ? 'before' : at < t.up ? 'during' : 'after');
    const acknowledged = writes.filter((w) => ok(w.exchange));
    // A scholarship acknowledged with 201 is stored under its title, with the id the client was given.
    const lostScholarships = acknowledged.filter((w) => w.kind === 'scholarship' && storedTitles.get(w.marker) !== w.id);
    // A profile save replaces the previous one: an acknowledged save is kept when the applicant's
    // stored marker is that save or a later one of the same (sequential) worker.
    const storedN = (worker: string) => {
      const marker = storedMarkers.get(applicants[Number(worker.slice(1))].id);
      return marker ? Number(marker.split('-')[2]) : 0;
    };
    const lostProfiles = acknowledged.filter((w) => w.kind === 'profile' && storedN(w.worker) < w.n);
    const attemptedProfileN = (worker: string) => Math.max(...writes.filter((w) => w.worker === worker).map((w) => w.n));
    const phantomProfiles = applicants
      .map((_, i) => `a${i}`)
      .filter((worker) => storedN(worker) > attemptedProfileN(worker));

    const whileDown = exchanges.filter((x) => x.start >= t.down && x.end < t.restart);
    const healthWhileDown = whileDown.filter((x) => x.label.startsWith('health'));
    const badWhileDown = whileDown.filter((x) => x.status !== 503 || typeof x.body?.description !== 'string' || !x.body.description || x.ms > MAX_ANSWER_MS);
    const firstAfter = (pick: (x: Exchange) => boolean) => Math.min(...exchanges.filter((x) => pick(x) && x.start >= t.restart).map((x) => x.end)) - t.up;
    const firstSuccessMs = Math.max(0, firstAfter(ok));
    const healthOkMs = Math.max(0, firstAfter((x) => x.label.startsWith('health') && x.status === 200));
    const slow = exchanges.filter((x) => x.ms > MAX_ANSWER_MS);
    const serverErrors = exchanges.filter((x) => x.status === null || (x.status >= 500 && x.status !== 503));

    const figures = {
      load: { applicantWorkers: APPLICANT_WORKERS, providerWorkers: PROVIDER_WORKERS, healthProbeEveryMs: 100, requests: exchanges.length },
      outage: { stopMs: round(t.down - t.stop), downMs: round(t.restart - t.down), postgresStartMs: round(t.up - t.restart) },
      writes: {
        attempted: writes.length,
        acknowledged: {
          before: acknowledged.filter((w) => phaseOf(w.exchange.end) === 'before').length,
          during: acknowledged.filter((w) => phaseOf(w.exchange.end) === 'during').length,
          after: acknowledged.filter((w) => phaseOf(w.exchange.end) === 'after').length,
          total: acknowledged.length,
        },
        byKind: {
          profileSaves: { acknowledged: acknowledged.filter((w) => w.kind === 'profile').length, lost: lostProfiles.length, phantom: phantomProfiles.length },
          scholarshipCreates: {
            acknowledged: acknowledged.filter((w) => w.kind === 'scholarship').length,
            storedAfterwards: storedTitles.size,
            lost: lostScholarships.length,
          },
        },
        foundAfterwards: acknowledged.length - lostProfiles.length - lostScholarships.length,
      },
      whileDown: {
        requests: whileDown.length,
        statusCounts: countBy(whileDown, outcomeOf),
        errorCodes: countBy(whileDown, (x) => x.body?.errorCode ?? '(none)'),
        healthStatusCounts: countBy(healthWhileDown, (x) => `${outcomeOf(x)} ${x.body?.errorCode ?? ''}`.trim()),
        p50Ms: round(percentile(whileDown.map((x) => x.ms), 50), 1),
        p95Ms: round(percentile(whileDown.map((x) => x.ms), 95), 1),
        maxMs: round(Math.max(...whileDown.map((x) => x.ms)), 1),
        descriptions: [...new Set(whileDown.map((x) => x.body?.description))],
      },
      recovery: {
        firstSuccessMs: round(firstSuccessMs),
        healthOkMs: round(healthOkMs),
        formChangeListenerBackMs: round(listenerBackMs),
        serverRestarted: server.child.pid !== pid || server.child.exitCode !== null,
      },
      overall: {
        statusCounts: countBy(exchanges, outcomeOf),
        maxMs: round(Math.max(...exchanges.map((x) => x.ms)), 1),
        slowerThanLimit: slow.length,
      },
    };
    record('databaseOutage', figures);

    expect(server.child.exitCode).toBeNull();
    expect(serverErrors.map((x) => `${x.label} ${outcomeOf(x)} ${JSON.stringify(x.body)}`.slice(0, 300))).toEqual([]);
    expect(slow.map((x) => `${x.label} ${round(x.ms)} ms`)).toEqual([]);
    expect(whileDown.length).toBeGreaterThan(50);
    expect(badWhileDown.map((x) => `${x.label} ${outcomeOf(x)} ${round(x.ms)} ms ${JSON.stringify(x.body)}`.slice(0, 300))).toEqual([]);
    expect(healthWhileDown.length).toBeGreaterThan(20);
    expect(healthWhileDown.every((x) => x.body?.errorCode === 'DATABASE_DOWN')).toBe(true);
    expect(firstSuccessMs).toBeLessThanOrEqual(MAX_RECOVERY_MS);
    expect(healthOkMs).toBeLessThanOrEqual(MAX_RECOVERY_MS);
    // Its backoff is capped at 10 s: it listens again within that after PostgreSQL is back.
    expect(listenerBackMs).toBeLessThanOrEqual(12_000);
    expect(figures.writes.acknowledged.before).toBeGreaterThan(20);
    expect(figures.writes.acknowledged.after).toBeGreaterThan(20);
    expect(lostScholarships.map((w) => w.marker)).toEqual([]);
    expect(lostProfiles.map((w) => w.marker)).toEqual([]);
    expect(phantomProfiles).toEqual([]);
  });
});
