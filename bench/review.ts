/**
 * Part `review` of `npm run bench` (docs/review.md): one scholarship with 10,000
 * submitted applications from the scale data's applicants, then
 * - the provider's applicants list, one request at a time, over its filters, search, sorts and
 *   pages (first calls of each variant are warm-up);
 * - the list's first call after a rule change and on a new day (the whole judgement is then the
 *   job's), and how long until the job's new verdicts show;
 * - the CSV export of all 10,000: the server's resident memory before, at its peak while the
 *   download is read, and after.
 * The scholarship and its applications are removed afterwards.
 */
import { readFileSync } from 'node:fs';
import type { BenchServer } from './bench-server.js';
import { json, percentile, type Result } from './measure.js';
import { BENCH_DOMAIN, BENCH_PASSWORD } from './scale-data.js';

export const REVIEW_LIST = 'GET scholarships/{id}/applicants at 10,000 applications (filters, search, sorts, pages), sequential';
const APPLICATIONS = 10_000;
const SAMPLES = 40;

const VARIANTS = [
  '',
  '?offset=9980',
  '?sort=-score',
  '?sort=name&offset=5000',
  '?status=Shortlisted',
  '?eligible=eligible',
  '?search=smith',
  '?search=bench',
  '?status=Received&eligible=missing&sort=submittedAt&limit=100',
];

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

async function seed(bench: BenchServer): Promise<{ scholarshipId: string; token: string }> {
  const { data } = await json(`${bench.baseUrl}/api/v1/users/auth/login`, {
    method: 'POST',
    body: { userName: `provider0@${BENCH_DOMAIN}`, password: BENCH_PASSWORD, loginType: 'register_user' },
  });
  const token = data.accessToken as string;
  const created = await json(`${bench.baseUrl}/api/v1/providers/scholarships`, {
    method: 'POST',
    token,
    body: {
      title: 'Bench Review Scholarship', award: 1000,
      criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 2.5 }, { fieldKey: 'country', operator: 'in', value: ['us'] }],
      requirements: [{ title: 'Essay', dataType: 'editor', key: 'essay' }, { title: 'Motto', dataType: 'text', key: 'motto' }],
    },
  });
  const scholarshipId = created.data.id as string;
  await bench.sql.query(
    `INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at, review_status, average_score, review_count)
     SELECT u.id, $1, 'Received',
            jsonb_build_object('essay', jsonb_build_object('text', '<p>' || repeat('An essay about my goals. ', 40) || '</p>'), 'motto', '=1+' || n),
            now() - (n || ' minutes')::interval,
            (ARRAY['Received', 'Under review', 'Shortlisted'])[1 + n % 3],
            CASE WHEN n % 4 = 0 THEN NULL ELSE (n % 100)::numeric END, CASE WHEN n % 4 = 0 THEN 0 ELSE 1 + n % 3 END
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE role = 'applicant' AND email LIKE '%@' || $2 LIMIT $3) AS u`,
    [scholarshipId, BENCH_DOMAIN, APPLICATIONS],
  );
  await bench.sql.query('VACUUM ANALYZE applications');
  return { scholarshipId, token };
}

async function timed(url: string, token: string): Promise<number> {
  return (await listCall(url, token)).ms;
}

/** One list call: its time, and whether the server said the eligibility is being judged again. */
async function listCall(url: string, token: string): Promise<{ ms: number; updating: boolean }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: { eligibilityUpdating?: boolean } };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms, updating: body.data?.eligibilityUpdating === true };
}

/** The list's first call after `change` (a rule change, a new day), and how long the job took to bring the new verdicts. */
async function firstCallAfter(change: () => Promise<void>, url: string, token: string): Promise<{ firstMs: number; updating: boolean; judgedAfterMs: number }> {
  await change();
  const started = performance.now();
  const first = await listCall(url, token);
  let updating = first.updating;
  while (updating) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    updating = (await listCall(url, token)).updating;
  }
  return { firstMs: first.ms, updating: first.updating, judgedAfterMs: performance.now() - started };
}

