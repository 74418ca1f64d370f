import { signUpProvider } from '@scholarmatch/testkit';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import yauzl from 'yauzl';
import { ApplicantMatches } from '../src/matching/applicant-matches.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';
import { filePart, multipartBody, pdfFile } from './upload-fixtures.js';

/** The zip's entries, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** Privacy requests on the console's person page (docs/privacy.md), over HTTP on a real database. */
describe('privacy requests', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: string;
  let provider: string;
  let scholarshipId: string;
  let planId: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-privacy-'));
    t = await startTestApp({ DEMO_DATA: 'true', DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.62.0.1')).json().data.accessToken;
    provider = (await signUpProvider(api.kit, {}, '10.62.0.2')).token;
    const created = await api.call('POST', '/providers/scholarships', {
      token: provider,
      body: { title: 'Privacy Test Award', award: 1000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [{ title: 'Essay', dataType: 'editor', key: 'essay' }, { title: 'CV', dataType: 'file', key: 'cv' }] },
    });
    expect(created.statusCode).toBe(201);
    scholarshipId = created.json().data.id;
    planId = (await t.sql.query(`SELECT id FROM subscription_plans ORDER BY sort_order LIMIT 1`)).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const storedBytes = (key: string) => path.join(dataDir, 'uploads', key.slice(0, 2), key);

  /** An applicant with a profile, an uploaded CV used in a submitted application, a draft, a wishlist entry, a message, a support request and a past membership. */
  async function personWithData() {
    const { body, session } = await api.signUp({ firstName: 'Ada', lastName: 'Byron' });
    const id = session.user.id;
    const token = session.accessToken;
    const { body: form, contentType } = multipartBody([filePart(pdfFile(), 'my cv.pdf')]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/common/upload', headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload: form });
    expect(uploaded.statusCode).toBe(201);
    const cvUrl = uploaded.json().data.publicUrl as string;
    await t.sql.query(`UPDATE users SET profile = profile || '{"gpa": 3.9, "zipCode": "10001"}'::jsonb WHERE id = $1`, [id]);
    const [{ id: applicationId }] = (
      await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at) VALUES ($1, $2, 'Received', $3, now()) RETURNING id`, [
        id,
        scholarshipId,
        JSON.stringify({ essay: { text: '<p>My secret essay</p>' }, cv: cvUrl }),
      ])
    ).rows;
    const otherScholarship = (await t.sql.query(`SELECT id FROM scholarships WHERE status = 'published' AND id <> $1 LIMIT 1`, [scholarshipId])).rows[0].id;
    await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status, answers) VALUES ($1, $2, 'Draft', '{"essay": {"text": "draft"}}')`, [id, otherScholarship]);
    await t.sql.query(`INSERT INTO wishlist (user_id, scholarship_id) VALUES ($1, $2)`, [id, otherScholarship]);
    await t.sql.query(`INSERT INTO inbox_messages (user_id, kind, from_name, from_email, subject, body_html, body_text) VALUES ($1, 'provider', 'Trust', 'trust@example.org', 'Hello Ada', '<p>Hi</p>', 'Hi')`, [id]);
    const support = await api.call('POST', '/scholarships/add-support', { token, body: { query: 'Where is my data?', description: 'Please tell me what you hold.' } });
    expect(support.statusCode).toBe(201);
    const requestId = (await t.sql.query(`SELECT id FROM support_requests WHERE user_id = $1`, [id])).rows[0].id;
    expect((await api.call('POST', `/admin/support-requests/${requestId}/answer`, { token: admin, body: { answer: '<p>Your profile and applications.</p>' } })).statusCode).toBe(201);
    expect((await api.call('POST', `/support-requests/${requestId}/replies`, { token, body: { answers: { replyBody: 'And my files?' } } })).statusCode).toBe(201);
    const complimentary = await api.call('POST', `/admin/people/${id}/complimentary-membership`, { token: admin, body: { endsOn: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), reason: 'Test' } });
    expect(complimentary.statusCode).toBe(201);
    return { id, token, email: session.user.email, password: body.password as string, applicationId, cvUrl };
  }

  const auditRows = (action: string, targetId: string) =>
    t.sql.query(`SELECT actor_role, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id`, [action, targetId]).then((r) => r.rows);

  it("exports a person's data as a zip: data.json without secrets, and their files; audited", async () => {
    const person = await personWithData();
    const res = await api.call('POST', `/admin/people/${person.id}/export`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="scholarmatch-data-/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const entries = await unzip(res.rawPayload);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(Object.keys(data)).toEqual([
      'exportedAt', 'about', 'account', 'consents', 'profileAnswers', 'signInProviders', 'organisation', 'applications', 'wishlist', 'inbox',
      'supportRequests', 'memberships', 'paymentEvents', 'checkouts', 'referralEvents', 'sweepstakesEntries', 'deadlineReminders', 'profileByForm', 'files',
    ]);
    expect(data.account).toMatchObject({ id: person.id, email: person.email, firstName: 'Ada', lastName: 'Byron' });
    expect(JSON.stringify(data)).not.toMatch(/password_?hash|argon2|session_?version|refresh/i);
    expect(Object.keys(data.consents).sort()).toEqual(['acceptedTermsAt', 'consentedToContactAt']);
    expect(data.profileAnswers).toMatchObject({ gpa: 3.9, zipCode: '10001' });
    expect(data.profileByForm.map((tab: { title: string }) => tab.title)).toEqual(['Education', 'Basic', 'Contact']);
    expect(data.applications).toHaveLength(2);
    const submitted = data.applications.find((a: { id: string }) => a.id === person.applicationId);
    expect(submitted).toMatchObject({ scholarship: 'Privacy Test Award', status: 'Received', requirementAnswers: { essay: { text: '<p>My secret essay</p>' }, cv: person.cvUrl } });
    expect(data.wishlist).toHaveLength(1);
    expect(data.inbox.map((m: { subject: string }) => m.subject)).toContain('Hello Ada');
    expect(data.supportRequests[0]).toMatchObject({ kind: 'support', query: 'Where is my data?' });
    expect(data.supportRequests[0].conversation.map((m: { from: string }) => m.from)).toEqual(['staff', 'person']);
    expect(data.memberships[0]).toMatchObject({ gateway: 'complimentary', monthlyAmountCents: 0 });
    expect(data.files).toHaveLength(1);
    const [file] = data.files;
    expect(file).toMatchObject({ name: 'my cv.pdf', contentType: 'application/pdf', size: pdfFile().length, path: `files/${file.id}-my cv.pdf` });
    expect(file.storageKey).toBeUndefined();
    expect(entries.get(file.path)!.equals(pdfFile())).toBe(true);
    expect(await auditRows('privacy.exported', person.id)).toEqual([{ actor_role: 'admin', before: null, after: { files: 1, bytes: pdfFile().length, applications: 2 } }]);
  });

  it('erases a person: removes what is personal, keeps the payment records under a pseudonym, refuses their login; audited', async () => {
    const person = await personWithData();
    const storedFiles = async () => (await t.sql.query(`SELECT storage_key FROM uploaded_files WHERE owner_id = $1`, [person.id])).rows.map((r) => r.storage_key as string);
    const [storageKey] = await storedFiles();
    expect(existsSync(storedBytes(storageKey))).toBe(true);
    const wrong = await api.call('POST', `/admin/people/${person.id}/erase`, { token: admin, body: { confirmEmail: 'someone.else@example.com' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'CONFIRMATION_MISMATCH', description: "The e-mail address typed is not this person's." });
    expect((await api.call('POST', `/admin/people/${person.id}/erase`, { token: admin, body: {} })).statusCode).toBe(400);

    const res = await api.call('POST', `/admin/people/${person.id}/erase`, { token: admin, body: { confirmEmail: person.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result.pseudonym).toBe(`erased-${person.id}@erased.invalid`);
    expect(result.removed).toMatchObject({ profileAnswers: expect.any(Number), applicationDrafts: 1, submittedApplicationAnswers: 1, wishlist: 1, files: 1, supportRequests: 1 });
    expect(result.removed.inboxMessages).toBeGreaterThanOrEqual(1);
    const kept = Object.fromEntries(result.kept.map((k: { part: string; count: number }) => [k.part, k.count]));
    expect(kept).toMatchObject({ memberships: 1, submittedApplications: 1, account: 1 });
    expect(result.kept.every((k: { reason: string }) => k.reason.length > 20)).toBe(true);

    const [user] = (await t.sql.query(`SELECT email, first_name, last_name, phone, profile, erased_at, locked_at FROM users WHERE id = $1`, [person.id])).rows;
    expect(user).toMatchObject({ email: result.pseudonym, first_name: 'Erased', last_name: 'applicant', phone: null, profile: {} });
    expect(user.erased_at).not.toBeNull();
    expect(user.locked_at).not.toBeNull();
    const countOf = async (table: string, column = 'user_id') => Number((await t.sql.query(`SELECT count(*) FROM ${table} WHERE ${column} = $1`, [person.id])).rows[0].count);
    for (const table of ['wishlist', 'inbox_messages', 'support_requests', 'refresh_tokens', 'chat_sessions', 'reminders']) expect([table, await countOf(table)]).toEqual([table, 0]);
    expect(await countOf('uploaded_files', 'owner_id')).toBe(0);
    expect(await countOf('subscriptions')).toBe(1);
    const [application] = (await t.sql.query(`SELECT answers, status, applicant_first_name, applicant_last_name FROM applications WHERE user_id = $1`, [person.id])).rows;
    expect(application).toEqual({ answers: {}, status: 'Received', applicant_first_name: 'Erased', applicant_last_name: 'applicant' });
    expect(Number((await t.sql.query(`SELECT count(*) FROM mail_outbox WHERE lower(to_address) = lower($1)`, [person.email])).rows[0].count)).toBe(0);
    // The file's bytes are gone from storage too.
    const download = await t.app.inject({ method: 'GET', url: person.cvUrl, headers: { authorization: `Bearer ${provider}` } });
    expect(download.statusCode).toBe(404);
    expect(existsSync(storedBytes(storageKey))).toBe(false);

    // No way back in: the old address, the pseudonym, the old token.
    // (The login answers 400 with a sentence for an unknown address or a wrong password: docs/api.md.)
    expect((await api.login(person.email, person.password, '10.62.0.9')).json()).toMatchObject({ statusCode: 400, errorCode: 'EMAIL_NOT_FOUND' });
    expect((await api.login(result.pseudonym, person.password, '10.62.0.9')).json()).toMatchObject({ statusCode: 400, errorCode: 'EMAIL_NOT_FOUND' });
    // Nor a password reset to the pseudonym, which would give the account a password again.
    const reset = await api.call('POST', '/register-applicants/forgot-password', { body: { email: result.pseudonym }, ip: '10.62.0.9' });
    expect(reset.json()).toMatchObject({ statusCode: 400, errorCode: 'EMAIL_NOT_FOUND' });
    expect((await api.call('GET', '/users/me', { token: person.token })).statusCode).toBe(401);

    // The provider still sees the application, as an erased applicant's, and nothing of its answers.
    const list = await api.call('GET', `/scholarships/${scholarshipId}/applicants`, { token: provider });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.applicants.find((a: { id: string }) => a.id === person.applicationId);
    expect(row.name).toBe('Erased applicant');
    const submission = await api.call('GET', `/scholarships/${scholarshipId}/applicants/${person.applicationId}`, { token: provider });
    expect(submission.statusCode).toBe(200);
    expect(JSON.stringify(submission.json())).not.toContain('My secret essay');

    // The console's person page still opens, and says so.
    const page = await api.call('GET', `/admin/people/${person.id}`, { token: admin });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.account).toMatchObject({ email: result.pseudonym, erasedAt: expect.any(String) });

    const [audit] = await auditRows('privacy.erased', person.id);
    expect(audit).toEqual({ actor_role: 'admin', before: result.removed, after: expect.objectContaining({ memberships: 1, submittedApplications: 1 }) });
    // Once is enough.
    const again = await api.call('POST', `/admin/people/${person.id}/erase`, { token: admin, body: { confirmEmail: result.pseudonym } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('ALREADY_ERASED');
  });

  it('erases a person while their matches are being recomputed: the erasure waits for it, no deadlock', async () => {
    const person = await personWithData();
    // A recomputation half-way: it holds the applicant's lock and the matches it deleted, and is
    // about to insert new ones, which needs the account's row as a foreign key (FOR KEY SHARE).
    const recomputation = t.app.get(DataSource).createQueryRunner();
    await recomputation.startTransaction();
    try {
      await t.app.get(ApplicantMatches).holdRecomputation(recomputation.manager, person.id);
      await recomputation.query(`DELETE FROM applicant_matches WHERE user_id = $1`, [person.id]);
      const erasure = api.call('POST', `/admin/people/${person.id}/erase`, { token: admin, body: { confirmEmail: person.email } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await recomputation.query(`SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE`, [person.id]);
      await recomputation.commitTransaction();
      expect((await erasure).statusCode).toBe(200);
    } finally {
      if (recomputation.isTransactionActive) await recomputation.rollbackTransaction();
      await recomputation.release();
    }
  });

  it('refuses to erase staff, providers and a member whose membership still renews, and writes no audit row', async () => {
    const adminId = (await t.sql.query(`SELECT id FROM users WHERE email = 'admin@demo.scholarmatch.test'`)).rows[0].id;
    const staff = await api.call('POST', `/admin/people/${adminId}/erase`, { token: admin, body: { confirmEmail: 'admin@demo.scholarmatch.test' } });
    expect(staff.statusCode).toBe(409);
    expect(staff.json().errorCode).toBe('STAFF_NOT_ERASABLE');
    const providerRow = (await t.sql.query(`SELECT id, email FROM users WHERE role = 'provider' LIMIT 1`)).rows[0];
    const refusedProvider = await api.call('POST', `/admin/people/${providerRow.id}/erase`, { token: admin, body: { confirmEmail: providerRow.email } });
    expect(refusedProvider.statusCode).toBe(409);
    expect(refusedProvider.json().errorCode).toBe('NOT_ERASABLE');

    const member = await api.person();
    await t.sql.query(
      `INSERT INTO subscriptions (user_id, plan_id, gateway, gateway_subscription_id, monthly_amount_cents, status, gateway_version) VALUES ($1, $2, 'sandbox', $3, 999, 'active', 1)`,
      [member.id, planId, `sub_privacy_${Date.now()}`],
    );
    const renewing = await api.call('POST', `/admin/people/${member.id}/erase`, { token: admin, body: { confirmEmail: member.email } });
    expect(renewing.statusCode).toBe(409);
    expect(renewing.json()).toMatchObject({ errorCode: 'MEMBERSHIP_RENEWS', description: "This person's membership still renews: cancel it first, then erase them." });
    // Refused means untouched: still signed in, nothing recorded.
    expect((await api.call('GET', '/users/me', { token: member.token })).statusCode).toBe(200);
    for (const id of [adminId, providerRow.id, member.id]) expect(await auditRows('privacy.erased', id)).toEqual([]);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api.call('POST', `/admin/people/${unknown}/erase`, { token: admin, body: { confirmEmail: 'x@example.com' } })).statusCode).toBe(404);
    expect((await api.call('POST', `/admin/people/${unknown}/export`, { token: admin })).statusCode).toBe(404);
  });
});
