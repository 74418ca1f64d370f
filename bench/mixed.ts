/**
 * Part `mixed` of `npm run bench`: a blend of the scenarios at once, for BENCH_MIXED_DURATION
 * seconds (default 60) after a warm-up, over CONNECTIONS connections, each request another bench
 * applicant (BENCH_APPLICANTS of them, default 256) chosen at random. What a signed-in student
 * mostly does is read lists and details; writes are rarer, logins rarer still:
 *
 * | kind | share | requests |
 * |---|---|---|
 * | list page | 30 % | mine-eligible-scholarships, Easy Apply or not, with or without a CV filter, pages 1–20 |
 * | details | 15 % | scholarships/{id}, one of the applicant's first-page matches |
 * | count, stats, dashboard summary | 5 % each | the list's count, the sidebar stats, the dashboard tiles |
 * | profile read | 10 % | GET register-applicants/profile |
 * | form schema | 10 % | the three profile tabs' forms and a requirement form (GET scholarships/{id}/form) |
 * | draft save | 10 % | the applicant's draft again (Draft) |
 * | profile save | 5 % | the applicant's Basic tab, unchanged |
 * | submission | 3 % | a new application (Received), a fresh (applicant, scholarship) pair |
 * | login | 2 % | argon2id verification and a new session |
 *
 * The kinds come from a shuffled deck of 100 (exact shares), the applicants from a seeded
 * generator, so two runs send the same sequence. Reports the blend's requests per second and
 * latency percentiles, and the same per kind. Every request must succeed: one error fails the
 * bench.
 */
import type { Applications } from './applications.js';
import type { Applicant, BenchServer } from './bench-server.js';
import { CONNECTIONS, measure, percentile, WARMUP, type BenchClient, type RequestSpec, type Result } from './measure.js';
import { BENCH_PASSWORD } from './scale-data.js';

export const MIXED_DURATION = Number(process.env.BENCH_MIXED_DURATION ?? 60);
export const MIXED = 'mixed load (blend of the scenarios)';

type Kind = 'list page' | 'details' | 'count' | 'stats' | 'dashboard summary' | 'profile read' | 'form schema' | 'draft save' | 'profile save' | 'submission' | 'login';

export const MIX: Record<Kind, number> = {
  'list page': 30,
  details: 15,
  count: 5,
  stats: 5,
  'dashboard summary': 5,
  'profile read': 10,
  'form schema': 10,
  'draft save': 10,
  'profile save': 5,
  submission: 3,
  login: 2,
};

/** A small seeded generator (mulberry32): the same sequence every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface KindFigures {
  kind: string;
  share_pct: number;
  requests: number;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  errors: number;
}

export async function measureMixed(bench: BenchServer, applications: Applications, results: Result[]): Promise<Result> {
  await bench.freshTokens();
  await applications.check();
  // Stored matches for every bench applicant (the first call of the day computes them, ~0.4 s each).
  await bench.warmMatches();
  const random = seeded(2026);
  const deck = (Object.entries(MIX) as [Kind, number][]).flatMap(([kind, weight]) => Array<Kind>(weight).fill(kind));
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const forms = ['/api/v1/forms/profile-education', '/api/v1/forms/profile-basic', '/api/v1/forms/profile-contact', `/api/v1/scholarships/${applications.draftScholarshipId}/form`];
  const signedIn = (applicant: Applicant, method: string, path: string, body?: string): RequestSpec => ({
    method,
    path,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${applicant.token}` },
    ...(body ? { body } : {}),
  });
  const build: Record<Kind, (applicant: Applicant) => RequestSpec> = {
    'list page': (a) => {
      const offset = 6 * Math.floor(random() * 20);
      const filter = pick(['withoutRequirement=true', 'withoutRequirement=false', 'withoutRequirement=false&requirementFields=cv']);
      return signedIn(a, 'GET', `/api/v1/scholarships/mine-eligible-scholarships?${filter}&limit=6&offset=${offset}`);
    },
    details: (a) => signedIn(a, 'GET', `/api/v1/scholarships/${pick(a.detailIds)}`),
    count: (a) => signedIn(a, 'GET', `/api/v1/scholarships/mine-eligible-scholarships/count?${pick(['withoutRequirement=true', 'withoutRequirement=false'])}`),
    stats: (a) => signedIn(a, 'GET', '/api/v1/scholarships/stats'),
    'dashboard summary': (a) => signedIn(a, 'GET', '/api/v1/scholarships/dashboard-summary'),
    'profile read': (a) => signedIn(a, 'GET', '/api/v1/register-applicants/profile'),
    'form schema': (a) => signedIn(a, 'GET', pick(forms)),
    'draft save': (a) => applications.draftRequest(a),
    'profile save': (a) => signedIn(a, 'PUT', `/api/v1/register-applicants/${a.id}`, a.basicSave),
    submission: () => applications.nextSubmission(),
    login: (a) => ({
      method: 'POST',
      path: '/api/v1/users/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: a.email, password: BENCH_PASSWORD, loginType: 'register_user' }),
    }),
  };

  let sent = 0;
  // Which kind each connection has in flight (one request at a time per connection).
  const inFlight = new WeakMap<BenchClient, Kind>();
  let byKind = new Map<Kind, { times: number[]; errors: number }>();
  const shape = {
    connections: CONNECTIONS,
    setupClient: (client: BenchClient) =>
      client.setRequests([
        {
          setupRequest: (request: RequestSpec) => {
            const kind = deck[sent++ % deck.length];
            inFlight.set(client, kind);
            return { ...request, ...build[kind](pick(bench.applicants)) };
          },
        },
      ]),
    onResponse: (client: BenchClient, statusCode: number, responseTime: number) => {
      const kind = inFlight.get(client)!;
      let figures = byKind.get(kind);
      if (!figures) byKind.set(kind, (figures = { times: [], errors: 0 }));
      figures.times.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) figures.errors++;
    },
  };
  const health = `${bench.baseUrl}/api/v1/health`;
  const warmUp = await measure('warm-up', health, bench.pid, WARMUP, shape);
  byKind = new Map();
  const result = await measure(MIXED, health, bench.pid, MIXED_DURATION, shape);
  result.errors += warmUp.errors + (await applications.submissionsLeftAsDrafts());
  const mix: KindFigures[] = (Object.keys(MIX) as Kind[]).map((kind) => {
    const figures = byKind.get(kind) ?? { times: [], errors: 0 };
    const times = [...figures.times].sort((a, b) => a - b);
    return {
      kind,
      share_pct: MIX[kind],
      requests: times.length,
      rps: Math.round(times.length / MIXED_DURATION),
      p50_ms: percentile(times, 50),
      p95_ms: percentile(times, 95),
      p99_ms: percentile(times, 99),
      errors: figures.errors,
    };
  });
  Object.assign(result, { duration_s: MIXED_DURATION, connections: CONNECTIONS, applicants: bench.applicants.length, mix });
  results.push(result);
  return result;
}

export function printMix(result: Result, write: (text: string) => void = (text) => process.stdout.write(text)): void {
  const mix = result.mix as KindFigures[] | undefined;
  if (!mix) return;
  write(`\nmixed load by kind (${result.duration_s} s, ${result.connections} connections, ${result.applicants} applicants):\n`);
  const header = ['kind', 'share %', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
  const rows = mix.map((m) => [m.kind, m.share_pct, m.requests, m.rps, m.p50_ms, m.p95_ms, m.p99_ms, m.errors].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  write(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
}
