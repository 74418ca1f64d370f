import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** The staff console's people (docs/console.md, "People"), over HTTP on a real database. */
describe('people', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: string;
  let support: string;
  let memberId: string;
  let scholarshipId: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.61.0.1')).json().data.accessToken;
    const email = `people.support.${Date.now()}@example.org`;
    expect((await api.call('POST', '/admin/staff-invitations', { token: admin, body: { email, role: 'support' } })).statusCode).toBe(201);
    const { rows } = await t.sql.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [email]);
    const token = /token=([A-Za-z0-9_-]+)/.exec(rows[0].text_body as string)![1];
    const password = 'a long support passphrase';
    const accepted = await api.call('POST', `/staff-invitations/${token}/accept`, { ip: '10.61.0.2', body: { answers: { firstName: 'Sam', lastName: 'Okafor', password, confirmPassword: password } } });
    support = accepted.json().data.accessToken;
    memberId = (await t.sql.query(`SELECT id FROM users WHERE email = 'member@demo.scholarmatch.test'`)).rows[0].id;
    scholarshipId = (await t.sql.query(`SELECT id FROM scholarships WHERE status = 'published' ORDER BY created_at LIMIT 1`)).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string, token = admin) => {
    const res = await api.call('GET', `/admin/people?${query}`, { token });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: PersonRow[]; meta: { total: number } };
  };
  const detail = async (id: string, token = admin) => {
    const res = await api.call('GET', `/admin/people/${id}`, { token });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const auditRows = (action: string, targetId: string) =>
    t.sql.query(`SELECT actor_role, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`, [action, targetId]).then((r) => r.rows);

  it('finds people by name or e-mail (% and _ as characters), by role, page by page', async () => {
    const { session } = await api.signUp({ firstName: 'Katherine', lastName: 'Johnson_50%' });
    expect((await list('search=katherine%20johnson')).data.map((p) => p.id)).toEqual([session.user.id]);
    expect((await list(`search=${encodeURIComponent(session.user.email.toUpperCase())}`)).data.map((p) => p.id)).toEqual([session.user.id]);
    expect((await list('search=son_50%25')).data.map((p) => p.id)).toEqual([session.user.id]);
    expect((await list('search=%25%25%25')).meta.total).toBe(0);
    const admins = await list('role=admin');
    expect(admins.data.every((p) => p.role === 'admin')).toBe(true);
    expect(admins.data.map((p) => p.email)).toContain('admin@demo.scholarmatch.test');
    const all = await list('limit=2');
    expect(all.data).toHaveLength(2);
    expect((await list('limit=2&offset=1')).data[0].id).toBe(all.data[1].id);
    // Support staff read it too.
    expect((await list('search=katherine', support)).meta.total).toBe(1);
    for (const bad of ['role=king', 'limit=0', 'limit=101', 'offset=-1']) {
      expect([bad, (await api.call('GET', `/admin/people?${bad}`, { token: admin })).statusCode]).toEqual([bad, 400]);
    }
  });

  it("shows one person's account, profile answers, applications, membership with its payment events, and messages", async () => {
    const person = await detail(memberId, support);
    expect(person.account).toMatchObject({ id: memberId, email: 'member@demo.scholarmatch.test', role: 'applicant', lockedAt: null, loginLockedUntil: null, isActiveSubscription: true });
    expect(person.profile.map((tab: { title: string }) => tab.title)).toEqual(['Education', 'Basic', 'Contact']);
    const answers = person.profile.flatMap((tab: { answers: { label: string }[] }) => tab.answers);
    expect(answers.length).toBeGreaterThan(0);
    expect(person.memberships[0]).toMatchObject({ gateway: 'sandbox', status: 'trialing', grantsAccess: true });
    expect(person.paymentEvents.length).toBeGreaterThan(0);
    expect(person.paymentEvents[0]).toMatchObject({ subscriptionId: person.memberships[0].gatewaySubscriptionId, state: 'trialing' });
    expect(person.messages.total).toBeGreaterThan(0);
    expect(person.messages.items[0]).toEqual(expect.objectContaining({ subject: expect.any(String), read: expect.any(Boolean) }));
    expect(Array.isArray(person.applications)).toBe(true);

    expect((await api.call('GET', '/admin/people/00000000-0000-4000-8000-000000000000', { token: admin })).json().errorCode).toBe('USER_NOT_FOUND');
    expect((await api.call('GET', '/admin/people/not-a-uuid', { token: admin })).statusCode).toBe(400);
  });

  it('cancels a membership at the period end (admins only), audited', async () => {
    expect((await api.call('POST', `/admin/people/${memberId}/cancel-membership`, { token: support })).statusCode).toBe(403);
    const res = await api.call('POST', `/admin/people/${memberId}/cancel-membership`, { token: admin });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'canceled', is_active_subscription: true });
    const [row] = await auditRows('membership.canceled', res.json().data.subscribed_id);
    expect(row).toMatchObject({ actor_role: 'admin', before: { status: 'trialing' }, after: { status: 'canceled' } });
    expect((await api.call('POST', `/admin/people/${memberId}/cancel-membership`, { token: admin })).json().errorCode).toBe('ALREADY_CANCELLED');
    const { session } = await api.signUp();
    expect((await api.call('POST', `/admin/people/${session.user.id}/cancel-membership`, { token: admin })).json().errorCode).toBe('SUBSCRIPTION_NOT_FOUND');
  });

  it('grants a complimentary membership until the end of a date: the gate opens, the expiry closes it', async () => {
    const { session } = await api.signUp();
    const id = session.user.id;
    const details = () => api.call('GET', `/scholarships/${scholarshipId}`, { token: session.accessToken });
    expect((await details()).statusCode).toBe(403);
    const grant = (body: unknown, token = admin) => api.call('POST', `/admin/people/${id}/complimentary-membership`, { token, body });
    const endsOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

    expect((await grant({ endsOn, reason: 'Scholarship fair winner' }, support)).statusCode).toBe(403);
    expect((await grant({ endsOn: '2020-01-01', reason: 'Too late' })).json().errorCode).toBe('INVALID_END_DATE');
    expect((await grant({ endsOn: '2027-02-30', reason: 'No such day' })).json().errorCode).toBe('INVALID_END_DATE');
    expect((await grant({ endsOn, reason: '   ' })).json().errorCode).toBe('REASON_EMPTY');
    expect((await grant({ endsOn: 'tomorrow', reason: 'x' })).statusCode).toBe(400);
    const adminId = (await t.sql.query(`SELECT id FROM users WHERE email = 'admin@demo.scholarmatch.test'`)).rows[0].id;
    expect((await api.call('POST', `/admin/people/${adminId}/complimentary-membership`, { token: admin, body: { endsOn, reason: 'Staff' } })).json().errorCode).toBe('NOT_APPLICANT');

    const res = await grant({ endsOn, reason: 'Scholarship fair winner' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ payment_gateway: 'complimentary', status: 'canceled', is_active_subscription: true, next_billing_date: `${new Date(Date.parse(endsOn) + 86_400_000).toISOString()}` });
    expect((await details()).statusCode).toBe(200);
    const [row] = await auditRows('membership.complimentary_granted', id);
    expect(row).toMatchObject({ actor_role: 'admin', before: null, after: { endsOn, reason: 'Scholarship fair winner', gateway: 'complimentary' } });
    const person = await detail(id);
    expect(person.memberships[0]).toMatchObject({ gateway: 'complimentary', monthlyAmountCents: 0, grantsAccess: true });
    // The member cannot cancel it (it never renews), nor buy a plan while it lasts.
    expect((await api.call('POST', `/admin/people/${id}/cancel-membership`, { token: admin })).json().errorCode).toBe('ALREADY_CANCELLED');

    // A paid membership that grants access is not replaced.
    expect((await api.call('POST', `/admin/people/${memberId}/complimentary-membership`, { token: admin, body: { endsOn, reason: 'x' } })).json().errorCode).toBe('ALREADY_SUBSCRIBED');

    // Its end passes: the expiry job ends it as any cancelled membership.
    await t.sql.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`, [id]);
    const { MembershipsRepository } = await import('../src/subscriptions/memberships.repository.js');
    expect(await t.app.get(MembershipsRepository).expireEnded(100)).toContain(id);
    expect((await details()).statusCode).toBe(403);
  });

  it('e-mails a password reset code (admins and support), the forgot-password code, audited', async () => {
    const { session } = await api.signUp();
    const id = session.user.id;
    const res = await api.call('POST', `/admin/people/${id}/password-reset`, { token: support });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.email).toBe(session.user.email);
    const { rows } = await t.sql.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 AND subject = 'Your ScholarMatch password reset code' ORDER BY id DESC LIMIT 1`, [session.user.email]);
    const code = /OTP\) is (\d{6})/.exec(rows[0].text_body as string)![1];
    const reset = await api.call('POST', '/register-applicants/reset-password', { body: { email: session.user.email, otp: code, newPassword: 'A new passphrase 2027' } });
    expect(reset.statusCode).toBe(201);
    const [row] = await auditRows('account.password_reset_sent', id);
    expect(row).toMatchObject({ actor_role: 'support', after: { email: session.user.email } });
    // Within a minute of the last code: refused, and nothing recorded.
    expect((await api.call('POST', `/admin/people/${id}/password-reset`, { token: admin })).json().errorCode).toBe('OTP_RESEND_TOO_SOON');
    expect(await auditRows('account.password_reset_sent', id)).toHaveLength(1);
    expect((await api.call('POST', '/admin/people/00000000-0000-4000-8000-000000000000/password-reset', { token: admin })).json().errorCode).toBe('USER_NOT_FOUND');
  });

  it('is refused to applicants', async () => {
    const { session } = await api.signUp();
    expect((await api.call('GET', '/admin/people', { token: session.accessToken })).statusCode).toBe(403);
    expect((await api.call('GET', `/admin/people/${session.user.id}`, { token: session.accessToken })).statusCode).toBe(403);
  });
});
