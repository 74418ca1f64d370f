import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { accountClient } from './accounts-helpers.js';
import { createTestDatabase, startTestAppOn, type TestApp } from './test-app.js';

/**
 * The audit log is append-only for the application itself (docs/console.md, "Audit log"), not only
 * for whoever owns the table: the application runs here as a login role that owns nothing, with
 * the privileges its runtime needs (docs/console.md, "Audit log"): it serves requests and
 * writes audit rows, and is refused every way of changing or removing one. The table's owner is
 * refused too, by the triggers.
 */

/** What the application's runtime needs: read and write its tables, use their sequences, call its functions; audit_log only read and appended to. */
const RUNTIME_GRANTS = (role: string, database: string) => [
  `GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO ${role}`,
  `GRANT USAGE ON SCHEMA public, pgboss TO ${role}`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public, pgboss TO ${role}`,
  `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public, pgboss TO ${role}`,
  `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public, pgboss TO ${role}`,
  `REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role}`,
];

describe('the audit log, as the application runtime role', () => {
  const role = `audit_runtime_${process.pid}_${Date.now()}`;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let owner: pg.Pool;
  let runtime: pg.Pool;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = new pg.Pool({ connectionString: database.url, max: 2 });
    const name = new URL(database.url).pathname.slice(1);
    // The owner's start first, as a deploy would: migrations (none left) and the job queue's own schema.
    await (await startTestAppOn(database.url)).close();
    // A cluster-wide login role: its name is this run's own, and it is dropped after the database.
    // A password of its own, so the login works whatever authentication the server asks of roles.
    const password = randomBytes(18).toString('base64url');
    await owner.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT`);
    for (const statement of RUNTIME_GRANTS(role, name)) await owner.query(statement);
    const runtimeUrl = new URL(database.url);
    runtimeUrl.username = role;
    runtimeUrl.password = password;
    runtime = new pg.Pool({ connectionString: runtimeUrl.toString(), max: 2 });
    // The whole application on the runtime role's connection: its start, demo data and the staff's requests.
    t = await startTestAppOn(runtimeUrl.toString(), { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await runtime?.end();
    await owner?.end();
    await database?.drop();
    const server = new URL(database.url);
    server.pathname = '/postgres';
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    await client.query(`DROP ROLE IF EXISTS ${role}`).finally(() => client.end());
  });

  const count = async () => (await owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n;

  it('connects as a role that is neither superuser nor owner of audit_log', async () => {
    const { rows } = await runtime.query(
      `SELECT current_user AS who, r.rolsuper AS superuser, pg_get_userbyid(c.relowner) <> current_user AS not_owner
         FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'audit_log'::regclass`,
    );
    expect(rows[0]).toEqual({ who: role, superuser: false, not_owner: true });
    const privileges = await runtime.query(
      `SELECT p AS privilege, has_table_privilege('audit_log', p) AS held FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) p`,
    );
    expect(Object.fromEntries(privileges.rows.map((r) => [r.privilege, r.held]))).toEqual({ SELECT: true, INSERT: true, UPDATE: false, DELETE: false, TRUNCATE: false });
  });

  it("writes a staff action's audit row through the application running as that role", async () => {
    const api = accountClient(t);
    const session = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data;
    const plan = (await api.call('GET', '/subscription-plans')).json().data[0];
    const before = await count();
    const res = await api.call('PATCH', `/admin/subscription-plans/${plan.id}`, { body: { title: plan.title }, token: session.accessToken, ip: '10.78.0.1' });
    expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
    expect(await count()).toBe(before + 1);
    const [row] = (await runtime.query(`SELECT action, actor_id FROM audit_log ORDER BY id DESC LIMIT 1`)).rows;
    expect(row).toEqual({ action: 'plan.updated', actor_id: session.user.id });
  });

  it.each([
    ['UPDATE', `UPDATE audit_log SET action = 'plan.updated'`],
    ['DELETE', `DELETE FROM audit_log`],
    ['TRUNCATE', `TRUNCATE audit_log`],
  ])('refuses %s to the runtime role (no privilege)', async (_operation, statement) => {
    const before = await count();
    await expect(runtime.query(statement)).rejects.toMatchObject({ code: '42501', message: 'permission denied for table audit_log' });
    expect(await count()).toBe(before);
  });

  it('refuses the runtime role the ways around the triggers: disabling or dropping them, replica mode', async () => {
    for (const statement of [
      `ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`,
      `DROP TRIGGER audit_log_no_truncate ON audit_log`,
      `DROP TABLE audit_log`,
      `SET session_replication_role = replica`,
    ]) {
      await expect(runtime.query(statement)).rejects.toMatchObject({ code: '42501' });
    }
  });

  it.each([
    ['UPDATE', `UPDATE audit_log SET action = 'plan.updated'`],
    ['DELETE', `DELETE FROM audit_log`],
    ['TRUNCATE', `TRUNCATE audit_log`],
  ])('refuses %s to a role granted it outright, and to the owner, by the triggers', async (operation, statement) => {
    const before = await count();
    await owner.query(`GRANT UPDATE, DELETE, TRUNCATE ON audit_log TO ${role}`);
    try {
      await expect(runtime.query(statement)).rejects.toMatchObject({ code: '42501', message: `audit_log is append-only: ${operation} is not allowed` });
    } finally {
      await owner.query(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role}`);
    }
    await expect(owner.query(statement)).rejects.toMatchObject({ code: '42501', message: `audit_log is append-only: ${operation} is not allowed` });
    expect(await count()).toBe(before);
  });
});
