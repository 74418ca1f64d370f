import { sanitizeRichText } from '@scholarmatch/schemas/html';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../src/config/app-config.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const AI_UNAVAILABLE = 'The essay assistant is not available right now. Please try again later.';
/** A real option of the High School Name catalogue, and its label. */
const SCHOOL = { value: 'academic-magnet-high-school-sc', label: 'Academic Magnet High School (North Charleston, SC)' };

interface ModelCall {
  method: string;
  url: string;
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** A local stand-in for an OpenAI-compatible endpoint: answers, fails, answers nonsense, or never answers. */
async function startFakeModel() {
  const state = { mode: 'answer' as 'answer' | 'fail' | 'garbage' | 'hang', content: '', calls: [] as ModelCall[] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      state.calls.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: JSON.parse(raw) });
      if (state.mode === 'hang') return;
      if (state.mode === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      if (state.mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[]}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: state.content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An applicant with a profile, a published and a draft scholarship, on a fresh database. */
async function arrange(t: TestApp) {
  const api = accountClient(t);
  const { session } = await api.signUp({ firstName: 'Maya', lastName: 'Lopez' });
  await t.sql.query(`UPDATE users SET profile = $2 WHERE id = $1`, [session.user.id, { highSchoolName: SCHOOL.value, fieldOfStudy: 'accounting' }]);
  const [provider] = (
    await t.sql.query(`INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES ('fund@example.org', 'x', 'provider', 'Civic', 'Fund') RETURNING id`)
  ).rows;
  const scholarship = async (title: string, status: string) =>
    (
      await t.sql.query(`INSERT INTO scholarships (provider_id, title, description, status) VALUES ($1, $2, $3, $4) RETURNING id`, [
        provider.id,
        title,
        '<p>For students who <strong>lead</strong> in their community.</p><p>Winners are announced in May.</p>',
        status,
      ])
    ).rows[0].id as string;
  return { api, token: session.accessToken, userId: session.user.id, published: await scholarship('Future Leaders Scholarship', 'published'), draft: await scholarship('Hidden Draft', 'draft') };
}

describe('essay help', () => {
  describe('with no AI configured (the offline generator)', () => {
    let t: TestApp;
    let ctx: Awaited<ReturnType<typeof arrange>>;
    beforeAll(async () => {
      t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
      ctx = await arrange(t);
    });
    afterAll(async () => {
      await t?.close();
    });
    const getEssay = (body: object, options: { token?: string; ip?: string } = {}) =>
      ctx.api.call('POST', '/register-applicants/get-essay', { body, token: 'token' in options ? options.token : ctx.token, ip: options.ip ?? '10.9.0.1' });

    it("outlines with the applicant's name, school and field of study and the scholarship's title, labelled offline", async () => {
      const res = await getEssay({ kind: 'outline', scholarshipId: ctx.published });
      expect(res.statusCode).toBe(201);
      const { content, source } = res.json().data;
      expect(source).toBe('offline');
      for (const heading of ['Introduction', 'Background', 'Why this scholarship', 'Goals', 'Conclusion']) expect(content).toContain(`<h2>${heading}</h2>`);
      expect(content).toContain('Maya Lopez');
      expect(content).toContain(SCHOOL.label);
      expect(content).toContain('Accounting');
      expect(content).toContain('Future Leaders Scholarship');
      expect(content).toContain('For students who lead in their community.');
      expect(sanitizeRichText(content)).toBe(content);
    });

    it('drafts an essay in paragraphs from the same facts, with the applicant’s own note', async () => {
      const res = await getEssay({ kind: 'essay', scholarshipId: ctx.published, prompt: 'Mention my work at the food bank.' });
      expect(res.statusCode).toBe(201);
      const { content, source } = res.json().data;
      expect(source).toBe('offline');
      expect(content.match(/<p>/g).length).toBeGreaterThanOrEqual(5);
      expect(content).toContain(`My name is Maya Lopez, and I am a student at ${SCHOOL.label} studying Accounting.`);
      expect(content).toContain('the Future Leaders Scholarship');
      expect(content).toContain('Mention my work at the food bank.');
      // Without a scholarship: a general essay.
      expect((await getEssay({ kind: 'essay' })).json().data.content).toContain('My scholarship essay');
    });

    it("writes an essay for the seed's body, `{ prompt }` alone (kind defaults to essay)", async () => {
      const { session } = await ctx.api.signUp({ firstName: 'Ada', lastName: 'Quinn' });
      await t.sql.query(`UPDATE users SET is_active_subscription = true WHERE id = $1`, [session.user.id]);
      const res = await getEssay({ prompt: 'Write about my year as a volunteer tutor.' }, { token: session.accessToken, ip: '10.9.0.4' });
      expect(res.statusCode).toBe(201);
      const { content, source } = res.json().data;
      expect(source).toBe('offline');
      expect(content).toContain('My scholarship essay');
      expect(content.match(/<p>/g).length).toBeGreaterThanOrEqual(5);
      expect(content).toContain('Write about my year as a volunteer tutor.');
      expect(sanitizeRichText(content)).toBe(content);
    });

    it('refuses anonymous callers, unknown and draft scholarships, and malformed bodies', async () => {
      expect((await getEssay({ kind: 'essay' }, { token: undefined })).statusCode).toBe(401);
      for (const id of [UNKNOWN_ID, ctx.draft]) {
        expect((await getEssay({ kind: 'essay', scholarshipId: id })).json()).toMatchObject({ statusCode: 404, errorCode: 'SCHOLARSHIP_NOT_FOUND', description: 'There is no such scholarship.' });
      }
      const ip = '10.9.0.2';
      expect((await getEssay({ kind: 'poem' }, { ip })).json()).toMatchObject({ statusCode: 400, description: "kind must be 'essay' or 'outline'." });
      expect((await getEssay({ kind: 'essay', scholarshipId: 'nope' }, { ip })).statusCode).toBe(400);
      expect((await getEssay({ kind: 'essay', prompt: 'x'.repeat(4001) }, { ip })).json()).toMatchObject({ statusCode: 400, description: 'Your instructions must be at most 4000 characters.' });
    });

    it('limits essay calls from one network to 10 a minute', async () => {
      const ip = '10.9.0.3';
      for (let i = 0; i < 10; i++) expect((await getEssay({ kind: 'outline' }, { ip })).statusCode).toBe(201);
      expect((await getEssay({ kind: 'outline' }, { ip })).json()).toMatchObject({ statusCode: 429, errorCode: 'RATE_LIMITED' });
    });

    it('limits one person to 30 essay calls an hour, whatever network they call from', async () => {
      const { session } = await ctx.api.signUp();
      const mine = (i: number) => getEssay({ kind: 'outline' }, { token: session.accessToken, ip: `10.9.1.${i}` });
      for (let i = 0; i < 30; i++) expect((await mine(i)).statusCode).toBe(201);
      expect((await mine(30)).json()).toMatchObject({
        statusCode: 429,
        errorCode: 'RATE_LIMITED',
        description: 'You have used your 30 essay requests for now. Please try again in 60 minutes.',
      });
      // Someone else on the same network is not held back.
      expect((await getEssay({ kind: 'outline' }, { ip: '10.9.1.30' })).statusCode).toBe(201);
    });
  });

  describe('with an OpenAI-compatible endpoint', () => {
    let t: TestApp;
    let ctx: Awaited<ReturnType<typeof arrange>>;
    let model: Awaited<ReturnType<typeof startFakeModel>>;
    beforeAll(async () => {
      model = await startFakeModel();
      t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000, LLM_BASE_URL: `${model.baseUrl}/`, LLM_API_KEY: 'sk-test-key', LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: 400 });
      ctx = await arrange(t);
    });
    afterAll(async () => {
      await t?.close();
      await model?.close();
    });
    beforeEach(() => {
      model.state.mode = 'answer';
      model.state.calls.length = 0;
    });
    let ipCounter = 0;
    const getEssay = (body: object) => ctx.api.call('POST', '/register-applicants/get-essay', { body, token: ctx.token, ip: `10.8.0.${++ipCounter}` });

    it('sends the prompt the server built (model, key, system and user messages) and turns markdown into HTML', async () => {
      model.state.content = '# My essay\n\nI lead **every** week.\n\n- one\n- two';
      const res = await getEssay({ kind: 'essay', scholarshipId: ctx.published, prompt: 'Keep it under 600 words.' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toEqual({ content: '<h2>My essay</h2><p>I lead <strong>every</strong> week.</p><ul><li>one</li><li>two</li></ul>', source: 'ai' });
      expect(model.state.calls).toHaveLength(1);
      const [call] = model.state.calls;
      expect(call).toMatchObject({ method: 'POST', url: '/v1/chat/completions', authorization: 'Bearer sk-test-key', body: { model: 'test-model' } });
      expect(call.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
      const user = call.body.messages[1].content;
      for (const fact of ['Future Leaders Scholarship', 'For students who lead in their community. Winners are announced in May.', 'Maya Lopez', SCHOOL.label, 'Accounting']) {
        expect(user).toContain(fact);
      }
      expect(user).not.toContain('<strong>');
      expect(user.endsWith('Keep it under 600 words.')).toBe(true);
    });

    it("sanitises the model's HTML: scripts, handlers and javascript: links do not survive", async () => {
      model.state.content =
        '<h2>Goals</h2><p onclick="steal()">I plan ahead.<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">more</a></p>' +
        '<iframe src="https://evil.example"></iframe><ul><li style="color:red">Lead</li></ul>';
      const res = await getEssay({ kind: 'outline', scholarshipId: ctx.published });
      expect(res.statusCode).toBe(201);
      const { content } = res.json().data;
      expect(content).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|style=|<img/i);
      expect(content).toContain('<h2>Goals</h2>');
      expect(content).toContain('I plan ahead.');
      expect(content).toContain('<li>Lead</li>');
    });

    it('answers 502 with the description when the endpoint fails, answers nonsense or nothing usable', async () => {
      const expected = { statusCode: 502, errorCode: 'ESSAY_AI_FAILED', description: AI_UNAVAILABLE };
      model.state.mode = 'fail';
      expect((await getEssay({ kind: 'essay' })).json()).toMatchObject(expected);
      model.state.mode = 'garbage';
      expect((await getEssay({ kind: 'essay' })).json()).toMatchObject(expected);
      model.state.mode = 'answer';
      // HTML that is nothing once sanitised.
      model.state.content = '<p><script>alert(1)</script><img src=x onerror="alert(2)"></p>';
      expect((await getEssay({ kind: 'essay' })).json()).toMatchObject(expected);
    });

    it('answers 502 quickly when the endpoint never answers (LLM_TIMEOUT_MS)', async () => {
      model.state.mode = 'hang';
      const started = Date.now();
      const res = await getEssay({ kind: 'outline' });
      expect(res.json()).toMatchObject({ statusCode: 502, errorCode: 'ESSAY_AI_FAILED', description: AI_UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(model.state.calls).toHaveLength(1);
    });

    it('answers 502 when nothing listens at LLM_BASE_URL', async () => {
      const closed = await startFakeModel();
      await closed.close();
      const other = await startTestApp({ LLM_BASE_URL: closed.baseUrl, LLM_TIMEOUT_MS: 2000 });
      try {
        const { session } = await accountClient(other).signUp();
        const res = await accountClient(other).call('POST', '/register-applicants/get-essay', { body: { kind: 'essay' }, token: session.accessToken });
        expect(res.json()).toMatchObject({ statusCode: 502, errorCode: 'ESSAY_AI_FAILED' });
      } finally {
        await other.close();
      }
    });
  });

  it('validates the LLM settings at start', () => {
    expect(() => AppConfig.fromEnv({ LLM_BASE_URL: 'not a url' })).toThrow(/LLM_BASE_URL/);
    expect(() => AppConfig.fromEnv({ LLM_TIMEOUT_MS: '10' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(AppConfig.fromEnv({ LLM_BASE_URL: 'http://localhost:11434/v1' })).toMatchObject({ LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'gpt-4o-mini', LLM_TIMEOUT_MS: 60000 });
    expect(AppConfig.fromEnv({}).LLM_BASE_URL).toBeUndefined();
  });
});

describe('assistance questions', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let member: string;
  let visitor: string;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    const signedUp = [await api.signUp(), await api.signUp()];
    [member, visitor] = signedUp.map(({ session }) => session.accessToken);
    await t.sql.query(`UPDATE users SET is_active_subscription = true WHERE id = $1`, [signedUp[0].session.user.id]);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (path: string, token?: string) => api.call('GET', path, { token });

  it('lists the questions at scholarships/assistance (not taken for a scholarship id), without answers', async () => {
    const res = await get('/scholarships/assistance', visitor);
    expect(res.statusCode).toBe(200);
    const questions = res.json().data as { id: number; question: string }[];
    expect(questions.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(questions[0]).sort()).toEqual(['id', 'question']);
    expect(questions[0].question).toBe('How do I write a strong personal statement?');
    const all = questions.map((q) => q.question).join(' ');
    for (const topic of ['recommendation', 'CV', 'scam', 'deadlines', 'FAFSA', 'GPA', 'renew']) expect(all).toContain(topic);
    expect((await get('/scholarships/assistance')).statusCode).toBe(401);
  });

  it('gives the answer to members only; others get 403 SUBSCRIPTION_REQUIRED', async () => {
    const [first] = (await get('/scholarships/assistance', member)).json().data;
    const refused = await get(`/scholarships/assistance/${first.id}`, visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'SUBSCRIPTION_REQUIRED', description: 'Answers are for members. Start your free 7-day membership to see them.' });
    const answered = await get(`/scholarships/assistance/${first.id}`, member);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ id: first.id, question: first.question, answer: expect.stringContaining('<li>') });
  });

  it('answers 404 for unknown questions and 400 for malformed ids', async () => {
    expect((await get('/scholarships/assistance/99999', member)).json()).toMatchObject({ statusCode: 404, errorCode: 'QUESTION_NOT_FOUND' });
    expect((await get('/scholarships/assistance/abc', member)).statusCode).toBe(400);
  });

  it('stores every answer as sanitised HTML', async () => {
    const { rows } = await t.sql.query(`SELECT answer FROM assistance_questions`);
    for (const { answer } of rows) expect(sanitizeRichText(answer)).toBe(answer);
  });
});
