import pg from 'pg';
import {
  call,
  countBy,
  createProvider,
  type Exchange,
  outcomeOf,
  type PrivatePostgres,
  record,
  registrationSaves,
  round,
  type ServerProcess,
  signUpApplicant,
  sleep,
  startBuiltServer,
  startFakeModel,
  startPrivatePostgres,
  ok,
  type Write,
} from './support.js';

const APPLICANT_WORKERS = 4;
const PROVIDER_WORKERS = 2;
const LOAD_BEFORE_MS = 2500;
/** SIGTERM to exit, with requests in flight that take milliseconds each. */
const MAX_EXIT_MS = 5000;
/** An essay model that takes this long: requests waiting for it are surely in flight at SIGTERM. */
const SLOW_MODEL_MS = 1500;
/** Calls begun this close to the signal may be written to the socket after it. */
const BOUNDARY_MS = 20;


/**
 * SIGTERM under a steady write load (docs/operations.md, Shutdown): requests in flight finish
 * and what was acknowledged is stored; new connections are refused once HTTP is closed; the
 * process exits 0 within seconds.
 */
describe('graceful shutdown under load', () => {
  let database: PrivatePostgres;
  let server: ServerProcess;
  let model: Awaited<ReturnType<typeof startFakeModel>>;

  beforeAll(async () => {
    database = await startPrivatePostgres('shutdown');
    model = await startFakeModel(SLOW_MODEL_MS);
    server = await startBuiltServer({ name: 'graceful-shutdown', databaseUrl: database.url, env: { LLM_BASE_URL: model.baseUrl, LLM_TIMEOUT_MS: '10000' } });
  });
  afterAll(async () => {
    await server?.stop();
    await model?.close();
    await database?.destroy();
  });

  it('finishes the requests in flight at SIGTERM, stores every acknowledged write and exits 0', async () => {
    const base = server.baseUrl;
    const saveOf = await registrationSaves(base);
    const applicants = await Promise.all(Array.from({ length: APPLICANT_WORKERS }, (_, i) => signUpApplicant(base, `shutdown${i}`)));
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const provider = await createProvider(base, sql);

    const exchanges: Exchange[] = [];
    const writes: Write[] = [];
    let sigterm = Infinity;
    let exitedAt = Infinity;
    const track = (x: Exchange) => (exchanges.push(x), x);
    // Workers send back to back (no pause), so requests are always in flight; they stop once the
    // process has exited and one more attempt has been refused.
    const goOn = () => performance.now() < exitedAt + 200;

    const applicantWorker = async (index: number) => {
      const me = applicants[index];
      for (let n = 1; goOn(); n++) {
        const marker = `fault-a${index}-${n}`;
        const exchange = track(await call(base, 'PUT', `/register-applicants/${me.id}`, { body: saveOf(marker), token: me.token, label: 'profile save' }));
        writes.push({ kind: 'profile', worker: `a${index}`, n, marker, exchange });
        if (exchange.status === null) await sleep(20);
      }
    };
    const providerWorker = async (index: number) => {
      for (let n = 1; goOn(); n++) {
        const marker = `fault-p${index}-${n}`;
        const exchange = track(
          await call(base, 'POST', '/providers/scholarships', { body: { title: marker, description: '<p>Fault suite</p>' }, token: provider.token, label: 'scholarship create' }),
        );
        writes.push({ kind: 'scholarship', worker: `p${index}`, n, marker, exchange, id: exchange.status === 201 ? exchange.body.data.id : undefined });
        if (exchange.status === null) await sleep(20);
      }
    };
    const workers = [...applicants.map((_, i) => applicantWorker(i)), ...Array.from({ length: PROVIDER_WORKERS }, (_, i) => providerWorker(i))];

    await sleep(LOAD_BEFORE_MS - 300);
    // Four essays waiting for the slow model when the signal comes: surely in flight (the model
    // has their requests), unlike a quick request begun just before the signal.
    const essays = applicants.map((me) => call(base, 'POST', '/register-applicants/get-essay', { token: me.token, body: { kind: 'outline' }, label: 'essay' }));
    while (model.requests() < essays.length) await sleep(10);
    await sleep(300);
    sigterm = performance.now();
    server.child.kill('SIGTERM');
    const killer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
    const exit = await server.exited;
    clearTimeout(killer);
    exitedAt = exit.at;
    await Promise.all(workers);
    const slowEssays = await Promise.all(essays);

    const storedTitles = new Map(
      (await sql.query(`SELECT id, title FROM scholarships WHERE title LIKE 'fault-p%'`)).rows.map((r: { id: string; title: string }) => [r.title, r.id]),
    );
    const storedMarkers = new Map(
      (await sql.query(`SELECT id, profile->>'highSchoolName' AS marker FROM users WHERE id = ANY($1)`, [applicants.map((a) => a.id)])).rows.map(
        (r: { id: string; marker: string | null }) => [r.id, r.marker],
      ),
    );
    await sql.end();

    const acknowledged = writes.filter((w) => ok(w.exchange));
    const lostScholarships = acknowledged.filter((w) => w.kind === 'scholarship' && storedTitles.get(w.marker) !== w.id);
    const storedN = (worker: string) => Number(storedMarkers.get(applicants[Number(worker.slice(1))].id)?.split('-')[2] ?? 0);
    const lostProfiles = acknowledged.filter((w) => w.kind === 'profile' && storedN(w.worker) < w.n);

    // In flight: sent before the signal, answered after it. A call begun in the last
    // BOUNDARY_MS before the signal may reach the socket after it (the client's own event loop is
    // busy), so those count with the ones sent afterwards.
    const inFlight = exchanges.filter((x) => x.start < sigterm - BOUNDARY_MS && x.end >= sigterm);
    const afterSignal = exchanges.filter((x) => x.start >= sigterm - BOUNDARY_MS);
    const serverErrors = exchanges.filter((x) => x.status !== null && x.status >= 500 && x.status !== 503);
    const figures = {
      load: { applicantWorkers: APPLICANT_WORKERS, providerWorkers: PROVIDER_WORKERS, requests: exchanges.length },
      exit: { code: exit.code, signal: exit.signal, msAfterSigterm: round(exit.at - sigterm) },
      writes: {
        attempted: writes.length,
        acknowledged: acknowledged.length,
        acknowledgedAfterSigterm: acknowledged.filter((w) => w.exchange.end >= sigterm).length,
        foundAfterwards: acknowledged.length - lostScholarships.length - lostProfiles.length,
        lost: lostScholarships.length + lostProfiles.length,
      },
      slowRequestsInFlight: slowEssays.map((x) => ({ status: x.status, source: x.body?.data?.source, ms: round(x.ms), answeredMsAfterSigterm: round(x.end - sigterm) })),
      inFlightAtSigterm: { requests: inFlight.length, outcomes: countBy(inFlight, outcomeOf), maxMs: round(Math.max(0, ...inFlight.map((x) => x.ms)), 1) },
      sentAfterSigterm: { requests: afterSignal.length, includesCallsBegunMsBefore: BOUNDARY_MS, outcomes: countBy(afterSignal, outcomeOf) },
      overall: { statusCounts: countBy(exchanges, outcomeOf) },
    };
    record('gracefulShutdown', figures);

    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - sigterm).toBeLessThan(MAX_EXIT_MS);
    expect(serverErrors.map((x) => `${x.label} ${outcomeOf(x)} ${JSON.stringify(x.body)}`.slice(0, 300))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(lostScholarships.map((w) => w.marker)).toEqual([]);
    expect(lostProfiles.map((w) => w.marker)).toEqual([]);
    // Every request the server had taken when the signal came was answered, and with success.
    for (const essay of slowEssays) {
      expect(essay).toMatchObject({ status: 201, body: { data: { source: 'ai' } } });
      // Still waiting for the model at the signal (it holds each for SLOW_MODEL_MS; SIGTERM ~0.3 s in).
      expect(essay.end).toBeGreaterThan(sigterm + 200);
    }
    expect(inFlight.filter((x) => !ok(x)).map((x) => `${x.label} ${outcomeOf(x)} sent ${round(sigterm - x.start, 1)} ms before SIGTERM`)).toEqual([]);
    // Sent after the signal: taken while the server had not yet reacted to it (then answered in
    // full), or refused, at the connection (closed listener, closed kept-alive connection) or with 503.
    expect(afterSignal.filter((x) => x.status !== null && !ok(x) && x.status !== 503).map(outcomeOf)).toEqual([]);
  });
});
