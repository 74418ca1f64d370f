/**
 * Part `automation` of `npm run bench` (docs/automation.md): automatic application at
 * scale. Every one of the 100,000 bench applicants becomes a member with automatic application on;
 * a provider publishes a profile-only scholarship whose rules about 20,000 of them pass (chosen
 * with the live count); the figure is the time from the publish request until every one of them
 * has exactly one application and one inbox message, as applications per second. Three cycles;
 * everything is put back afterwards.
 */
import type { BenchServer } from './bench-server.js';
import { json, percentile, type Result } from './measure.js';
import { signInProvider } from './studio.js';

export const AUTO_APPLY = 'publish -> automatic applications for every eligible member';
const TARGET_MATCHES = 20_000;
const CYCLES = 3;
const POLL_MS = 25;
const GIVE_UP_MS = 120_000;

/** Rule sets to pick from: the one whose eligible count is nearest 20,000 is published. */
function candidateRules(): object[][] {
  const sets: object[][] = [];
  for (let tenths = 20; tenths <= 40; tenths++) {
    const gpa = { fieldKey: 'gpa', operator: 'gte', value: tenths / 10 };
    sets.push([gpa], [gpa, { fieldKey: 'country', operator: 'in', value: ['us'] }]);
  }
  return sets;
}

async function chooseRules(bench: BenchServer, token: string, log: (line: string) => void): Promise<{ criteria: object[]; eligible: number }> {
  let best: { criteria: object[]; eligible: number } | undefined;
  for (const criteria of candidateRules()) {
    const { data } = await json(`${bench.baseUrl}/api/v1/providers/eligibility-count`, { method: 'POST', body: { criteria }, token });
    if (!best || Math.abs(data.eligible - TARGET_MATCHES) < Math.abs(best.eligible - TARGET_MATCHES)) best = { criteria, eligible: data.eligible };
  }
  log(`automation: rules ${JSON.stringify(best!.criteria)} make ${best!.eligible} of the applicants eligible`);
  return best!;
}

/** Every applicant a member with automatic application on (or back as before); the catch-up of each member is not this part's figure, so it is dropped. */
async function setEveryone(bench: BenchServer, on: boolean): Promise<void> {
  const client = await bench.sql.connect();
  try {
    await client.query('BEGIN');
    if (on) await client.query(`CREATE TEMP TABLE IF NOT EXISTS bench_members_before AS SELECT id FROM users WHERE role = 'applicant' AND is_active_subscription`);
    await client.query(
      on
        ? `UPDATE users SET auto_apply = true, is_active_subscription = true WHERE role = 'applicant'`
        : `UPDATE users SET auto_apply = false, is_active_subscription = id IN (SELECT id FROM bench_members_before) WHERE role = 'applicant'`,
    );
    await client.query('DELETE FROM auto_apply_due_members');
    if (!on) await client.query('DROP TABLE bench_members_before');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function countsFor(bench: BenchServer, scholarshipId: string): Promise<{ applications: number; members: number; messages: number }> {
  const { rows } = await bench.sql.query(
    `SELECT (SELECT count(*) FROM applications WHERE scholarship_id = $1 AND applied_automatically)::int AS applications,
            (SELECT count(DISTINCT user_id) FROM applications WHERE scholarship_id = $1)::int AS members,
            (SELECT count(*) FROM inbox_messages WHERE scholarship_id = $1 AND kind = 'auto-applied')::int AS messages`,
    [scholarshipId],
  );
  return rows[0];
}

export async function measureAutomation(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<void> {
  await bench.freshTokens();
  const token = await signInProvider(bench);
  const api = `${bench.baseUrl}/api/v1`;
  const { criteria, eligible } = await chooseRules(bench, token, log);
  const deadline = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const times: number[] = [];
  const created: string[] = [];
  await setEveryone(bench, true);
  try {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const { data } = await json(`${api}/providers/scholarships`, {
        method: 'POST',
        token,
        body: { title: `Bench Automatic ${Date.now()}`, award: 1000, recurrenceConfig: { deadline }, criteria, requirements: [] },
      });
      created.push(data.id);
      const started = performance.now();
      await json(`${api}/providers/scholarships/${data.id}/publish`, { method: 'POST', token, body: {} });
      for (;;) {
        const counts = await countsFor(bench, data.id);
        if (counts.applications >= eligible) {
          const ms = performance.now() - started;
          // Exactly once: one application per member, one message per application, nobody else.
          if (counts.applications !== eligible || counts.members !== eligible || counts.messages !== eligible) {
            throw new Error(`automation: expected ${eligible} of each, found ${JSON.stringify(counts)}`);
          }
          times.push(ms);
          log(`automation: cycle ${cycle + 1}: ${eligible} applications in ${Math.round(ms)} ms (${Math.round((eligible / ms) * 1000)}/s)`);
          break;
        }
        if (performance.now() - started > GIVE_UP_MS) throw new Error(`automation: only ${counts.applications} of ${eligible} applications after ${GIVE_UP_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
  } finally {
    await setEveryone(bench, false);
    await bench.sql.query(`DELETE FROM scholarships WHERE id = ANY($1)`, [created]);
    await bench.sql.query(`DELETE FROM inbox_messages WHERE kind = 'auto-applied' AND scholarship_id IS NULL`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const slowest = sorted[sorted.length - 1];
  results.push({
    name: `${AUTO_APPLY} (${eligible} of 100,000 members)`,
    rps: Math.round((eligible / slowest) * 1000),
    p50_ms: percentile(sorted, 50),
    p95_ms: percentile(sorted, 95),
    p99_ms: percentile(sorted, 99),
    errors: 0,
    server_cpu_ms_per_1k: 0,
    max_ms: Math.round(slowest),
    applications: eligible,
  });
}
