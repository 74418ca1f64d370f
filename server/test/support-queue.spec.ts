import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

interface QueueItem {
  id: string;
  name: string;
  email: string;
  query: string | null;
  status: string;
  assignedTo: string | null;
  assigneeName: string | null;
  createdAt: string;
}

/** The staff's support queue (docs/console.md, "Support queue"), over HTTP on a real database. */
describe('support queue', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    const login = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.51.0.1')).json().data;
    admin = login.accessToken;
    adminId = login.user.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (body: unknown, token?: string) => api.call('POST', '/scholarships/add-support', { body, token, ip: '10.51.1.1' });
  const contact = (email: string, description: string) => add({ email, name: 'Guest', phone: '+12025550100', description });
  const queue = async (query: string) => {
    const res = await api.call('GET', `/admin/support-requests?${query}`, { token: admin });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: QueueItem[]; meta: { total: number; overdue: number } };
  };
  // Sent `hours` ago, and waiting since (no reply has reopened it).
  const age = (email: string, hours: number) =>
    t.sql.query(`UPDATE support_requests SET created_at = now() - make_interval(hours => $2), waiting_since = now() - make_interval(hours => $2) WHERE email = $1`, [email, hours]);
  const idOf = async (email: string) => (await t.sql.query(`SELECT id FROM support_requests WHERE email = $1`, [email])).rows[0].id as string;

  it('filters by status, kind, age and search, counts the open requests past 24 hours, and lists the oldest waiting first', async () => {
    const { session } = await api.signUp({ firstName: 'Mary', lastName: 'Jackson' });
    await add({ query: 'Wind tunnel', description: 'Where is my application?' }, session.accessToken);
    await contact('old.one@example.com', 'Sent three days ago');
    await contact('yesterday@example.com', 'Sent thirty hours ago, 50% done');
    await contact('fresh@example.com', 'Sent just now, 50 percent');
    await age('old.one@example.com', 72);
    await age('yesterday@example.com', 30);

    const all = await queue('sort=waiting&limit=100');
    expect(all.meta.overdue).toBe(2);
    const emails = all.data.map((row) => row.email);
    expect(emails.indexOf('old.one@example.com')).toBeLessThan(emails.indexOf('yesterday@example.com'));
    expect(emails.indexOf('yesterday@example.com')).toBeLessThan(emails.indexOf('fresh@example.com'));
    expect(all.data.every((row) => row.status === 'open')).toBe(true);

    expect((await queue('olderThanHours=24')).data.map((row) => row.email).sort()).toEqual(['old.one@example.com', 'yesterday@example.com']);
    expect((await queue('kind=support')).data.map((row) => row.query)).toEqual(['Wind tunnel']);
    expect((await queue('search=JACKSON')).data.map((row) => row.name)).toEqual(['Mary Jackson']);
    expect((await queue('search=where%20is%20my')).data.map((row) => row.query)).toEqual(['Wind tunnel']);
    // % and _ are characters, not wildcards.
    expect((await queue('search=50%25')).data.map((row) => row.email)).toEqual(['yesterday@example.com']);
    expect((await queue('search=_')).meta.total).toBe(0);
    expect((await queue('search=old.one%40')).data.map((row) => row.email)).toEqual(['old.one@example.com']);
    expect((await queue('limit=1&offset=1&sort=waiting')).data.map((row) => row.email)).toEqual([emails[1]]);
    for (const bad of ['status=closed', 'kind=other', 'olderThanHours=0', 'sort=random']) {
      expect([bad, (await api.call('GET', `/admin/support-requests?${bad}`, { token: admin })).statusCode]).toEqual([bad, 400]);
    }

    // Answered, a request leaves the open ones (and the overdue count).
    const old = await idOf('old.one@example.com');
    expect((await api.call('POST', `/admin/support-requests/${old}/answer`, { body: { answer: '<p>Done.</p>' }, token: admin })).json().data.status).toBe('answered');
    expect((await queue('status=open')).meta.overdue).toBe(1);
    expect((await queue('status=answered')).data.map((row) => row.id)).toEqual([old]);
  });

  it('solves and reopens a request, assigns it to staff only, and keeps internal notes the person never sees', async () => {
    const { session } = await api.signUp({ firstName: 'Christine', lastName: 'Darden' });
    await add({ query: 'Refund', description: 'I was charged twice.' }, session.accessToken);
    const [{ id }] = (await t.sql.query(`SELECT id FROM support_requests WHERE query = 'Refund'`)).rows as { id: string }[];
    const post = (path: string, body?: unknown) => api.call('POST', `/admin/support-requests/${id}/${path}`, { body, token: admin });

    expect((await post('reopen')).json().errorCode).toBe('NOT_SOLVED');
    const solved = await post('solve');
    expect(solved.statusCode).toBe(201);
    expect(solved.json().data).toMatchObject({ status: 'solved', solvedAt: expect.any(String) });
    expect((await post('solve')).json().errorCode).toBe('ALREADY_SOLVED');
    expect((await post('reopen')).json().data).toMatchObject({ status: 'open', solvedAt: null });
    expect((await api.call('POST', '/admin/support-requests/00000000-0000-4000-8000-000000000000/solve', { token: admin })).statusCode).toBe(404);
    expect((await api.call('GET', '/admin/support-requests/not-a-uuid', { token: admin })).statusCode).toBe(400);

    const assign = (staffId: string | null) => api.call('PUT', `/admin/support-requests/${id}/assignee`, { body: { staffId }, token: admin });
    expect((await assign(session.user.id)).json().errorCode).toBe('NOT_SUPPORT_STAFF');
    expect((await api.call('PUT', `/admin/support-requests/${id}/assignee`, { body: {}, token: admin })).statusCode).toBe(400);
    expect((await assign(adminId)).json().data.assignedTo).toBe(adminId);
    const staff = (await api.call('GET', '/admin/support-staff', { token: admin })).json().data as { id: string }[];
    expect(staff.map((member) => member.id)).toContain(adminId);
    expect(staff.map((member) => member.id)).not.toContain(session.user.id);

    expect((await post('notes', { text: '   ' })).json().errorCode).toBe('NOTE_EMPTY');
    const note = await post('notes', { text: 'Checked the payment log: two charges on the same day.' });
    expect(note.statusCode).toBe(201);
    expect(note.json().data).toMatchObject({ text: 'Checked the payment log: two charges on the same day.', authorId: adminId, authorName: expect.any(String) });

    const detail = (await api.call('GET', `/admin/support-requests/${id}`, { token: admin })).json().data;
    expect(detail.request).toMatchObject({ id, status: 'open', assignedTo: adminId, assigneeName: expect.any(String), description: 'I was charged twice.' });
    expect(detail.notes.map((n: { text: string }) => n.text)).toEqual(['Checked the payment log: two charges on the same day.']);
    expect(detail.person).toMatchObject({ id: session.user.id, name: 'Christine Darden', role: 'applicant', requestCount: 1, membership: null });
    expect((await assign(null)).json().data.assignedTo).toBeNull();

    // The person's own list shows nothing of the staff's side.
    const own = (await api.call('GET', '/support-requests', { token: session.accessToken })).json();
    expect(JSON.stringify(own)).not.toContain('payment log');
    expect(Object.keys(own.data[0]).sort()).toEqual(['answerHtml', 'answeredAt', 'createdAt', 'description', 'id', 'kind', 'query', 'status']);

    // Answered after being solved, it stays solved; reopened with an answer, it is answered.
    await post('solve');
    expect((await post('answer', { answer: '<p>Refunded.</p>' })).json().data.status).toBe('solved');
    expect((await post('reopen')).json().data.status).toBe('answered');

    // A guest has no account beside the request.
    await contact('guest.detail@example.com', 'Hello');
    const guest = (await api.call('GET', `/admin/support-requests/${await idOf('guest.detail@example.com')}`, { token: admin })).json().data;
    expect(guest.person).toBeNull();
  });

  it('is for admins only', async () => {
    const { session } = await api.signUp();
    const id = (await t.sql.query(`SELECT id FROM support_requests LIMIT 1`)).rows[0].id as string;
    for (const [method, path] of [['GET', `/admin/support-requests/${id}`], ['POST', `/admin/support-requests/${id}/solve`], ['POST', `/admin/support-requests/${id}/notes`], ['GET', '/admin/support-staff']] as const) {
      expect([path, (await api.call(method, path, { token: session.accessToken, body: method === 'POST' ? { text: 'x' } : undefined })).statusCode]).toEqual([path, 403]);
    }
  });
});
