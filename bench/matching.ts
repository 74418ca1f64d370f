/**
 * Matching at issue 5's scale: 100,000 scholarships × 100,000 applicants (bench/scale-data.ts),
 * each autocannon connection a different signed-in applicant, as in real use. Measures the list
 * page, the count, the stats, the dashboard summary, the public eligibility stats and a
 * scholarship's details; then, one request at a time, what a recomputation costs (the first list
 * call after a profile save) and an uncached public stats query.
 *
 * The data lives in its own database, kept between runs (generating it takes a few minutes):
 * BENCH_DATABASE_URL, else `scholarmatch_bench` on DATABASE_URL's server, else on the local
 * PostgreSQL at 127.0.0.1:5432.
 */
import argon2 from 'argon2';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/harness.js';
import { CONNECTIONS, DURATION, json, measure, medianRound, percentile, ROUNDS, WARMUP, type RequestShape, type Result } from './measure.js';
import { BENCH_DOMAIN, BENCH_PASSWORD, ensureScaleData, SCALE } from './scale-data.js';

export function benchDatabaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/scholarmatch_bench';
  return url.toString();
}

async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
  if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  await client.end();
}

interface Applicant {
  id: string;
  token: string;
}

/** Each connection its own applicant, cycling through `paths` (several pages or filters). */
function perApplicant(applicants: Applicant[], paths: (applicant: Applicant, index: number) => string[], request: { method?: 'GET' | 'POST'; body?: (i: number) => string } = {}): RequestShape {
  let next = 0;
  return {
    connections: CONNECTIONS,
    setupClient: (client) => {
      const index = next++;
      const applicant = applicants[index % applicants.length];
      client.setRequests(
        paths(applicant, index).map((requestPath, i) => ({
          method: request.method ?? 'GET',
          path: requestPath,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${applicant.token}` },
          ...(request.body ? { body: request.body(index + i) } : {}),
        })),
      );
    },
  };
}

async function scenario(name: string, baseUrl: string, pid: number, shape: RequestShape, results: Result[]): Promise<void> {
  await measure('warm-up', `${baseUrl}/api/v1/health`, pid, WARMUP, shape);
  const rounds: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await measure(name, `${baseUrl}/api/v1/health`, pid, DURATION, shape));
  results.push(medianRound(rounds));
}

/** One request at a time: `run` returns its duration in ms. */
async function sequential(name: string, samples: number, run: (i: number) => Promise<number>): Promise<Result> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await run(i));
  times.sort((a, b) => a - b);
  const total = times.reduce((sum, t) => sum + t, 0);
  return { name, rps: Math.round((samples / total) * 1000), p50_ms: percentile(times, 50), p95_ms: percentile(times, 95), p99_ms: percentile(times, 99), errors: 0, server_cpu_ms_per_1k: 0 };
}

async function timed(url: string, token?: string, init: { method?: string; body?: unknown } = {}): Promise<number> {
  const started = performance.now();
  await json(url, { ...init, token });
  return Math.round((performance.now() - started) * 100) / 100;
}

export async function measureMatching(results: Result[], log: (line: string) => void): Promise<void> {
  const databaseUrl = benchDatabaseUrl();
  await ensureDatabase(databaseUrl);
  const server = await startServer({
    databaseUrl,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    logFile: path.join(os.tmpdir(), `scholarmatch-bench-matching-${process.pid}.log`),
    env: { DEMO_DATA: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  try {
    const hash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await ensureScaleData(databaseUrl, hash, log);
    const api = `${server.baseUrl}/api/v1`;
    // Applicants spread over the population; members, so that details open.
    const emails = Array.from({ length: CONNECTIONS }, (_, i) => `applicant${1 + i * Math.floor(SCALE.applicants / CONNECTIONS)}@${BENCH_DOMAIN}`);
    await server.sql.query(`UPDATE users SET is_active_subscription = true WHERE email = ANY($1)`, [emails]);
    const applicants: Applicant[] = [];
    for (const email of emails) {
      const { data } = await json(`${api}/users/auth/login`, { method: 'POST', body: { userName: email, password: BENCH_PASSWORD, loginType: 'register_user' } });
      applicants.push({ id: data.user.id, token: data.accessToken });
    }

    // First list call of each applicant: computes and stores their matches.
    results.push(await sequential('first list call (matches computed), sequential', applicants.length, (i) => timed(`${api}/scholarships/mine-eligible-scholarships?limit=6`, applicants[i].token)));
    // Recomputing replaces an applicant's rows; where PostgreSQL runs without autovacuum (this
    // machine's does), the dead rows and stale statistics would steer the list query to a sort of
    // every match instead of the index walk (docs/matching.md). Do what autovacuum would have done.
    await server.sql.query('VACUUM ANALYZE applicant_matches, applicant_match_state');
    const eligible = await Promise.all(applicants.map(async (a) => (await json(`${api}/scholarships/mine-eligible-scholarships/count`, { token: a.token })).data as number));
    log(`bench applicants' eligible counts: ${eligible.join(', ')}`);
    const ids = await Promise.all(applicants.map(async (a) => ((await json(`${api}/scholarships/mine-eligible-scholarships?limit=5`, { token: a.token })).data as { id: string }[]).map((s) => s.id)));

    const list = (a: Applicant, i: number) => [
      '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=true&limit=6&offset=0',
      `/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=true&limit=6&offset=${6 * (1 + (i % 20))}`,
      '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=false&limit=6&offset=6',
      '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=false&requirementFields=cv&limit=6&offset=0',
    ];
    await scenario('GET mine-eligible-scholarships (list page)', server.baseUrl, server.pid, perApplicant(applicants, list), results);
    const counts = () => [
      '/api/v1/scholarships/mine-eligible-scholarships/count?withoutRequirement=true',
      '/api/v1/scholarships/mine-eligible-scholarships/count?withoutRequirement=false',
      '/api/v1/scholarships/mine-eligible-scholarships/count?withoutRequirement=false&requirementFields=cv',
    ];
    await scenario('GET mine-eligible-scholarships/count', server.baseUrl, server.pid, perApplicant(applicants, counts), results);
    await scenario('GET scholarships/stats', server.baseUrl, server.pid, perApplicant(applicants, () => ['/api/v1/scholarships/stats']), results);
    await scenario('GET scholarships/dashboard-summary', server.baseUrl, server.pid, perApplicant(applicants, () => ['/api/v1/scholarships/dashboard-summary']), results);
    await scenario('GET scholarships/{id} (details, members)', server.baseUrl, server.pid, perApplicant(applicants, (_a, i) => ids[i % ids.length].map((id) => `/api/v1/scholarships/${id}`)), results);

    // The sign-up teaser: a few school levels × fields of study × birth years, as visitors send them.
    const fields = (await server.sql.query(`SELECT id, key, options FROM form_fields WHERE key IN ('schoolLevel', 'fieldOfStudy', 'dob')`)).rows as { id: number; key: string; options: { value: string }[] }[];
    const field = (key: string) => fields.find((f) => f.key === key)!;
    const teaser = (i: number, dob = `${2004 + (i % 6)}-0${1 + (i % 9)}-15`) =>
      JSON.stringify({
        eligiblityFilters: {
          [`field.${field('schoolLevel').id}`]: field('schoolLevel').options[i % 8].value,
          [`field.${field('fieldOfStudy').id}`]: field('fieldOfStudy').options[(i * 7) % 40].value,
          [`field.${field('dob').id}`]: dob,
        },
      });
    await scenario(
      'POST eligible-scholarships/stats (public, 60 distinct inputs)',
      server.baseUrl,
      server.pid,
      perApplicant(applicants, () => Array.from({ length: 60 }, () => '/api/v1/scholarships/eligible-scholarships/stats'), { method: 'POST', body: (i) => teaser(i % 60) }),
      results,
    );
    results.push(
      await sequential('POST eligible-scholarships/stats uncached, sequential', 20, (i) =>
        timed(`${api}/scholarships/eligible-scholarships/stats`, undefined, { method: 'POST', body: JSON.parse(teaser(i, `1999-12-${10 + i}`)) }),
      ),
    );

    // A profile save moves the answers' version: the next list call recomputes (no stale cache).
    results.push(
      await sequential('list call right after a profile save (recomputed), sequential', 2 * applicants.length, async (i) => {
        const applicant = applicants[i % applicants.length];
        await server.sql.query(`UPDATE users SET profile = profile || jsonb_build_object('careerGoal', $2::text) WHERE id = $1`, [
          applicant.id,
          Math.floor(i / applicants.length) % 2 ? 'accountant' : 'architect',
        ]);
        return timed(`${api}/scholarships/mine-eligible-scholarships?limit=6`, applicant.token);
      }),
    );
  } finally {
    await server.stop();
  }
}
