/**
 * Part `matching` of `npm run bench`, at the scale of docs/matching.md: 100,000 scholarships × 100,000
 * applicants (bench/scale-data.ts), each autocannon connection a different signed-in bench
 * applicant, as in real use. Measures the list page, the count, the stats, the dashboard summary,
 * the public eligibility stats and a scholarship's details; then, one request at a time, what a
 * recomputation costs (the first list call of the day), what a profile save costs the next list
 * call (only what it changed is judged), and an uncached public stats query.
 */
import { inParallel, type BenchServer } from './bench-server.js';
import { CONNECTIONS, json, percentile, scenario, type Result } from './measure.js';

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

export const LIST_PAGE = 'GET mine-eligible-scholarships (list page)';
export const COUNT = 'GET mine-eligible-scholarships/count';
export const STATS = 'GET scholarships/stats';

export async function measureMatching(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<void> {
  await bench.freshTokens();
  const api = `${bench.baseUrl}/api/v1`;
  const health = `${api}/health`;
  // One applicant per connection, spread over the population (the bench applicants are members, so details open).
  const applicants = bench.applicants.slice(0, CONNECTIONS);

  // First list call of each applicant: computes and stores their matches (their stored ones are dropped first).
  await bench.sql.query(`DELETE FROM applicant_match_state WHERE user_id = ANY($1)`, [applicants.map((a) => a.id)]);
  results.push(await sequential('first list call (matches computed), sequential', applicants.length, (i) => timed(`${api}/scholarships/mine-eligible-scholarships?limit=6`, applicants[i].token)));
  // Recomputing replaces an applicant's rows; where PostgreSQL runs without autovacuum (this
  // machine's does), the dead rows and stale statistics would steer the list query to a sort of
  // every match instead of the index walk (docs/matching.md). Do what autovacuum would have done.
  // (warmMatches vacuums too when it computed anything.)
  await bench.sql.query('VACUUM ANALYZE applicant_matches, applicant_match_state');
  await bench.warmMatches();
  const eligible = await Promise.all(applicants.map(async (a) => (await json(`${api}/scholarships/mine-eligible-scholarships/count`, { token: a.token })).data as number));
  log(`bench applicants' eligible counts: ${eligible.join(', ')}`);

  const list = (_a: unknown, i: number) => [
    { path: '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=true&limit=6&offset=0' },
    { path: `/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=true&limit=6&offset=${6 * (1 + (i % 20))}` },
    { path: '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=false&limit=6&offset=6' },
    { path: '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=false&requirementFields=cv&limit=6&offset=0' },
  ];
  await scenario(LIST_PAGE, health, bench.pid, bench.perApplicant(list), results);
  const counts = () => [
    { path: '/api/v1/scholarships/mine-eligible-scholarships/count?withoutRequirement=true' },
    { path: '/api/v1/scholarships/mine-eligible-scholarships/count?withoutRequirement=false' },
    { path: '/api/v1/scholarships/mine-eligible-scholarships/count?withoutRequirement=false&requirementFields=cv' },
  ];
  await scenario(COUNT, health, bench.pid, bench.perApplicant(counts), results);
  await scenario(STATS, health, bench.pid, bench.perApplicant(() => [{ path: '/api/v1/scholarships/stats' }]), results);
  await scenario('GET scholarships/dashboard-summary', health, bench.pid, bench.perApplicant(() => [{ path: '/api/v1/scholarships/dashboard-summary' }]), results);
  await scenario('GET scholarships/{id} (details, members)', health, bench.pid, bench.perApplicant((a) => a.detailIds.map((id) => ({ path: `/api/v1/scholarships/${id}` }))), results);

  // The sign-up teaser: a few school levels × fields of study × birth years, as visitors send them.
  const fields = (await bench.sql.query(`SELECT id, key, options FROM form_fields WHERE key IN ('schoolLevel', 'fieldOfStudy', 'dob')`)).rows as { id: number; key: string; options: { value: string }[] }[];
  const field = (key: string) => fields.find((f) => f.key === key)!;
  const teaser = (i: number, dob = `${2004 + (i % 6)}-0${1 + (i % 9)}-15`) =>
    JSON.stringify({
      eligiblityFilters: {
        [`field.${field('schoolLevel').id}`]: field('schoolLevel').options[i % 8].value,
        [`field.${field('fieldOfStudy').id}`]: field('fieldOfStudy').options[(i * 7) % 40].value,
        [`field.${field('dob').id}`]: dob,
      },
    });
  // Answers are cached ten minutes by their filters: this measures the cached path (the uncached one follows).
  await inParallel(Array.from({ length: 60 }, (_, i) => i), 4, async (i) => {
    await json(`${api}/scholarships/eligible-scholarships/stats`, { method: 'POST', body: JSON.parse(teaser(i)) });
  });
  await scenario(
    'POST eligible-scholarships/stats (public, 60 distinct inputs)',
    health,
    bench.pid,
    bench.perApplicant(() => Array.from({ length: 60 }, (_, i) => ({ method: 'POST' as const, path: '/api/v1/scholarships/eligible-scholarships/stats', body: teaser(i) }))),
    results,
  );
  results.push(
    await sequential('POST eligible-scholarships/stats uncached, sequential', 20, (i) =>
      timed(`${api}/scholarships/eligible-scholarships/stats`, undefined, { method: 'POST', body: JSON.parse(teaser(i, `1999-12-${10 + i}`)) }),
    ),
  );

  // A profile save moves the answers' version: the next list call brings the matches up to date
  // (no stale cache), judging only the scholarships with a rule on the changed field
  // (docs/matching.md, "A profile save"). The career goal: a rule on it (answered or not) in about a
  // fifth of the offers, whose verdicts stay; the field of study: in about a third, whose verdicts move.
  const saveThenList = (field: string, values: [string, string]) => async (i: number) => {
    const applicant = applicants[i % applicants.length];
    await bench.sql.query(`UPDATE users SET profile = profile || jsonb_build_object($2::text, $3::text) WHERE id = $1`, [
      applicant.id,
      field,
      values[Math.floor(i / applicants.length) % 2],
    ]);
    return timed(`${api}/scholarships/mine-eligible-scholarships?limit=6`, applicant.token);
  };
  const fieldOfStudy = field('fieldOfStudy').options;
  results.push(await sequential('list call right after a profile save, sequential', 2 * applicants.length, saveThenList('careerGoal', ['accountant', 'architect'])));
  results.push(
    await sequential(
      'list call right after a save of the field of study, sequential',
      2 * applicants.length,
      saveThenList('fieldOfStudy', [fieldOfStudy[0].value, fieldOfStudy[1].value]),
    ),
  );
  await bench.sql.query('VACUUM ANALYZE applicant_matches, applicant_match_state');
}
