import { accountClient } from './accounts-helpers.js';
import { createTestDatabase, eventually, startTestAppOn, type TestApp } from './test-app.js';

/**
 * Staff roles and session control (docs/console.md, "Roles and sessions"; docs/staff-security.md,
 * "Session control"), through two app instances on one database as two replicas: an admin's
 * change on A refuses the person's token on B at the very next request, though B had the
 * account's version cached.
 */

const password = 'correct horse battery';

interface Session {
  user: { id: string; email: string; role: string };
  accessToken: string;
  refreshToken: string;
  access: { role: string | null; permissions: string[] };
}

describe('staff roles and sessions on two replicas', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let onA: ReturnType<typeof accountClient>;
  let onB: ReturnType<typeof accountClient>;
  let admin: Session;
  let counter = 0;
  const nextIp = () => `10.41.${1 + (++counter % 250)}.${counter % 200}`;

  const data = <T>(res: { statusCode: number; body: string; json: () => { data: T } }, status: number): T => {
    expect([res.statusCode, res.body]).toEqual([status, expect.any(String)]);
    return res.json().data;
  };
  const login = async (api: ReturnType<typeof accountClient>, email: string) => data<Session>(await api.login(email, password, nextIp()), 201);
  const inbox = (api: ReturnType<typeof accountClient>, session: Session) => api.call('GET', '/inbox', { token: session.accessToken });
  const invitationToken = async (email: string) => {
    const { rows } = await a.sql.query<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [email]);
    return /token=([A-Za-z0-9_-]+)/.exec(rows[0].text_body)![1];
  };
  /** Invites through A, accepts through B: a new staff member's session. */
  const newStaff = async (role: 'admin' | 'support') => {
    const email = `staff.${Date.now()}.${++counter}@example.org`;
    data(await onA.call('POST', '/admin/staff-invitations', { token: admin.accessToken, body: { email, role } }), 201);
    const token = await invitationToken(email);
    return data<Session>(
      await onB.call('POST', `/staff-invitations/${token}/accept`, { ip: nextIp(), body: { answers: { firstName: 'Sam', lastName: 'Okafor', password, confirmPassword: password } } }),
      201,
    );
  };
  /** An applicant signed in on B whose version B has cached (one request answered). */
  const cachedOnB = async () => {
    const { session } = await onA.signUp({ password });
    const signedIn = await login(onB, session.user.email);
    expect((await inbox(onB, signedIn)).statusCode).toBe(200);
    return signedIn;
  };
  const expectEnded = async (res: { statusCode: number; json: () => { errorCode?: string; description?: string } }) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 'SESSION_ENDED', description: 'Your session has ended. Please log in again.' });
  };
  /**
   * B refuses the token once it has read its notification: at once when idle; the retries cover a
   * loaded machine, where an in-process request can run before B's event loop reads the socket
   * (docs/staff-security.md, "Session control").
   */
  const endedOnB = (request: () => Promise<{ statusCode: number; json: () => { errorCode?: string; description?: string } }>) =>
    eventually(async () => expectEnded(await request()), 2_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    const settings = { AUTH_RATE_LIMIT_PER_MINUTE: 100000, LOGIN_MAX_FAILURES: 3, LOGIN_LOCK_MINUTES: 15 };
    a = await startTestAppOn(database.url, settings);
    b = await startTestAppOn(database.url, settings);
    onA = accountClient(a);
    onB = accountClient(b);
    // The first admin is made by an operator (docs/security.md).
    const { session } = await onA.signUp({ password });
    await a.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [session.user.id]);
    admin = await login(onA, session.user.email);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('ends every session on B at the next request when an admin ends them on A', async () => {
    const person = await cachedOnB();
    expect(data(await onA.call('POST', `/admin/users/${person.user.id}/end-sessions`, { token: admin.accessToken }), 200)).toEqual({ userId: person.user.id, role: 'applicant', locked: false });
    await endedOnB(() => inbox(onB, person));
    await expectEnded(await inbox(onA, person));
    // The refresh tokens were revoked too: the person signs in again, and that works.
    expect((await onB.call('POST', '/users/auth/refresh', { body: { refreshToken: person.refreshToken } })).statusCode).toBe(401);
    const again = await login(onB, person.user.email);
    expect((await inbox(onB, again)).statusCode).toBe(200);
  });

  it('refuses a locked account on B at once and its login with a clear 403; unlock clears the lock-out', async () => {
    const person = await cachedOnB();
    expect(data(await onA.call('POST', `/admin/users/${person.user.id}/lock`, { token: admin.accessToken }), 200)).toMatchObject({ locked: true });
    await endedOnB(() => inbox(onB, person));
    const refused = await onB.login(person.user.email, password, nextIp());
    expect([refused.statusCode, refused.json().errorCode, refused.json().description]).toEqual([403, 'ACCOUNT_LOCKED', 'This account is locked. Please contact support to unlock it.']);
    expect((await onB.call('POST', '/users/auth/refresh', { body: { refreshToken: person.refreshToken } })).statusCode).toBe(401);

    // The login lock-out, from wrong passwords meanwhile, is forgotten by the unlock.
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await onB.login(person.user.email, 'wrong password!', ip)).statusCode).toBe(400);
    expect((await onB.login(person.user.email, password, ip)).statusCode).toBe(429);
    expect(data(await onA.call('POST', `/admin/users/${person.user.id}/unlock`, { token: admin.accessToken }), 200)).toMatchObject({ locked: false });
    expect((await onB.login(person.user.email, password, ip)).statusCode).toBe(201);
  });

  it("applies a role change at the person's next request on B; a refresh gives the new role", async () => {
    const support = await newStaff('support');
    expect((await onB.call('GET', '/admin/support-requests', { token: support.accessToken })).statusCode).toBe(200);
    expect(data(await onA.call('PUT', `/admin/users/${support.user.id}/role`, { token: admin.accessToken, body: { role: 'admin' } }), 200)).toMatchObject({ role: 'admin' });
    await endedOnB(() => onB.call('GET', '/admin/support-requests', { token: support.accessToken }));
    const renewed = data<{ accessToken: string; access: { role: string } }>(await onB.call('POST', '/users/auth/refresh', { body: { refreshToken: support.refreshToken } }), 200);
    expect(renewed.access.role).toBe('admin');
    expect((await onB.call('GET', '/admin/form-fields', { token: renewed.accessToken })).statusCode).toBe(200);
  });

  it('lets support answer support and read payments, and refuses it forms, plans, roles and staff', async () => {
    const support = await newStaff('support');
    expect(support.access).toEqual({ role: 'support', permissions: ['read_members', 'answer_support', 'read_inbox', 'contact_support', 'change_password'] });
    const as = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) => onA.call(method, url, { token: support.accessToken, body });
    expect((await as('GET', '/admin/support-requests')).statusCode).toBe(200);
    expect((await as('POST', '/admin/support-requests/00000000-0000-4000-8000-000000000000/answer', { answer: '<p>Hello</p>' })).statusCode).toBe(404);
    expect((await as('GET', '/admin/payments/events')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/admin/form-fields'],
      ['GET', '/admin/subscription-plans'],
      ['PUT', `/admin/applicants/${admin.user.id}/subscription`, { active: true }],
      ['POST', '/admin/payments/sandbox/clock', { seconds: 1 }],
      ['GET', '/admin/mail-outbox'],
      ['GET', '/admin/staff'],
      ['POST', '/admin/staff-invitations', { email: 'x@example.org', role: 'admin' }],
      ['PUT', `/admin/users/${support.user.id}/role`, { role: 'admin' }],
      ['POST', `/admin/users/${admin.user.id}/lock`],
    ] as const) {
      expect({ method, url, status: (await as(method, url, body)).statusCode }).toEqual({ method, url, status: 403 });
    }
  });

  it('invites staff by e-mail end to end: the link, the account, the list; the link works once', async () => {
    const email = `Grace.${Date.now()}@Example.org`;
    const invited = data<{ email: string; role: string }>(await onA.call('POST', '/admin/staff-invitations', { token: admin.accessToken, body: { email, role: 'support' } }), 201);
    expect(invited).toMatchObject({ email, role: 'support' });
    const token = await invitationToken(email);
    expect(data(await onB.call('GET', `/staff-invitations/${token}`), 200)).toMatchObject({ email, role: 'support' });
    const listed = data<{ invitations: { email: string }[] }>(await onA.call('GET', '/admin/staff', { token: admin.accessToken }), 200);
    expect(listed.invitations.map((i) => i.email)).toContain(email);

    const weak = await onB.call('POST', `/staff-invitations/${token}/accept`, { ip: nextIp(), body: { answers: { firstName: 'Grace', lastName: 'Hopper' } } });
    expect(weak.statusCode).toBe(400);
    const session = data<Session>(
      await onB.call('POST', `/staff-invitations/${token}/accept`, { ip: nextIp(), body: { answers: { firstName: 'Grace', lastName: 'Hopper', password, confirmPassword: password } } }),
      201,
    );
    expect(session.user).toMatchObject({ email, role: 'support' });
    expect((await onB.call('POST', `/staff-invitations/${token}/accept`, { ip: nextIp(), body: { answers: { firstName: 'G', lastName: 'H', password, confirmPassword: password } } })).statusCode).toBe(404);
    expect((await onA.call('GET', `/staff-invitations/${token}`)).json().errorCode).toBe('INVITATION_NOT_FOUND');
    const staff = data<{ staff: { email: string; role: string }[] }>(await onA.call('GET', '/admin/staff', { token: admin.accessToken }), 200).staff;
    expect(staff).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: 'support' }), expect.objectContaining({ email: admin.user.email, role: 'admin' })]));

    // An address with an account (any letter case) is never turned into staff.
    const taken = await onA.call('POST', '/admin/staff-invitations', { token: admin.accessToken, body: { email: email.toLowerCase(), role: 'admin' } });
    expect([taken.statusCode, taken.json().errorCode]).toEqual([409, 'ACCOUNT_EXISTS']);
  });

  it('records each staff action in the audit log, with its actor, target and before and after; a refusal records nothing', async () => {
    const actions = async (targetId: string) =>
      (
        await a.sql.query<{ action: string; actor_id: string; target_type: string; before: unknown; after: unknown }>(
          `SELECT action, actor_id, target_type, before, after FROM audit_log WHERE target_id = $1 ORDER BY id`,
          [targetId],
        )
      ).rows;
    const person = await cachedOnB();
    data(await onA.call('POST', `/admin/users/${person.user.id}/end-sessions`, { token: admin.accessToken }), 200);
    data(await onA.call('POST', `/admin/users/${person.user.id}/lock`, { token: admin.accessToken }), 200);
    data(await onA.call('POST', `/admin/users/${person.user.id}/unlock`, { token: admin.accessToken }), 200);
    expect(await actions(person.user.id)).toEqual([
      { action: 'account.sessions_ended', actor_id: admin.user.id, target_type: 'user', before: null, after: null },
      { action: 'account.locked', actor_id: admin.user.id, target_type: 'user', before: { locked: false }, after: { locked: true } },
      { action: 'account.unlocked', actor_id: admin.user.id, target_type: 'user', before: { locked: true }, after: { locked: false } },
    ]);

    const support = await newStaff('support');
    const invited = await a.sql.query<{ target_id: string; after: { email: string; role: string } }>(
      `SELECT target_id, after FROM audit_log WHERE action = 'staff.invited' AND after->>'email' = $1`,
      [support.user.email],
    );
    expect(invited.rows).toEqual([{ target_id: expect.any(String), after: { email: support.user.email, role: 'support' } }]);
    data(await onA.call('PUT', `/admin/users/${support.user.id}/role`, { token: admin.accessToken, body: { role: 'admin' } }), 200);
    expect(await actions(support.user.id)).toEqual([
      { action: 'account.role_changed', actor_id: admin.user.id, target_type: 'user', before: { role: 'support' }, after: { role: 'admin' } },
    ]);

    // Refused (self-lock, not staff) or changing nothing (the same role): no row.
    const before = (await a.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n;
    expect((await onA.call('POST', `/admin/users/${admin.user.id}/lock`, { token: admin.accessToken })).statusCode).toBe(409);
    data(await onA.call('PUT', `/admin/users/${support.user.id}/role`, { token: admin.accessToken, body: { role: 'admin' } }), 200);
    expect((await a.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBe(before);
  });

  it('refuses an admin demoting or locking themself, and a role change of a non-staff account', async () => {
    const self = await onA.call('PUT', `/admin/users/${admin.user.id}/role`, { token: admin.accessToken, body: { role: 'support' } });
    expect([self.statusCode, self.json().errorCode]).toEqual([409, 'CANNOT_DEMOTE_SELF']);
    const lockSelf = await onA.call('POST', `/admin/users/${admin.user.id}/lock`, { token: admin.accessToken });
    expect([lockSelf.statusCode, lockSelf.json().errorCode]).toEqual([409, 'CANNOT_LOCK_SELF']);
    const applicant = await onA.person({ password });
    const notStaff = await onA.call('PUT', `/admin/users/${applicant.id}/role`, { token: admin.accessToken, body: { role: 'admin' } });
    expect([notStaff.statusCode, notStaff.json().errorCode]).toEqual([409, 'NOT_STAFF']);
    const bad = await onA.call('PUT', `/admin/users/${applicant.id}/role`, { token: admin.accessToken, body: { role: 'provider' } });
    expect(bad.statusCode).toBe(400);
    expect((await onA.call('POST', '/admin/users/00000000-0000-4000-8000-000000000000/end-sessions', { token: admin.accessToken })).statusCode).toBe(404);
    // The admin is still signed in and still an admin.
    expect((await onB.call('GET', '/admin/staff', { token: admin.accessToken })).statusCode).toBe(200);
  });
});