export async function measureReview(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<void> {
  const { scholarshipId, token } = await seed(bench);
  try {
    const base = `${bench.baseUrl}/api/v1/scholarships/${scholarshipId}/applicants`;
    // The very first call judges the 10,000 applications, none judged yet (a bulk import: applications
    // arriving one by one are judged a few at a time by the list and by the minutely job).
    const judging = await timed(base, token);
    log(`review: first list call ever (judges eligibility of ${APPLICATIONS} unjudged): ${Math.round(judging)} ms`);
    const times: number[] = [];
    const byVariant: string[] = [];
    for (const variant of VARIANTS) {
      for (let i = 0; i < 3; i++) await timed(base + variant, token);
      const own: number[] = [];
      for (let i = 0; i < SAMPLES; i++) own.push(await timed(base + variant, token));
      times.push(...own);
      own.sort((a, b) => a - b);
      byVariant.push(`${variant || '(default)'} p95 ${percentile(own, 95)} ms`);
    }
    const sorted = times.sort((a, b) => a - b);
    log(`review list by variant: ${byVariant.join('; ')}`);

    // The whole judgement is the job's (docs/review.md, "Eligibility"): the first call after a rule
    // change or on a new day answers with the last verdicts, and the list asks until the job is done.
    const ruleChange = await firstCallAfter(async () => {
      await json(`${bench.baseUrl}/api/v1/providers/scholarships/${scholarshipId}`, {
        method: 'PATCH', token, body: { criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 2.6 }, { fieldKey: 'country', operator: 'in', value: ['us'] }] },
      });
    }, base, token);
    const newDay = await firstCallAfter(async () => {
      await bench.sql.query(`UPDATE scholarships SET eligibility_judged_on = eligibility_judged_on - 1 WHERE id = $1`, [scholarshipId]);
    }, base, token);
    log(
      `review: first list call after a rule change ${Math.round(ruleChange.firstMs)} ms (updating: ${ruleChange.updating}, new verdicts after ${Math.round(ruleChange.judgedAfterMs)} ms); ` +
        `on a new day ${Math.round(newDay.firstMs)} ms (updating: ${newDay.updating}, new verdicts after ${Math.round(newDay.judgedAfterMs)} ms)`,
    );
    results.push({
      name: REVIEW_LIST, rps: 0, p50_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95), p99_ms: percentile(sorted, 99), errors: 0, server_cpu_ms_per_1k: 0,
      first_call_ms: Math.round(judging),
      first_call_after_rule_change_ms: Math.round(ruleChange.firstMs),
      first_call_on_new_day_ms: Math.round(newDay.firstMs),
      judged_in_background_ms: Math.round(Math.max(ruleChange.judgedAfterMs, newDay.judgedAfterMs)),
    } as Result);

    const before = rssMb(bench.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(bench.pid))), 20);
    const started = performance.now();
    const res = await fetch(`${bench.baseUrl}/api/v1/scholarships/${scholarshipId}/applicants-data/export`, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    clearInterval(sampler);
    const after = rssMb(bench.pid);
    log(`review export: ${lines} lines, ${Math.round(bytes / 1024)} kB in ${Math.round(performance.now() - started)} ms; server RSS before ${before} MB, peak ${peak} MB, after ${after} MB`);
    results.push({ name: 'GET applicants-data/export (10,000 applications): server RSS growth MB', rps: 0, p50_ms: Math.round(performance.now() - started), p95_ms: 0, p99_ms: 0, errors: 0, server_cpu_ms_per_1k: 0, rss_before_mb: before, rss_peak_mb: peak, rss_after_mb: after, bytes } as Result);
  } finally {
    await bench.sql.query(`DELETE FROM scholarships WHERE id = $1`, [scholarshipId]);
  }
}
