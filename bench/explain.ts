/**
 * `npm run bench:explain`: EXPLAIN ANALYZE of the matcher's queries at the benchmark's scale
 * (run `npm run bench` once first to create the data), for docs/matching.md. Prints each plan
 * with its execution time, for one bench applicant whose matches are current.
 */
import pg from 'pg';
import { ANSWER_CHANGES_SQL, MAX_CHANGED_FIELDS } from '../server/src/matching/answer-change-queries.js';
import { FRESHNESS_SQL, LIST_ORDERS, listPageSql, RECOMPUTE_SQL, STATS_SQL } from '../server/src/matching/match-queries.js';
import { benchDatabaseUrl } from './bench-server.js';
import { BENCH_DOMAIN } from './scale-data.js';

const client = new pg.Client({ connectionString: benchDatabaseUrl() });
await client.connect();
const today = new Date().toISOString().slice(0, 10);
const { rows } = await client.query(`SELECT id FROM users WHERE email = $1`, [`applicant1@${BENCH_DOMAIN}`]);
if (!rows.length) throw new Error('No bench data: run `BENCH_ONLY=matching npm run bench` first.');
const userId = rows[0].id as string;

async function explain(title: string, sql: string, parameters: unknown[]): Promise<void> {
  const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, parameters);
  process.stdout.write(`\n### ${title}\n\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
}

// The recomputation writes: run it in a transaction that is rolled back.
await client.query('BEGIN');
await client.query(`SET LOCAL work_mem = '64MB'`);
await client.query('DELETE FROM applicant_matches WHERE user_id = $1', [userId]);
await explain('Recomputing one applicant\'s matches', RECOMPUTE_SQL, [userId, today]);
await client.query('ROLLBACK');
// A save of the field of study (asked by about a third of the offers), applied incrementally; rolled back too.
await client.query('BEGIN');
await client.query('DELETE FROM applicant_matches WHERE user_id = $1', [userId]);
await client.query(RECOMPUTE_SQL, [userId, today]);
// As MatchesRepository.applyAnswerChanges runs it.
await client.query(`SET LOCAL jit = off`);
await client.query(`SET LOCAL work_mem = '64MB'`);
await client.query(`SET LOCAL enable_nestloop = off`);
await client.query(
  `UPDATE users SET profile = profile || jsonb_build_object('fieldOfStudy',
     (SELECT option->>'value' FROM form_fields, jsonb_array_elements(options) AS option
       WHERE key = 'fieldOfStudy' AND option->>'value' IS DISTINCT FROM users.profile->>'fieldOfStudy' LIMIT 1))
    WHERE id = $1`,
  [userId],
);
await explain('A save of the field of study applied to the stored matches', ANSWER_CHANGES_SQL, [userId, today, MAX_CHANGED_FIELDS]);
await client.query('ROLLBACK');
await explain('Count, stats and dashboard summary: the state row (every applicant call reads it first)', FRESHNESS_SQL, [userId, today]);
await explain('List page (Easy Apply, page 3, newest first)', listPageSql(LIST_ORDERS.createdAt('DESC')), [userId, true, null, 12, 6]);
await explain('Public eligibility stats (school level, field of study, date of birth; uncached)', STATS_SQL, [
  JSON.stringify({ schoolLevel: 'college-junior', fieldOfStudy: 'accounting', dob: '2006-05-15' }),
  today,
]);
await client.end();
