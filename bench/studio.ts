/**
 * Part `studio` of `npm run bench` (docs/matching.md): at 100,000 applicants,
 * - the eligibility builder's live count (POST providers/eligibility-count), one request at a
 *   time over typical rule sets of one to four rules;
 * - how long after a provider's publish, criteria change and close every stored list, count and
 *   stats answer reflects it, with **every** applicant holding stored matches. The bench computes
 *   real matches only for its own applicants (about 0.4 s each), so the others get a stored state
 *   of their own that holds none (summary zeros, no rows): the change job then does the work it
 *   would do for them, and the bench applicants' answers are checked through the API against the
 *   matcher's own verdicts. Those states are removed afterwards.
 */
import type { BenchServer } from './bench-server.js';
import { json, percentile, type Result } from './measure.js';
import { BENCH_DOMAIN, BENCH_PASSWORD } from './scale-data.js';

export const LIVE_COUNT = 'POST providers/eligibility-count (live count, 1-4 rules), sequential';
export const TO_CONSISTENCY = 'provider change -> every stored answer reflects it';
const SAMPLES_PER_SET = 8;
const CYCLES = 3;
const POLL_MS = 25;
const GIVE_UP_MS = 120_000;

/** Rule sets a provider builds: the typical ones, then a ZIP list (a field with tens of thousands of distinct answers). */
const RULE_SETS: object[][] = [
  [{ fieldKey: 'gpa', operator: 'gte', value: 3 }],
  [{ fieldKey: 'gpa', operator: 'gte', value: 3 }, { fieldKey: 'country', operator: 'in', value: ['us'] }],
  [{ fieldKey: 'schoolLevel', operator: 'exists' }, { fieldKey: 'dob', operator: 'ageBetween', value: [16, 24] }, { fieldKey: 'citizenship', operator: 'in', value: ['us-citizen'] }],
  [
    { fieldKey: 'gpa', operator: 'gte', value: 3.5 },
    { fieldKey: 'country', operator: 'in', value: ['us'] },
    { fieldKey: 'dob', operator: 'ageBetween', value: [17, 22] },
    { fieldKey: 'careerGoal', operator: 'exists' },
  ],
  [{ fieldKey: 'zipCode', operator: 'in', value: ['10001', '94110', '73301'] }],
];

export async function signInProvider(bench: BenchServer): Promise<string> {
  const { data } = await json(`${bench.baseUrl}/api/v1/users/auth/login`, {
    method: 'POST',
    body: { userName: `provider0@${BENCH_DOMAIN}`, password: BENCH_PASSWORD, loginType: 'register_user' },
  });
  return data.accessToken as string;
}

function summarise(name: string, times: number[], extra: Record<string, unknown> = {}): Result {
  const sorted = [...times].sort((a, b) => a - b);
  return { name, rps: 0, p50_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95), p99_ms: percentile(sorted, 99), errors: 0, server_cpu_ms_per_1k: 0, ...extra };
}

async function measureLiveCount(bench: BenchServer, token: string, results: Result[], log: (line: string) => void): Promise<void> {
  const url = `${bench.baseUrl}/api/v1/providers/eligibility-count`;
  const times: number[] = [];
  const bySet: string[] = [];
  for (const criteria of RULE_SETS) {
    const own: number[] = [];
    for (let i = 0; i <= SAMPLES_PER_SET; i++) {
      const started = performance.now();
      const { data } = await json(url, { method: 'POST', body: { criteria }, token });
      const ms = performance.now() - started;
      // The first of each set plans the statement on this connection.
      if (i > 0) own.push(ms);
      if (i === 0) bySet.push(`${criteria.length} rule(s): ${data.eligible} of ${data.total} eligible`);
    }
    if (criteria !== RULE_SETS[RULE_SETS.length - 1]) times.push(...own);
    results.push(summarise(`live count: ${criteria.map((rule) => (rule as { fieldKey: string }).fieldKey).join(' + ')}`, own));
  }
  log(`live count: ${bySet.join('; ')}`);
  results.push(summarise(LIVE_COUNT, times));
}

/** Gives every applicant without stored matches an empty stored state (computed now, for today); their ids. */
async function storeEveryone(bench: BenchServer): Promise<number> {
  const { rowCount } = await bench.sql.query(
    `INSERT INTO applicant_match_state (user_id, answers_version, catalogue_version, computed_for, computed_at, summary)
     SELECT u.id, u.answers_version, (SELECT version FROM match_catalogue), current_date, now(),
            '{"eligible": 0, "eligibleValue": 0, "easyApply": 0, "onlyRequirement": {}, "expiringSoon": 0, "missing": 0, "missingValue": 0}'
       FROM users u WHERE u.role = 'applicant'
     ON CONFLICT (user_id) DO NOTHING`,
  );
  await bench.sql.query('VACUUM ANALYZE applicant_match_state, applicant_matches');
  return rowCount ?? 0;
}

