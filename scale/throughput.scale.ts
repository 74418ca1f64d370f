import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cpuMs, measure, medianRound, type Result } from '../bench/measure.js';
import { type Cluster, record, sleep, startCluster } from './support.js';

/** Seconds per measured round, rounds per target (the median round is kept), client connections. */
const SECONDS = Number(process.env.SCALE_DURATION ?? 3);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 16);
const ROUTES = ['/api/v1/register-applicants/form-fields', '/api/v1/health'];

/** nginx's worker processes (the master only hands out connections). */
function nginxWorkers(masterPid: number): number[] {
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${masterPid}/task`)) {
    children.push(...readFileSync(`/proc/${masterPid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  }
  return children;
}

/** How many requests of the access log written since `offset` each upstream served, by status ('127.0.0.1:4711 200'). */
function servedSince(log: string, offset: number): Record<string, number> {
  const counts: Record<string, number> = {};
  const text = readFileSync(log).subarray(offset).toString('utf8');
  for (const line of text.split('\n').filter(Boolean)) {
    const [upstream, status] = line.split(' ');
    counts[`${upstream} ${status}`] = (counts[`${upstream} ${status}`] ?? 0) + 1;
  }
  return counts;
}

interface Target {
  name: string;
  url: string;
}

/**
 * What two replicas behind nginx serve compared with one replica (docs/scaling.md, "Measured"):
 * autocannon on two read routes against replica a directly, nginx in front of replica a alone,
 * and nginx in front of both. Rounds are interleaved across the three so that other work on the
 * machine weighs on each alike; the median round of each is kept. The client, nginx, both
 * replicas and PostgreSQL share this machine's cores: the figures compare set-ups, they are no
 * capacity of a real deployment.
 */
describe('throughput of one replica and of two behind nginx', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster('throughput');
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it.each(ROUTES)('serves GET %s through nginx from both replicas, without errors', async (route) => {
    const targets: Target[] = [
      { name: 'one replica, direct', url: `${cluster.replicas.a.baseUrl}${route}` },
      { name: 'nginx, one replica', url: `${cluster.singleUrl}${route}` },
      { name: 'nginx, two replicas', url: `${cluster.balancerUrl}${route}` },
    ];
    const pids = { a: cluster.replicas.a.process.child.pid!, b: cluster.replicas.b.process.child.pid!, nginx: nginxWorkers(cluster.nginxPid) };
    const cpu = () => ({ a: cpuMs(pids.a), b: cpuMs(pids.b), nginx: pids.nginx.reduce((sum, pid) => sum + cpuMs(pid), 0) });
    for (const target of targets) await measure('warm-up', target.url, pids.a, 1, { connections: CONNECTIONS });

    const rounds = new Map<string, (Result & { cpuMsPer1k: Record<string, number> })[]>(targets.map((target) => [target.name, []]));
    // What nginx logged for its two targets: requests by replica and status.
    const logged = new Map<string, Record<string, number>>(targets.slice(1).map((target) => [target.name, {}]));
    const replicaOf = (upstream: string) => Object.values(cluster.replicas).find((replica) => upstream === `127.0.0.1:${replica.port}`)?.name ?? upstream;
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        const counts = logged.get(target.name);
        if (counts) await sleep(1100); // nginx flushes its access log every second: earlier lines are written
        const logOffset = statSync(cluster.nginxAccessLog).size;
        const before = cpu();
        const result = await measure(target.name, target.url, pids.a, SECONDS, { connections: CONNECTIONS });
        const after = cpu();
        const per1k = (ms: number) => Math.round((ms / (result.rps * SECONDS)) * 1000);
        rounds.get(target.name)!.push({
          ...result,
          cpuMsPer1k: { replicaA: per1k(after.a - before.a), replicaB: per1k(after.b - before.b), nginx: per1k(after.nginx - before.nginx) },
        });
        if (counts) {
          await sleep(1100);
          for (const [key, count] of Object.entries(servedSince(cluster.nginxAccessLog, logOffset))) {
            const [upstream, status] = key.split(' ');
            counts[`${replicaOf(upstream)} ${status}`] = (counts[`${replicaOf(upstream)} ${status}`] ?? 0) + count;
          }
        }
      }
    }
    const medians = targets.map((target) => {
      const all = rounds.get(target.name)!;
      const median = medianRound(all);
      const { cpuMsPer1k } = all.find((r) => r.rps === median.rps)!;
      const { name, rps, p50_ms, p95_ms, p99_ms, errors } = median;
      return { name, rps, p50_ms, p95_ms, p99_ms, errorsInAllRounds: errors, cpuMsPer1k, allRoundsRps: all.map((r) => r.rps), nginxLogged: logged.get(target.name) };
    });
    record(`GET ${route}`, { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, targets: medians, twoOverOne: Math.round((medians[2].rps / medians[0].rps) * 100) / 100 });

    // When a round's time is up autocannon closes its connections with a request in flight on
    // each; through nginx it may count a few of those as errors (nginx logs them 499: the client
    // went first). Anything beyond one per connection and round would be a real failure.
    for (const median of medians) expect(median.errorsInAllRounds).toBeLessThanOrEqual(ROUNDS * CONNECTIONS);
    // Every request nginx passed on was answered 200, but for those 499s.
    for (const counts of logged.values()) {
      expect(Object.keys(counts).filter((key) => !/ (200|499)$/.test(key))).toEqual([]);
      expect(Object.entries(counts).filter(([key]) => key.endsWith(' 499')).reduce((sum, [, count]) => sum + count, 0)).toBeLessThanOrEqual(ROUNDS * CONNECTIONS);
    }
    // Round robin: each replica served half of the balanced load.
    const balanced = logged.get('nginx, two replicas')!;
    expect(Math.abs(balanced['a 200'] - balanced['b 200'])).toBeLessThanOrEqual(ROUNDS * CONNECTIONS);
  });
});
