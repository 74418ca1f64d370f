import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * The staff's audit log (docs/console.md, "Audit log"): every staff action writes exactly one row,
 * in the action's own transaction; the table refuses UPDATE, DELETE and TRUNCATE; admins read it
 * filtered and paged, newest first.
 */

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

const FIELD = {
  key: 'auditProbe',
  name: 'Audit probe',
  dataType: 'select',
  options: [
    { value: '1', label: 'Yes' },
    { value: '0', label: 'No' },
  ],
  section: 'privacy',
  order: 900,
};

describe('the audit log', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: { id: string; token: string };
  let planId: string;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    const session = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data;
    admin = { id: session.user.id, token: session.accessToken };
    planId = (await api.call('GET', '/subscription-plans')).json().data[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    api.call(method, url, { body, token: admin.token, ip: '10.77.0.1' });

  /** The rows written since `since` (a row id), oldest first. */
  const rowsSince = async (since: string): Promise<AuditRow[]> =>
    (await t.sql.query<AuditRow>(`SELECT * FROM audit_log WHERE id > $1 ORDER BY id`, [since])).rows;
  const lastId = async (): Promise<string> => (await t.sql.query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM audit_log`)).rows[0].id;

  /** Runs `change` and returns the one row it wrote (failing when it wrote none or several). */
  const oneRowOf = async (change: () => Promise<{ statusCode: number; body: string }>, status: number, ip: string | null = '10.77.0.1'): Promise<AuditRow> => {
    const since = await lastId();
    const res = await change();
    expect({ status: res.statusCode, body: res.body }).toMatchObject({ status });
    const rows = await rowsSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, actor_role: 'admin', ip });
    return rows[0];
  };

  /** While it runs, every audit insert fails: the change it belongs to must be rolled back with it. */
  const withAuditRefused = async (work: () => Promise<void>) => {
    await t.sql.query(`CREATE FUNCTION audit_test_refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$`);
    await t.sql.query(`CREATE TRIGGER audit_test_refuse_insert BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_test_refuse_insert()`);
    try {
      await work();
    } finally {
      await t.sql.query(`DROP TRIGGER audit_test_refuse_insert ON audit_log`);
      await t.sql.query(`DROP FUNCTION audit_test_refuse_insert()`);
    }
  };

  describe('records each staff action once, with actor, target, before and after', () => {
    let fieldId: number;

    it('a field added (drafted: the target is its draft row)', async () => {
      const row = await oneRowOf(() => asAdmin('POST', '/admin/form-fields', FIELD), 201);
      expect(row).toMatchObject({ action: 'form_field.created', target_type: 'form_field_draft', target_id: String(-(row.after!.id as number)), before: null });
      expect(row.after).toMatchObject({ key: 'auditProbe', name: 'Audit probe', active: true, options: FIELD.options, draft: 'added' });
    });

    it('a form version published', async () => {
      const latest = (await asAdmin('GET', '/admin/forms/versions')).json().data.items[0].number as number;
      const row = await oneRowOf(() => asAdmin('POST', '/admin/forms/versions', { note: 'Audit probe' }), 201);
      expect(row).toMatchObject({ action: 'form_version.published', target_type: 'form_version', target_id: String(latest + 1), before: { number: latest } });
      expect(row.after).toMatchObject({ number: latest + 1, note: 'Audit probe', changes: [expect.objectContaining({ key: 'auditProbe', change: 'added' })] });
      fieldId = (await t.sql.query<{ id: number }>(`SELECT id FROM form_fields WHERE key = 'auditProbe'`)).rows[0].id;
    });

    it('a field changed: its name and options (the catalogue) before and after', async () => {
      const options = [...FIELD.options, { value: '2', label: 'Not sure' }];
      const row = await oneRowOf(() => asAdmin('PATCH', `/admin/form-fields/${fieldId}`, { name: 'Audit probe, renamed', options }), 200);
      expect(row).toMatchObject({ action: 'form_field.updated', target_type: 'form_field', target_id: String(fieldId) });
      expect(row.before).toMatchObject({ name: 'Audit probe', options: FIELD.options, draft: null });
      expect(row.after).toMatchObject({ name: 'Audit probe, renamed', options, draft: 'changed' });
    });

    it('a field deactivated', async () => {
      const row = await oneRowOf(() => asAdmin('DELETE', `/admin/form-fields/${fieldId}`), 200);
      expect(row).toMatchObject({ action: 'form_field.deactivated', target_id: String(fieldId), before: { active: true }, after: { active: false, draft: 'removed' } });
    });

    it('the draft discarded, then the latest version rolled back', async () => {
      const discarded = await oneRowOf(() => asAdmin('DELETE', '/admin/forms/draft'), 200);
      expect(discarded).toMatchObject({ action: 'form_draft.discarded', target_type: 'form_draft', before: [{ key: 'auditProbe', fieldId, removed: true }], after: null });
      const latest = (await asAdmin('GET', '/admin/forms/versions')).json().data.items[0].number as number;
      const row = await oneRowOf(() => asAdmin('POST', `/admin/forms/versions/${latest}/rollback`), 201);
      expect(row).toMatchObject({ action: 'form_version.rolled_back', target_type: 'form_version', target_id: String(latest + 1), before: { number: latest } });
      expect(row.after).toMatchObject({ changes: [expect.objectContaining({ key: 'auditProbe', change: 'removed' })] });
    });

    it('a plan changed', async () => {
      const before = (await asAdmin('GET', '/admin/subscription-plans')).json().data.find((plan: { id: string }) => plan.id === planId);
      const row = await oneRowOf(() => asAdmin('PATCH', `/admin/subscription-plans/${planId}`, { title: 'Audited plan', monthlyAmountCents: before.monthlyAmountCents + 100 }), 200);
      expect(row).toMatchObject({ action: 'plan.updated', target_type: 'plan', target_id: planId });
      expect(row.before).toMatchObject({ id: planId, title: before.title, monthlyAmountCents: before.monthlyAmountCents });
      expect(row.after).toMatchObject({ id: planId, title: 'Audited plan', monthlyAmountCents: before.monthlyAmountCents + 100 });
      await asAdmin('PATCH', `/admin/subscription-plans/${planId}`, { title: before.title, monthlyAmountCents: before.monthlyAmountCents });
    });

    it("an applicant's membership set", async () => {
      const applicant = await api.person();
      const row = await oneRowOf(() => asAdmin('PUT', `/admin/applicants/${applicant.id}/subscription`, { active: true }), 200);
      expect(row).toMatchObject({
        action: 'membership.set',
        target_type: 'applicant',
        target_id: applicant.id,
        before: { isActiveSubscription: false },
        after: { isActiveSubscription: true },
      });
    });

    it('a support request answered', async () => {
      const { rows } = await t.sql.query<{ id: string }>(
        `INSERT INTO support_requests (kind, name, email, description) VALUES ('contact', 'Guest', 'audit.guest@example.org', 'Where is my receipt?') RETURNING id`,
      );
      // Like every staff action, with the address the staff member called from.
      const row = await oneRowOf(() => asAdmin('POST', `/admin/support-requests/${rows[0].id}/answer`, { answer: '<p>In your inbox.</p>' }), 201);
      expect(row).toMatchObject({ action: 'support.answered', target_type: 'support_request', target_id: rows[0].id, before: { answerHtml: null, status: 'open' } });
      expect(row.after).toMatchObject({ answerHtml: '<p>In your inbox.</p>', status: 'answered' });
      // A second answer is a row of its own, with the first as what came before.
      const again = await oneRowOf(() => asAdmin('POST', `/admin/support-requests/${rows[0].id}/answer`, { answer: '<p>And by e-mail.</p>' }), 201);
      expect(again).toMatchObject({ before: { answerHtml: '<p>In your inbox.</p>', status: 'answered' }, after: { answerHtml: '<p>And by e-mail.</p>' } });
    });

    it('nothing for a refused change (not found, invalid, not an admin)', async () => {
      const since = await lastId();
      const applicant = await api.person();
      expect((await asAdmin('PUT', '/admin/applicants/00000000-0000-4000-8000-000000000000/subscription', { active: true })).statusCode).toBe(404);
      expect((await asAdmin('PATCH', '/admin/subscription-plans/00000000-0000-4000-8000-000000000000', { title: 'Nobody' })).statusCode).toBe(404);
      expect((await asAdmin('PATCH', `/admin/form-fields/${fieldId}`, { dataType: 'no-such-type' })).statusCode).toBe(400);
      expect((await api.call('PATCH', `/admin/subscription-plans/${planId}`, { body: { title: 'Mine' }, token: applicant.token })).statusCode).toBe(403);
      expect(await rowsSince(since)).toEqual([]);
    });
  });

  describe('the change and its row commit together: when the row cannot be written, the change is undone', () => {
    it('a plan, a membership, a field and a support answer stay as they were', async () => {
      const applicant = await api.person();
      const { rows: requests } = await t.sql.query<{ id: string }>(
        `INSERT INTO support_requests (kind, name, email, description) VALUES ('contact', 'Guest', 'audit.rollback@example.org', 'Hello?') RETURNING id`,
      );
      const planTitle = async () => (await t.sql.query<{ title: string }>(`SELECT title FROM subscription_plans WHERE id = $1`, [planId])).rows[0].title;
      const titleBefore = await planTitle();
      const since = await lastId();
      await withAuditRefused(async () => {
        expect((await asAdmin('PATCH', `/admin/subscription-plans/${planId}`, { title: 'Never saved' })).statusCode).toBe(500);
        expect((await asAdmin('PUT', `/admin/applicants/${applicant.id}/subscription`, { active: true })).statusCode).toBe(500);
        expect((await asAdmin('POST', '/admin/form-fields', { ...FIELD, key: 'auditNeverSaved' })).statusCode).toBe(500);
        expect((await asAdmin('POST', `/admin/support-requests/${requests[0].id}/answer`, { answer: '<p>Never sent</p>' })).statusCode).toBe(500);
      });
      expect(await planTitle()).toBe(titleBefore);
      const flag = await t.sql.query(`SELECT is_active_subscription FROM users WHERE id = $1`, [applicant.id]);
      expect(flag.rows[0].is_active_subscription).toBe(false);
      expect((await t.sql.query(`SELECT 1 FROM form_field_drafts WHERE key = 'auditNeverSaved'`)).rowCount).toBe(0);
      const request = await t.sql.query(`SELECT answered_at FROM support_requests WHERE id = $1`, [requests[0].id]);
      expect(request.rows[0].answered_at).toBeNull();
      expect(await rowsSince(since)).toEqual([]);
    });
  });

  describe('is append-only', () => {
    beforeAll(async () => {
      await asAdmin('PUT', `/admin/applicants/${(await api.person()).id}/subscription`, { active: true });
    });

    it.each([
      ['UPDATE', `UPDATE audit_log SET action = 'plan.updated'`],
      ['DELETE', `DELETE FROM audit_log`],
      ['TRUNCATE', `TRUNCATE audit_log`],
    ])('refuses %s, whoever connects (here the database owner)', async (operation, statement) => {
      const count = async () => (await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n;
      const before = await count();
      expect(before).toBeGreaterThan(0);
      await expect(t.sql.query(statement)).rejects.toThrow(`audit_log is append-only: ${operation} is not allowed`);
      expect(await count()).toBe(before);
    });
  });

  describe('GET /admin/audit-log', () => {
    const list = async (query: Record<string, string>) => {
      const res = await asAdmin('GET', `/admin/audit-log?${new URLSearchParams(query)}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { id: string; action: string; targetId: string; actorId: string; at: string; before: unknown; after: unknown }[]; meta: { total: number } };
    };
    let applicants: string[];
    let startedAt: string;

    beforeAll(async () => {
      startedAt = (await t.sql.query<{ now: Date }>(`SELECT now()`)).rows[0].now.toISOString();
      applicants = [];
      for (let i = 0; i < 3; i++) {
        const { id } = await api.person();
        applicants.push(id);
        await asAdmin('PUT', `/admin/applicants/${id}/subscription`, { active: true });
        await asAdmin('PUT', `/admin/applicants/${id}/subscription`, { active: false });
      }
    });

    it('filters by target and pages newest first, with the total', async () => {
      const all = await list({ targetType: 'applicant', targetId: applicants[1] });
      expect(all.meta.total).toBe(2);
      expect(all.data.map((row) => row.after)).toEqual([{ isActiveSubscription: false }, { isActiveSubscription: true }]);
      const mine = await list({ action: 'membership.set', from: startedAt, limit: '4' });
      expect(mine.meta.total).toBe(6);
      expect(mine.data.map((row) => row.targetId)).toEqual([applicants[2], applicants[2], applicants[1], applicants[1]]);
      const next = await list({ action: 'membership.set', from: startedAt, limit: '4', offset: '4' });
      expect(next.data.map((row) => row.targetId)).toEqual([applicants[0], applicants[0]]);
      expect(next.meta.total).toBe(6);
    });

    it('filters by actor, action and time', async () => {
      expect((await list({ actor: admin.id, from: startedAt })).meta.total).toBe(6);
      expect((await list({ actor: '00000000-0000-4000-8000-000000000000' })).meta.total).toBe(0);
      expect((await list({ action: 'plan.updated', targetId: planId })).data.every((row) => row.action === 'plan.updated')).toBe(true);
      expect((await list({ from: startedAt, action: 'form_field.created' })).meta.total).toBe(0);
      expect((await list({ to: startedAt, targetId: applicants[0] })).meta.total).toBe(0);
      const everything = await list({ limit: '100' });
      const times = everything.data.map((row) => Date.parse(row.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('refuses malformed filters with a 400 and other callers with a 403', async () => {
      expect((await asAdmin('GET', '/admin/audit-log?action=nothing.done')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/admin/audit-log?actor=someone')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/admin/audit-log?from=yesterday')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/admin/audit-log?limit=500')).statusCode).toBe(400);
      const applicant = await api.person();
      expect((await api.call('GET', '/admin/audit-log', { token: applicant.token })).statusCode).toBe(403);
    });
  });
});