/** The bench applicants' eligible counts the matcher's own verdicts give with `criteria` on top of `before`. */
async function expectedCounts(bench: BenchServer, ids: string[], before: number[], criteria: object[] | null): Promise<number[]> {
  if (!criteria) return before;
  const { rows } = await bench.sql.query(
    `SELECT u.id, coalesce(bool_and(eligibility_rule_verdict(rule, field.data_type, matching_answers_of(u.profile, u.dob)->(rule->>'fieldKey'), current_date) = 'pass'), true) AS eligible
       FROM users u CROSS JOIN jsonb_array_elements($2::jsonb) AS rule
       LEFT JOIN form_fields field ON field.key = rule->>'fieldKey' AND field.active
      WHERE u.id = ANY($1) GROUP BY u.id`,
    [ids, JSON.stringify(criteria)],
  );
  const eligible = new Map(rows.map((row) => [row.id as string, row.eligible as boolean]));
  return ids.map((id, i) => before[i] + (eligible.get(id) ? 1 : 0));
}

async function countsOf(bench: BenchServer, applicants: BenchServer['applicants']): Promise<number[]> {
  return Promise.all(applicants.map(async (a) => (await json(`${bench.baseUrl}/api/v1/scholarships/mine-eligible-scholarships/count`, { token: a.token })).data as number));
}

/** Runs `change`, then waits until the job has applied it and every checked applicant's count is `expected`; ms. */
async function timeToConsistency(bench: BenchServer, checked: BenchServer['applicants'], change: () => Promise<void>, expected: () => Promise<number[]>): Promise<number> {
  const started = performance.now();
  await change();
  const want = await expected();
  for (;;) {
    const { rows } = await bench.sql.query(`SELECT p.applied_version >= c.version AS applied FROM match_catalogue c, match_progress p`);
    if (rows[0].applied && JSON.stringify(await countsOf(bench, checked)) === JSON.stringify(want)) return Math.round(performance.now() - started);
    if (performance.now() - started > GIVE_UP_MS) throw new Error('studio: the change did not reach the stored matches in time');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function measureConsistency(bench: BenchServer, token: string, results: Result[], log: (line: string) => void): Promise<void> {
  const api = `${bench.baseUrl}/api/v1`;
  await bench.warmMatches();
  const checked = bench.applicants.slice(0, 16);
  const ids = checked.map((a) => a.id);
  const added = await storeEveryone(bench);
  const { rows } = await bench.sql.query(`SELECT count(*)::int AS n FROM applicant_match_state`);
  log(`studio: ${rows[0].n} applicants with stored matches (${added} of them empty, for this part)`);
  const times: Record<'publish' | 'criteria' | 'close', number[]> = { publish: [], criteria: [], close: [] };
  const broad = [{ fieldKey: 'gpa', operator: 'gte', value: 3 }, { fieldKey: 'country', operator: 'in', value: ['us'] }];
  const narrower = [{ fieldKey: 'gpa', operator: 'gte', value: 3.5 }, { fieldKey: 'country', operator: 'in', value: ['us'] }];
  const deadline = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  try {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const { data } = await json(`${api}/providers/scholarships`, {
        method: 'POST',
        token,
        body: { title: `Bench Studio Change ${Date.now()}`, award: 2000, recurrenceConfig: { deadline }, criteria: broad, requirements: [] },
      });
      const base = await countsOf(bench, checked);
      times.publish.push(await timeToConsistency(bench, checked, async () => void (await json(`${api}/providers/scholarships/${data.id}/publish`, { method: 'POST', token, body: {} })), () => expectedCounts(bench, ids, base, broad)));
      times.criteria.push(
        await timeToConsistency(bench, checked, async () => void (await json(`${api}/providers/scholarships/${data.id}`, { method: 'PATCH', token, body: { criteria: narrower } })), () => expectedCounts(bench, ids, base, narrower)),
      );
      times.close.push(await timeToConsistency(bench, checked, async () => void (await json(`${api}/providers/scholarships/${data.id}/close`, { method: 'POST', token, body: {} })), () => expectedCounts(bench, ids, base, null)));
    }
  } finally {
    await bench.sql.query(`DELETE FROM applicant_match_state WHERE user_id <> ALL($1)`, [bench.applicants.map((a) => a.id)]);
    await bench.sql.query('VACUUM ANALYZE applicant_match_state, applicant_matches');
  }
  for (const kind of ['publish', 'criteria', 'close'] as const) {
    const label = { publish: 'publish', criteria: 'criteria change', close: 'close' }[kind];
    results.push(summarise(`${TO_CONSISTENCY}: ${label}, ${rows[0].n} stored`, times[kind], { max_ms: Math.max(...times[kind]) }));
  }
}

export async function measureStudio(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<void> {
  await bench.freshTokens();
  const token = await signInProvider(bench);
  await measureLiveCount(bench, token, results, log);
  await measureConsistency(bench, token, results, log);
}
