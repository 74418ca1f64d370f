import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;

/** Review tools that behave: the paged applicants overview and inviting an address that already has an account (docs/review.md). */
describe('review tools', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let owner: string;
  let ownerId: string;
  let other: string;
  let counter = 0;

  const signUpProvider = async (organisationName: string) => {
    const res = await api.call('POST', '/users/provider-signup', {
      ip: `10.29.0.${++counter}`,
      body: { answers: { organisationName, firstName: 'Ada', lastName: 'Byron', phone: '+12025550143', email: `ada.${Date.now()}.${counter}@example.org`, password: 'correct horse battery', confirmPassword: 'correct horse battery', acceptTerms: true } },
    });
    expect(res.json()).toMatchObject({ statusCode: 201 });
    return res.json().data as { accessToken: string; user: { id: string; email: string } };
  };

  /** A scholarship of the owner's written straight to the database, `minutesAgo` old, with applications in the given states. */
  const scholarship = async (title: string, status: 'draft' | 'published' | 'closed', minutesAgo: number, applications: ('Received' | 'Draft')[] = []) => {
    const { rows } = await t.sql.query(
      `INSERT INTO scholarships (provider_id, title, status, deadline, created_at) VALUES ($1, $2, $3, $4, now() - ($5 || ' minutes')::interval) RETURNING id`,
      [ownerId, title, status, NEXT_YEAR, String(minutesAgo)],
    );
    for (const state of applications) {
      const { session } = await api.signUp({ firstName: 'Stu', lastName: `Dent${++counter}` });
      await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at) VALUES ($1, $2, $3::varchar, '{}', CASE WHEN $3::varchar = 'Received' THEN now() END)`, [
        session.user.id,
        rows[0].id,
        state,
      ]);
    }
    return rows[0].id as string;
  };

  const overview = (query: string, token = owner) => api.call('GET', `/providers/scholarships/overview${query ? `?${query}` : ''}`, { token });
  const titles = async (query: string, token = owner) => ((await overview(query, token)).json().data.scholarships as { title: string }[]).map((row) => row.title);

  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    const session = await signUpProvider('Hopper Foundation');
    owner = session.accessToken;
    ownerId = session.user.id;
    other = (await signUpProvider('Other Foundation')).accessToken;
    // 25 published scholarships (newest: "Award 1"), two drafts nobody applied to, one draft with an application, one closed.
    for (let i = 25; i >= 1; i--) await scholarship(`Award ${i}`, 'published', i + 10, i === 1 ? ['Received', 'Received', 'Draft'] : []);
    await scholarship('Empty draft A', 'draft', 1);
    await scholarship('Empty draft B', 'draft', 2);
    await scholarship('Draft in use', 'draft', 3, ['Draft']);
    await scholarship('Closed 50% award', 'closed', 4, ['Received']);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the applicants overview', () => {
    it('pages the scholarships newest first, with their counts, and leaves empty drafts out unless asked for', async () => {
      const first = (await overview('')).json().data;
      expect(first).toMatchObject({ total: 27, offset: 0, limit: 20, hiddenEmptyDrafts: 2 });
      expect(first.scholarships).toHaveLength(20);
      expect(first.scholarships.slice(0, 3).map((row: { title: string }) => row.title)).toEqual(['Draft in use', 'Closed 50% award', 'Award 1']);
      expect(first.scholarships[2]).toMatchObject({ status: 'published', applicationsCount: 2, draftsCount: 1, deadline: NEXT_YEAR });
      const second = (await overview('offset=20')).json().data;
      expect(second.scholarships).toHaveLength(7);
      expect(second.scholarships.at(-1).title).toBe('Award 25');

      const withDrafts = (await overview('emptyDrafts=true&limit=2')).json().data;
      expect(withDrafts).toMatchObject({ total: 29, hiddenEmptyDrafts: 0 });
      expect(withDrafts.scholarships.map((row: { title: string }) => row.title)).toEqual(['Empty draft A', 'Empty draft B']);
    });

    it('searches titles (wildcards are characters) and filters by status', async () => {
      expect(await titles('search=award 2&limit=100')).toEqual(['Award 2', 'Award 20', 'Award 21', 'Award 22', 'Award 23', 'Award 24', 'Award 25']);
      expect(await titles('search=50%25')).toEqual(['Closed 50% award']);
      expect(await titles('search=_')).toEqual([]);
      expect(await titles('status=draft')).toEqual(['Draft in use']);
      expect((await overview('status=draft')).json().data.hiddenEmptyDrafts).toBe(2);
      expect(await titles('status=draft&emptyDrafts=true')).toEqual(['Empty draft A', 'Empty draft B', 'Draft in use']);
      expect(await titles('status=closed&search=award')).toEqual(['Closed 50% award']);
    });

    it('answers bad parameters with 400 and a description', async () => {
      for (const query of ['status=open', 'limit=0', 'limit=101', 'offset=-1', 'emptyDrafts=yes', `search=${'x'.repeat(101)}`, 'sort=title']) {
        const res = await overview(query);
        expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
        expect(res.json().description).toEqual(expect.any(String));
        expect(res.json().description.length).toBeGreaterThan(5);
      }
    });

    it("shows each provider its own scholarships only, and refuses applicants", async () => {
      expect((await overview('', other)).json().data).toMatchObject({ total: 0, scholarships: [] });
      const { session } = await api.signUp({ firstName: 'Nosy', lastName: 'Parker' });
      expect((await overview('', session.accessToken)).statusCode).toBe(403);
      expect((await api.call('GET', '/providers/scholarships/overview')).statusCode).toBe(401);
    });
  });

  describe('inviting an address that already has an account', () => {
    const invite = (email: string, token = owner) => api.call('POST', '/providers/reviewers', { token, body: { email } });
    const tokenMailedTo = async (email: string) => {
      const { rows } = await t.sql.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [email]);
      return { token: /token=([A-Za-z0-9_-]+)/.exec(rows[0].text_body)![1], text: rows[0].text_body as string };
    };
    const signUpAnswers = { firstName: 'Rita', lastName: 'Levi', password: 'correct horse battery', confirmPassword: 'correct horse battery' };

    it("refuses an applicant's or a provider's account in words the inviter understands", async () => {
      const { session } = await api.signUp({ firstName: 'Ann', lastName: 'Plicant' });
      const email = session.user.email as string;
      const res = await invite(email.toUpperCase());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ errorCode: 'ACCOUNT_NOT_REVIEWER' });
      expect(res.json().description).toBe(
        `${email.toUpperCase()} already has a ScholarMatch account, and it is not a reviewer's: one account has one role, so it cannot review too. Ask them for another e-mail address to review with.`,
      );
      expect(res.json().description).not.toMatch(/exist!!/);
    });

    it('invites a reviewer account that belongs to no organisation; it accepts with its password and joins', async () => {
      const email = `rita.${Date.now()}@example.org`;
      expect((await invite(email)).json().data.existingAccount).toBe(false);
      const first = await tokenMailedTo(email);
      const joined = await api.call('POST', `/reviewer-invitations/${first.token}/accept`, { body: { answers: signUpAnswers }, ip: '10.29.1.1' });
      expect(joined.statusCode).toBe(201);
      const rita = joined.json().data as { user: { id: string } };

      // Already ours, then another organisation's: said so, nothing sent.
      expect((await invite(email)).json()).toMatchObject({ statusCode: 409, errorCode: 'ALREADY_REVIEWER', description: `${email} already reviews for your organisation.` });
      const elsewhere = await invite(email, other);
      expect(elsewhere.json()).toMatchObject({ statusCode: 409, errorCode: 'REVIEWER_OF_ANOTHER_ORGANISATION' });
      expect(elsewhere.json().description).toContain('reviews for another organisation');

      // Removed from the first, the account is free: the other organisation invites it.
      expect((await api.call('DELETE', `/providers/reviewers/${rita.user.id}`, { token: owner })).statusCode).toBe(200);
      const invited = await invite(email, other);
      expect(invited.statusCode).toBe(201);
      expect(invited.json().message).toBe(`${email} already has a reviewer account: we invited it, and they accept by logging in.`);
      expect(invited.json().data.existingAccount).toBe(true);
      expect((await api.call('GET', '/providers/reviewers', { token: other })).json().data.invitations).toEqual([expect.objectContaining({ email, existingAccount: true })]);
      const second = await tokenMailedTo(email);
      expect(second.text).toContain('Log in with your reviewer account to accept');
      expect((await api.call('GET', `/reviewer-invitations/${second.token}`)).json().data).toMatchObject({ email, organisationName: 'Other Foundation', existingAccount: true });

      // Not by signing up again, not with a wrong password.
      const signUp = await api.call('POST', `/reviewer-invitations/${second.token}/accept`, { body: { answers: signUpAnswers }, ip: '10.29.1.2' });
      expect(signUp.json()).toMatchObject({ statusCode: 409, errorCode: 'ACCOUNT_EXISTS' });
      const wrong = await api.call('POST', `/reviewer-invitations/${second.token}/join`, { body: { password: 'not the password' }, ip: '10.29.1.3' });
      expect(wrong.json()).toMatchObject({ statusCode: 400, errorCode: 'WRONG_PASSWORD' });
      expect((await api.call('POST', `/reviewer-invitations/${second.token}/join`, { body: {}, ip: '10.29.1.3' })).statusCode).toBe(400);

      const accepted = await api.call('POST', `/reviewer-invitations/${second.token}/join`, { body: { password: 'correct horse battery' }, ip: '10.29.1.4' });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().data.user).toMatchObject({ id: rita.user.id, role: 'reviewer' });
      expect((await api.call('GET', '/providers/reviewers', { token: other })).json().data).toMatchObject({ reviewers: [expect.objectContaining({ id: rita.user.id })], invitations: [] });
      // The organisation's scholarships are the reviewer's now, the first one's no longer.
      expect((await overview('', accepted.json().data.accessToken)).json().data.total).toBe(0);
      expect((await api.call('POST', `/reviewer-invitations/${second.token}/join`, { body: { password: 'correct horse battery' }, ip: '10.29.1.5' })).statusCode).toBe(404);
    });

    it('joins nobody when the address has no account yet', async () => {
      const email = `new.${Date.now()}@example.org`;
      await invite(email);
      const { token } = await tokenMailedTo(email);
      expect((await api.call('POST', `/reviewer-invitations/${token}/join`, { body: { password: 'whatever it is' }, ip: '10.29.1.6' })).json()).toMatchObject({ statusCode: 409, errorCode: 'NO_ACCOUNT' });
    });
  });
});
