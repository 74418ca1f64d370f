import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { freePort } from '@scholarmatch/testkit';
import { startPrometheus, type Prometheus } from './prometheus.js';
import { ARTIFACTS, clientAddress, type Cluster, record, type ReplicaName, sleep, startCluster } from './support.js';

/** How many requests the test sends to the route only it uses. */
const REQUESTS = 40;
/** The route template of those requests: a scholarship's details, by an id that does not exist. */
const ROUTE = '/api/v1/scholarships/:id';

/**
 * Two replicas behind nginx, each with its metrics port, scraped by a real Prometheus on
 * deploy/prometheus/prometheus.yml (docs/scaling.md, "Metrics"): both targets are up, and the
 * request histogram summed over the replicas counts exactly the requests sent, each once, on
 * whichever replica served it.
 */
describe('Prometheus scraping two replicas', () => {
  let cluster: Cluster;
  let prometheus: Prometheus;
  const metricsPorts = {} as Record<ReplicaName, number>;

  beforeAll(async () => {
    metricsPorts.a = await freePort();
    metricsPorts.b = await freePort();
    cluster = await startCluster('metrics', {
      replicaEnv: { a: { METRICS_PORT: String(metricsPorts.a) }, b: { METRICS_PORT: String(metricsPorts.b) } },
    });
    prometheus = await startPrometheus([`127.0.0.1:${metricsPorts.a}`, `127.0.0.1:${metricsPorts.b}`], {
      scrapeInterval: '1s',
      logFile: path.join(ARTIFACTS, 'metrics', 'prometheus.log'),
    });
  });
  afterAll(async () => {
    await prometheus?.stop();
    await cluster?.stop();
  });

  /** Polls `check` until it returns a value (not undefined) or `ms` pass; then the last value it saw. */
  async function eventually<T>(check: () => Promise<T | undefined>, ms: number): Promise<T | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value !== undefined || Date.now() > deadline) return value;
      await sleep(250);
    }
  }

  it('scrapes both replicas: both targets up', async () => {
    const healthy = await eventually(async () => {
      const targets = await prometheus.targets();
      return targets.length === 2 && targets.every((target) => target.health === 'up') ? targets : undefined;
    }, 20_000);
    expect((healthy ?? (await prometheus.targets())).map((target) => [target.scrapeUrl, target.health]).sort()).toEqual(
      [`http://127.0.0.1:${metricsPorts.a}/metrics`, `http://127.0.0.1:${metricsPorts.b}/metrics`].sort().map((url) => [url, 'up']),
    );
    const up = await prometheus.query('up{job="scholarmatch"}');
    expect(up.map((sample) => sample.value)).toEqual([1, 1]);
    const database = await prometheus.query('scholarmatch_database_up');
    expect(database.map((sample) => sample.value)).toEqual([1, 1]);
    // The repository's alert and recording rules, loaded beside (deploy/prometheus/rules/).
    expect(await prometheus.ruleCount()).toBeGreaterThan(0);
  });

  it('counts every request once, on the replica that served it', async () => {
    const from = clientAddress(1);
    const served = { a: 0, b: 0 } as Record<ReplicaName, number>;
    for (let i = 0; i < REQUESTS; i++) {
      // A different id each time: one series per replica whatever the ids.
      const reply = await cluster.call('GET', `/scholarships/${randomUUID()}`, { from });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      served[reply.servedBy!]++;
    }
    expect(served.a + served.b).toBe(REQUESTS);
    expect(served.a).toBeGreaterThan(0);
    expect(served.b).toBeGreaterThan(0);

    const selector = `http_server_request_duration_seconds_count{job="scholarmatch",route="${ROUTE}"}`;
    const total = async () => (await prometheus.query(`sum(${selector})`))[0]?.value ?? 0;
    // Scrapes come every second: wait for one after the last request on both replicas.
    const counted = await eventually(async () => ((await total()) === REQUESTS ? REQUESTS : undefined), 15_000);
    expect(counted ?? (await total())).toBe(REQUESTS);

    // Per replica, what nginx says each served; and one series per replica (the ids made none).
    const perInstance = await prometheus.query(`sum by (instance) (${selector})`);
    const byPort = Object.fromEntries(perInstance.map((sample) => [sample.metric.instance, sample.value]));
    expect(byPort).toEqual({ [`127.0.0.1:${metricsPorts.a}`]: served.a, [`127.0.0.1:${metricsPorts.b}`]: served.b });
    const series = await prometheus.query(`count(${selector})`);
    expect(series[0]?.value).toBe(2);
    record('prometheus', { requests: REQUESTS, servedByA: served.a, servedByB: served.b, countedByPrometheus: counted });
  });
});
