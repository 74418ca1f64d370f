import { createHash, randomUUID } from 'node:crypto';
import { NEXT_YEAR, signUpProvider as signUpProviderWith } from '@scholarmatch/testkit';
import { drawWinners } from '../src/review/draw.js';
import { guardFormula } from '../src/review/review-export.js';
import { FileLinks } from '../src/uploads/file-links.js';
import { FileStorage } from '../src/uploads/file-storage.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Provider review (docs/review.md): list, submission, blind review, rubric and points, winners, export, files, reviewers. */
describe('provider review', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let owner: string;
  let ownerId: string;
  let otherProvider: string;
  let otherProviderId: string;
  let reviewer: string;
  let foreignReviewer: string;
  let applicantToken: string;
  let scholarshipId: string;
  const apps: { id: string; userId: string; fileUrl: string }[] = [];
  let counter = 0;
  const rowsOf = async (text: string, params: unknown[]) => (await t.sql.query(text, params)).rows as unknown;

  const signUpProvider = (organisationName: string) => signUpProviderWith(api.kit, { organisationName }, `10.17.0.${++counter}`);

  const inviteAndAccept = async (providerToken: string, email: string) => {
    const invited = await api.call('POST', '/providers/reviewers', { token: providerToken, body: { email } });
    expect(invited.statusCode).toBe(201);
    const [mail] = (await rowsOf(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [email])) as { text_body: string }[];
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
    return { token, invitation: invited.json().data };
  };

  const acceptAnswers = { firstName: 'Rita', lastName: 'Levi', password: 'correct horse battery', confirmPassword: 'correct horse battery' };

  const get = (path: string, token?: string) => api.call('GET', path, { token });
  const put = (path: string, token: string, body: unknown) => api.call('PUT', path, { token, body });
  const post = (path: string, token: string, body: unknown) => api.call('POST', path, { token, body });

  beforeAll(async () => {
    // Status messages leave with the move here; their delay and undo are status-messages.spec's.
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000, STATUS_MESSAGE_DELAY_SECONDS: 0 });
    api = accountClient(t);
    const ownerSession = await signUpProvider('Lovelace Trust');
    owner = ownerSession.token;
    ownerId = ownerSession.id;
    const other = await signUpProvider('Other Trust');
    otherProvider = other.token;
    otherProviderId = other.id;

    const created = await post('/providers/scholarships', owner, {
      title: 'Analytical Engine Award', award: 1000, recurrenceConfig: { deadline: NEXT_YEAR },
      requirements: [{ title: 'Essay', dataType: 'editor', key: 'essay' }, { title: 'Transcript', dataType: 'file', key: 'transcript' }, { title: 'Motto', dataType: 'text', key: 'motto' }],
    });
    expect(created.statusCode).toBe(201);
    scholarshipId = created.json().data.id;

    // Three applicants with submitted applications, one with a draft (never shown).
    for (let i = 0; i < 4; i++) {
      const { session } = await api.signUp({ firstName: `Student${i}`, lastName: `Zed${i}` });
      if (i === 0) applicantToken = session.accessToken;
      const fileId = randomUUID();
      await t.sql.query(
        `INSERT INTO uploaded_files (id, owner_id, purpose, content_type, size, original_name, storage_key, sha256)
         VALUES ($1::uuid, $2, 'document', 'application/pdf', 10, 'transcript.pdf', $1::text, repeat('0', 64))`,
        [fileId, session.user.id],
      );
      const fileUrl = `/api/v1/common/files/${fileId}`;
      const answers = { essay: { text: '<p>Hello<script>alert(1)</script></p>' }, transcript: fileUrl, motto: i === 1 ? '=HYPERLINK("http://evil")' : `Line one, "quoted"\nline two ${i}` };
      const [row] = (await rowsOf(
        `INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at) VALUES ($1, $2, $3, $4, now() - ($5 || ' hours')::interval) RETURNING id`,
        [session.user.id, scholarshipId, i === 3 ? 'Draft' : 'Received', JSON.stringify(answers), String(i)],
      )) as { id: string }[];
      if (i < 3) apps.push({ id: row.id, userId: session.user.id, fileUrl });
    }

    const { token } = await inviteAndAccept(owner, `rita.${Date.now()}@example.org`);
    const accepted = await api.call('POST', `/reviewer-invitations/${token}/accept`, { body: { answers: acceptAnswers }, ip: '10.17.1.1' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.user.role).toBe('reviewer');
    reviewer = accepted.json().data.accessToken;

    const foreign = await inviteAndAccept(otherProvider, `mallory.${Date.now()}@example.org`);
    foreignReviewer = (await api.call('POST', `/reviewer-invitations/${foreign.token}/accept`, { body: { answers: acceptAnswers }, ip: '10.17.1.2' })).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the submitted applications to the owner and its reviewers, with names while blind review is off', async () => {
    const res = await get(`/scholarships/${scholarshipId}/applicants`, owner);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(3);
    expect(data.blindReview).toBe(false);
    expect(data.applicants.map((a: { id: string }) => a.id)).toEqual(apps.map((a) => a.id)); // newest first
    expect(data.applicants[0]).toMatchObject({ reference: apps[0].id.slice(0, 8).toUpperCase(), status: 'Received', eligibility: 'eligible', averageScore: null, name: 'Student0 Zed0' });
    expect((await get(`/scholarships/${scholarshipId}/applicants?search=zed1`, reviewer)).json().data.applicants).toHaveLength(1);
    // Names need three characters (docs/review.md); shorter searches match references only.
    expect((await get(`/scholarships/${scholarshipId}/applicants?search=ze`, reviewer)).json().data.total).toBe(0);
    expect((await get(`/scholarships/${scholarshipId}/applicants?sort=submittedAt&limit=1&offset=1`, reviewer)).json().data.applicants[0].id).toBe(apps[1].id);
    expect((await get(`/scholarships/${scholarshipId}/applicants?eligible=ineligible`, owner)).json().data.total).toBe(0);
    expect((await get(`/scholarships/${scholarshipId}/applicants?sort=bogus`, owner)).statusCode).toBe(400);
  });

  it("searches and sorts by the applicant's names and e-mail as they are now", async () => {
    const names = async (query: string) =>
      ((await get(`/scholarships/${scholarshipId}/applicants?${query}`, owner)).json().data.applicants as { name: string }[]).map((a) => a.name);
    expect(await names('sort=name')).toEqual(['Student0 Zed0', 'Student1 Zed1', 'Student2 Zed2']);
    expect(await names('sort=-name')).toEqual(['Student2 Zed2', 'Student1 Zed1', 'Student0 Zed0']);
    // Applicant 1 changes names and e-mail: the list follows at once.
    await t.sql.query(`UPDATE users SET last_name = 'Aardvark', email = 'renamed.applicant@example.net' WHERE id = $1`, [apps[1].userId]);
    try {
      expect(await names('sort=name')).toEqual(['Student1 Aardvark', 'Student0 Zed0', 'Student2 Zed2']);
      expect(await names('search=aardv')).toEqual(['Student1 Aardvark']);
      expect(await names('search=renamed.applicant')).toEqual(['Student1 Aardvark']);
      expect(await names('search=zed1')).toEqual([]);
      // A word in every applicant's e-mail: all of them, newest first.
      expect(await names('search=example')).toEqual(['Student0 Zed0', 'Student1 Aardvark', 'Student2 Zed2']);
    } finally {
      await t.sql.query(`UPDATE users SET last_name = 'Zed1' WHERE id = $1`, [apps[1].userId]);
    }
  });

  it('answers 404 to other providers and reviewers of other organisations, 403 to applicants', async () => {
    for (const path of [`/scholarships/${scholarshipId}/applicants`, `/scholarships/${scholarshipId}/applicants/${apps[0].id}`, `/scholarship/${scholarshipId}/rank-criteria`,
      `/scholarships/${scholarshipId}/winners`, `/scholarships/${scholarshipId}/activity`, `/scholarships/${scholarshipId}/applicants-data/export`]) {
      expect((await get(path, otherProvider)).statusCode).toBe(404);
      expect((await get(path, foreignReviewer)).statusCode).toBe(404);
      expect((await get(path, applicantToken)).statusCode).toBe(403);
    }
    expect((await put(`/scholarships/${scholarshipId}/review-settings`, reviewer, { blindReview: true })).statusCode).toBe(403);
    expect((await get(`/scholarships/${UNKNOWN_ID}/applicants`, owner)).statusCode).toBe(404);
  });

  it('shows one submission on its pinned form with essays sanitised, and its files to the provider and reviewers only', async () => {
    const res = await get(`/scholarships/${scholarshipId}/applicants/${apps[0].id}`, reviewer);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.applicant).toMatchObject({ firstName: 'Student0', lastName: 'Zed0' });
    expect(Object.keys(data.form.schema.properties)).toEqual(['essay', 'transcript', 'motto']);
    expect(data.answers.essay.text).not.toContain('<script');
    expect((await get(`/scholarships/${scholarshipId}/applicants/${UNKNOWN_ID}`, owner)).statusCode).toBe(404);

    const fileId = apps[0].fileUrl.split('/').pop();
    expect((await get(`/common/files/${fileId}/info`, owner)).statusCode).toBe(200);
    expect((await get(`/common/files/${fileId}/info`, reviewer)).statusCode).toBe(200);
    expect((await get(`/common/files/${fileId}/info`, otherProvider)).statusCode).toBe(404);
    expect((await get(`/common/files/${fileId}/info`, foreignReviewer)).statusCode).toBe(404);
    expect((await get(`/common/files/${fileId}/info`, applicantToken)).statusCode).toBe(200); // its owner
    const otherApplicantFile = apps[1].fileUrl.split('/').pop();
    expect((await get(`/common/files/${otherApplicantFile}/info`, applicantToken)).statusCode).toBe(404);
  });

  it('scores with the compiled rubric form: weighted totals, averages across reviewers, stored for sorting', async () => {
    expect((await put(`/scholarship/${scholarshipId}/applicants/${apps[0].id}/points`, reviewer, { answers: {} })).statusCode).toBe(409);
    const bad = await put(`/scholarship/${scholarshipId}/rank-criteria`, owner, { criteria: [{ answers: { criterionName: '', criterionWeight: 0, criterionMaxPoints: 10 } }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['criteria.0.criterionWeight']));
    const saved = await put(`/scholarship/${scholarshipId}/rank-criteria`, owner, {
      criteria: [{ answers: { criterionName: 'Essay', criterionWeight: 3, criterionMaxPoints: 10 } }, { answers: { criterionName: 'Grades', criterionWeight: 1, criterionMaxPoints: 5 } }],
    });
    expect(saved.statusCode).toBe(200);
    const [essay, grades] = saved.json().data.criteria as { id: string }[];
    const form = saved.json().data.scoringForm;
    expect(form.schema.properties[essay.id]).toMatchObject({ maximum: 10, minimum: 0 });
    expect(form.schema.required).toEqual([essay.id, grades.id]);

    const path = `/scholarship/${scholarshipId}/applicants/${apps[0].id}/points`;
    expect((await put(path, reviewer, { answers: { [essay.id]: 11, [grades.id]: 1 } })).statusCode).toBe(400);
    // Reviewer: 3×10/10 + 1×5/5 = 4 of 4 → 100; owner: 3×5/10 + 1×0/5 = 1.5 of 4 → 37.5; average 68.75.
    expect((await put(path, reviewer, { answers: { [essay.id]: 10, [grades.id]: 5 } })).json().data.mine.total).toBe(100);
    const both = (await put(path, owner, { answers: { [essay.id]: 5, [grades.id]: 0 } })).json().data;
    expect(both.mine.total).toBe(37.5);
    expect(both.average).toBe(68.75);
    expect(both.reviewCount).toBe(2);
    expect((await get(path, foreignReviewer)).statusCode).toBe(404);
    const list = (await get(`/scholarships/${scholarshipId}/applicants?sort=-score`, reviewer)).json().data.applicants;
    expect(list[0]).toMatchObject({ id: apps[0].id, averageScore: 68.75, reviewCount: 2, myScore: 100 });
  });

  it('moves the status (owner only) and tells the applicant in the inbox', async () => {
    const path = `/scholarships/${scholarshipId}/applicants/${apps[2].id}/status`;
    expect((await put(path, reviewer, { status: 'Shortlisted' })).statusCode).toBe(403);
    expect((await put(path, owner, { status: 'Nope' })).statusCode).toBe(400);
    expect((await put(path, owner, { status: 'Shortlisted' })).json().data).toEqual({ id: apps[2].id, status: 'Shortlisted', undo: null });
    const messages = (await rowsOf(`SELECT kind, subject FROM inbox_messages WHERE user_id = $1`, [apps[2].userId])) as { kind: string }[];
    expect(messages).toEqual([expect.objectContaining({ kind: 'status-changed' })]);
  });

  it('hides name, e-mail, phone and school in the list, the submission and the export under blind review, for the owner too', async () => {
    expect((await put(`/scholarships/${scholarshipId}/review-settings`, owner, { blindReview: true })).json().data).toEqual({ blindReview: true });
    const list = (await get(`/scholarships/${scholarshipId}/applicants?search=zed`, owner)).json().data;
    expect(list.total).toBe(0); // names are not searchable
    const all = (await get(`/scholarships/${scholarshipId}/applicants`, owner)).json().data.applicants;
    expect(all.every((a: Record<string, unknown>) => a.name === null && a.email === null && a.phone === null && a.school === null)).toBe(true);
    const byReference = (await get(`/scholarships/${scholarshipId}/applicants?search=${apps[1].id.slice(0, 6)}`, owner)).json().data.applicants;
    expect(byReference.map((a: { id: string }) => a.id)).toContain(apps[1].id);
    expect((await get(`/scholarships/${scholarshipId}/applicants/${apps[0].id}`, owner)).json().data.applicant).toBeNull();
    const csv = (await get(`/scholarships/${scholarshipId}/applicants-data/export`, owner)).body;
    expect(csv.split('\r\n')[0]).toBe('\uFEFFReference,Application id,Status,Submitted at,Eligibility,Average score,Reviews,Essay,Transcript,Motto');
    expect(csv).not.toContain('Zed');
    expect((await get(`/scholarships/${scholarshipId}/review-settings`, reviewer)).json().data.blindReview).toBe(true);
    await put(`/scholarships/${scholarshipId}/review-settings`, owner, { blindReview: false });
  });

  it('exports CSV by RFC 4180 with formula cells neutralised, phone numbers as they are, in the UI\'s words', async () => {
    const res = await get(`/scholarships/${scholarshipId}/applicants-data/export`, reviewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applicants-.+\.csv"$/);
    const csv = res.body;
    expect(csv.split('\r\n')[0]).toContain('First name,Last name,E-mail,Phone,School');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain('"Line one, ""quoted""\nline two 0"');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(4); // header + 3 (the draft is not exported)
    expect(csv).not.toContain('<script');
    // A '+' then digits cannot be a formula: the phone is written as it is, in every row.
    expect(csv).toContain(',+12025550143,');
    expect(csv).not.toContain("'+12025550143");
    // The eligibility as the studio shows it.
    expect(csv.split('\r\n')[1].split(',')[4]).toBe('Eligible');
  });

  it('starts the export with a UTF-8 byte-order mark, so accented names survive a spreadsheet', async () => {
    await t.sql.query(`UPDATE users SET first_name = 'Zoë', last_name = 'Muñoz' WHERE id = $1`, [apps[2].userId]);
    try {
      const res = await get(`/scholarships/${scholarshipId}/applicants-data/export`, owner);
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(res.rawPayload);
      const row = text.split('\r\n').find((line) => line.includes(apps[2].id))!;
      expect(row.split(',').slice(7, 9)).toEqual(['Zoë', 'Muñoz']);
    } finally {
      await t.sql.query(`UPDATE users SET first_name = 'Student2', last_name = 'Zed2' WHERE id = $1`, [apps[2].userId]);
    }
  });

  it('guards every cell a spreadsheet would run, and only a real international phone number passes', () => {
    for (const cell of ['=cmd|\' /C calc\'!A0', '+1+cmd', '+SUM(A1)', '-2+3', '@SUM(A1)', '\tx', '\rx', '+', '+12']) expect(guardFormula(cell)).toBe(`'${cell}`);
    for (const cell of ['+15555550123', '+447911123456', 'Zoë', '1+1']) expect(guardFormula(cell)).toBe(cell);
  });

  it('writes files as absolute signed links that open without a token, and stop opening when they expire', async () => {
    const fileId = apps[0].fileUrl.split('/').pop()!;
    await t.app.get(FileStorage).put(fileId, Buffer.from('%PDF-1.4 x'));
    const csv = (await get(`/scholarships/${scholarshipId}/applicants-data/export`, reviewer)).body;
    const row = csv.split('\r\n').find((line) => line.includes(apps[0].id))!;
    const link = row.split(',').find((cell) => cell.includes(fileId))!;
    expect(link).toMatch(new RegExp(`^https?://[^/]+/api/v1/common/files/${fileId}/signed\\?by=[0-9a-f-]{36}&expires=\\d+&signature=[\\w-]+$`));
    const path = link.replace(/^https?:\/\/[^/]+/, '');
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toContain('transcript.pdf');
    expect(opened.body).toBe('%PDF-1.4 x');

    const tampered = await t.app.inject({ method: 'GET', url: path.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 3600}`) });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ errorCode: 'FILE_LINK_INVALID', description: expect.stringContaining('not valid') });
    const otherFile = await t.app.inject({ method: 'GET', url: path.replace(fileId, apps[1].fileUrl.split('/').pop()!) });
    expect(otherFile.statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/v1/common/files/${fileId}/signed` });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().description).toContain('not valid');

    // A link made longer ago than its lifetime (72 hours by default) no longer opens.
    const reviewerId = new URL(link).searchParams.get('by')!;
    const old = t.app.get(FileLinks).signedUrlOf(fileId, reviewerId, new Date(Date.now() - 73 * 3600 * 1000));
    const expired = await t.app.inject({ method: 'GET', url: old.replace(/^https?:\/\/[^/]+/, '') });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ errorCode: 'FILE_LINK_EXPIRED', description: expect.stringContaining('expired') });
    // Signed for someone who may not read the file: it does not open either.
    const foreign = t.app.get(FileLinks).signedUrlOf(fileId, otherProviderId);
    expect((await t.app.inject({ method: 'GET', url: foreign.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(404);
  });

  it('counts submissions per day for the chart', async () => {
    const days = (await get(`/scholarships/${scholarshipId}/activity?days=7`, reviewer)).json().data.days as { date: string; count: number }[];
    expect(days).toHaveLength(7);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(3);
    expect((await get(`/scholarships/${scholarshipId}/activity?days=0`, owner)).statusCode).toBe(400);
  });

  it('sends messages through the served provider-message form, sanitised, to the selected applicants', async () => {
    const path = `/scholarships/${scholarshipId}/messages`;
    const invalid = await post(path, owner, { applicantIds: [apps[0].id], answers: { subject: '' } });
    expect(invalid.statusCode).toBe(400);
    expect((await post(path, owner, { applicantIds: [UNKNOWN_ID], answers: { subject: 'Hi', body: '<p>x</p>' } })).json().errors[0].path).toBe('applicantIds.0');
    expect((await post(path, reviewer, { applicantIds: [apps[0].id], answers: { subject: 'Hi', body: '<p>x</p>' } })).statusCode).toBe(403);
    const sent = await post(path, owner, { applicantIds: [apps[0].id, apps[1].id], answers: { subject: 'Interviews next week', body: '<p>Dear applicant<img src=x onerror=alert(1)></p>' } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.sent).toBe(2);
    const [row] = (await rowsOf(`SELECT kind, from_name, body_html FROM inbox_messages WHERE user_id = $1 AND subject = 'Interviews next week'`, [apps[1].userId])) as { kind: string; from_name: string; body_html: string }[];
    expect(row).toMatchObject({ kind: 'provider', from_name: 'Lovelace Trust' });
    expect(row.body_html).not.toContain('onerror');
  });

  it('draws winners reproducibly from the recorded seed; the others are not selected; once only', async () => {
    expect((await post(`/scholarships/${scholarshipId}/winners`, reviewer, { draw: { count: 1 } })).statusCode).toBe(403);
    expect((await post(`/scholarships/${scholarshipId}/winners`, owner, { draw: { count: 5 } })).statusCode).toBe(409);
    expect((await post(`/scholarships/${scholarshipId}/winners`, owner, {})).statusCode).toBe(400);
    const res = await post(`/scholarships/${scholarshipId}/winners`, owner, { draw: { count: 1 } });
    expect(res.statusCode).toBe(201);
    const { winners, decisions } = res.json().data;
    expect(decisions).toHaveLength(1);
    const [decision] = decisions;
    expect(decision.seed).toMatch(/^[0-9a-f]{64}$/);
    expect([...decision.candidateIds].sort()).toEqual(apps.map((a) => a.id).sort());
    // The audit of docs/review.md, written out independently of the server's code.
    const audit = decision.candidateIds
      .map((id: string) => [createHash('sha256').update(`${decision.seed}:${id}`).digest('hex'), id])
      .sort()
      .slice(0, 1)
      .map((pair: string[]) => pair[1]);
    expect(decision.winnerIds).toEqual(audit);
    expect(drawWinners(decision.seed, decision.candidateIds, 1)).toEqual(audit);
    expect(winners.map((w: { id: string }) => w.id)).toEqual(audit);
    const statuses = (await get(`/scholarships/${scholarshipId}/applicants`, owner)).json().data.applicants.map((a: { status: string }) => a.status).sort();
    expect(statuses).toEqual(['Not selected', 'Not selected', 'Winner']);
    const kinds = (await rowsOf(`SELECT kind FROM inbox_messages WHERE scholarship_id = $1 AND kind IN ('winner', 'not-selected')`, [scholarshipId])) as { kind: string }[];
    expect(kinds.map((k) => k.kind).sort()).toEqual(['not-selected', 'not-selected', 'winner']);
    expect((await post(`/scholarships/${scholarshipId}/winners`, owner, { applicationIds: [apps[0].id] })).statusCode).toBe(409);
    expect((await get(`/scholarships/${scholarshipId}/winners`, reviewer)).json().data.winners).toHaveLength(1);
  });

  it('manages reviewers: invitations once, 7 days, the same password policy; removal ends access', async () => {
    const email = `tom.${Date.now()}@example.org`;
    const { token, invitation } = await inviteAndAccept(owner, email);
    expect(invitation.email).toBe(email);
    expect((await get(`/reviewer-invitations/${token}`)).json().data).toMatchObject({ email, organisationName: 'Lovelace Trust' });
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const listed = (await get('/providers/reviewers', owner)).json().data;
    expect(listed.invitations.map((i: { email: string }) => i.email)).toContain(email);
    expect(listed.reviewers).toHaveLength(1);
    const short = await api.call('POST', `/reviewer-invitations/${token}/accept`, { body: { answers: { ...acceptAnswers, password: 'short', confirmPassword: 'short' } }, ip: '10.17.1.3' });
    expect(short.statusCode).toBe(400);
    const accepted = await api.call('POST', `/reviewer-invitations/${token}/accept`, { body: { answers: acceptAnswers }, ip: '10.17.1.4' });
    expect(accepted.statusCode).toBe(201);
    expect((await api.call('POST', `/reviewer-invitations/${token}/accept`, { body: { answers: acceptAnswers }, ip: '10.17.1.5' })).statusCode).toBe(404);
    expect((await get(`/reviewer-invitations/${token}`)).statusCode).toBe(404);
    expect((await get('/reviewer-invitations/nope')).statusCode).toBe(404);
    expect((await post('/providers/reviewers', owner, { email })).statusCode).toBe(409);
    expect((await post('/providers/reviewers', reviewer, { email: 'x@example.org' })).statusCode).toBe(403);

    const expired = await inviteAndAccept(owner, `late.${Date.now()}@example.org`);
    await t.sql.query(`UPDATE reviewer_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.invitation.id]);
    expect((await get(`/reviewer-invitations/${expired.token}`)).statusCode).toBe(410);

    const tom = accepted.json().data;
    expect((await get(`/scholarships/${scholarshipId}/applicants`, tom.accessToken)).statusCode).toBe(200);
    expect((await api.call('DELETE', `/providers/reviewers/${tom.user.id}`, { token: otherProvider })).statusCode).toBe(404);
    expect((await api.call('DELETE', `/providers/reviewers/${tom.user.id}`, { token: owner })).statusCode).toBe(200);
    expect((await get(`/scholarships/${scholarshipId}/applicants`, tom.accessToken)).statusCode).toBe(404);
    void ownerId;
    void otherProviderId;
  });
});
