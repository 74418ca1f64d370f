/**
 * Part `designer` of `npm run bench` (docs/form-designer.md, "Cost"): publishing a form version
 * whose changed field holds 100,000 stored answers. Every benchmark applicant gets an answer under
 * a probe key; the probe field is then published (added), its removal published, and that version
 * rolled back (the field and its answers back), each timed from the request to its answer: one
 * transaction that writes `form_fields`, whose triggers type the answers again (docs/matching.md),
 * records the version and its audit row. Everything it adds is removed at the end.
 */
import type pg from 'pg';
import { json, type Result } from './measure.js';

export const DIFF = 'GET admin/forms/draft/diff (a field with 100,000 answers)';
export const PUBLISH_ADD = 'POST admin/forms/versions (a field with 100,000 answers added)';
export const PUBLISH_REMOVE = 'POST admin/forms/versions (a field with 100,000 answers removed)';
export const ROLLBACK = 'POST admin/forms/versions/{n}/rollback (the removal undone)';

/** A key of its own per run: the probe field stays behind, inactive, as removed fields do. */
const PROBE = `benchDesignerProbe${Date.now().toString(36)}`;
const ANSWERS = 100_000;

function row(name: string, ms: number, extra: Record<string, unknown>): Result {
  const rounded = Math.round(ms);
  return { name, rps: 0, p50_ms: rounded, p95_ms: rounded, p99_ms: rounded, errors: 0, server_cpu_ms_per_1k: 0, ...extra };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

/** A session of the bench's staff admin: a bench account of its own made admin (the bench data has no staff). */
export async function benchAdminToken(baseUrl: string, sql: pg.Pool, email: string, password: string): Promise<string> {
  await sql.query(`UPDATE users SET role = 'admin' WHERE email = $1`, [email]);
  const { data } = await json(`${baseUrl}/api/v1/users/auth/login`, { method: 'POST', body: { userName: email, password, loginType: 'register_user' } });
  return data.accessToken;
}

/** `adminToken`: an admin's session on the server at `baseUrl`, whose database `sql` reaches. */
export async function measureFormDesigner(baseUrl: string, sql: pg.Pool, adminToken: string, results: Result[]): Promise<void> {
  const api = `${baseUrl}/api/v1`;
  const call = (method: string, path: string, body?: unknown) => json(`${api}${path}`, { method, body, token: adminToken });
  const answered = await sql.query(
    `UPDATE users SET profile = profile || jsonb_build_object($1::text, 'a')
      WHERE id IN (SELECT id FROM users WHERE role = 'applicant' ORDER BY id LIMIT $2)`,
    [PROBE, ANSWERS],
  );
  // autovacuum may be off (docs/performance.md): fresh statistics, or the plans go stale.
  await sql.query('VACUUM ANALYZE users');
  try {
    await call('POST', '/admin/form-fields', {
      key: PROBE, name: 'Bench probe', dataType: 'select', section: 'privacy', order: 990,
      options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }],
    });
    const [diff, diffMs] = await timed(() => call('GET', '/admin/forms/draft/diff'));
    const [added, addMs] = await timed(() => call('POST', '/admin/forms/versions', { note: 'Bench: probe added' }));
    const fieldId = (await sql.query(`SELECT id FROM form_fields WHERE key = $1`, [PROBE])).rows[0].id as number;
    await call('DELETE', `/admin/form-fields/${fieldId}`, {});
    const [removed, removeMs] = await timed(() => call('POST', '/admin/forms/versions', { note: 'Bench: probe removed' }));
    const [, rollbackMs] = await timed(() => call('POST', `/admin/forms/versions/${removed.data.number}/rollback`, {}));
    const answers = diff.data.changes.find((change: { key: string }) => change.key === PROBE)?.answers ?? 0;
    results.push(
      row(DIFF, diffMs, { answers }),
      row(PUBLISH_ADD, addMs, { answers, version: added.data.number }),
      row(PUBLISH_REMOVE, removeMs, { answers: answered.rowCount }),
      row(ROLLBACK, rollbackMs, { answers: answered.rowCount }),
    );
  } finally {
    await sql.query(`UPDATE users SET profile = profile - $1::text WHERE profile ? $1::text`, [PROBE]);
    await sql.query(`DELETE FROM form_field_drafts WHERE key = $1`, [PROBE]);
    await sql.query(`UPDATE form_fields SET active = false WHERE key = $1`, [PROBE]);
  }
}
