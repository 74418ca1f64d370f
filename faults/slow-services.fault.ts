import pg from 'pg';
import {
  call,
  type Exchange,
  latency,
  probeUnrelated,
  type PrivatePostgres,
  record,
  round,
  type ServerProcess,
  signUpApplicant,
  sleep,
  startBuiltServer,
  startFakeModel,
  startPrivatePostgres,
  startSilentTcpServer,
} from './support.js';

const LLM_TIMEOUT_MS = 1500;
/** nodemailer's greeting timeout (server/src/mail/smtp-mailer.ts): how long a silent SMTP server is waited for. */
const SMTP_GREETING_TIMEOUT_MS = 5000;
/** Unrelated requests while a mail server or the essay model stalls (2-core machine, generous). */
const MAX_UNRELATED_P95_MS = 500;

const described = (x: Exchange) => typeof x.body?.description === 'string' && x.body.description.length > 0;

/**
 * A slow or failing external service never blocks unrelated requests (docs/architecture.md: the
 * mail and essay-AI ports). The mail server accepts connections and never answers, then refuses
 * them; the model endpoint never answers. Meanwhile /health and a form are measured.
 */
describe('slow or failing external services', () => {
  let database: PrivatePostgres;
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSilentTcpServer>>;
  let model: Awaited<ReturnType<typeof startFakeModel>>;
  let applicant: { id: string; email: string; token: string };
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    database = await startPrivatePostgres('services');
    smtp = await startSilentTcpServer();
    model = await startFakeModel(null);
    server = await startBuiltServer({
      name: 'slow-services',
      databaseUrl: database.url,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LLM_BASE_URL: model.baseUrl, LLM_TIMEOUT_MS: String(LLM_TIMEOUT_MS) },
    });
    applicant = await signUpApplicant(server.baseUrl, 'services');
    // A member, as the essay assistant is offered to members in the app.
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(`UPDATE users SET is_active_subscription = true WHERE id = $1`, [applicant.id]);
    await sql.end();
    // Warm up the routes the probes use (the first form compiles it).
    await call(server.baseUrl, 'GET', '/forms/registration');
  });
  afterAll(async () => {
    record('slowServices', figures);
    await server?.stop();
    await smtp?.close();
    await model?.close();
    await database?.destroy();
  });

  it('a mail server that never answers: forgot-password answers 503 MAIL_UNAVAILABLE after the greeting timeout; others stay fast', async () => {
    const probes = probeUnrelated(server.baseUrl);
    await sleep(200);
    const before = smtp.connections();
    const forgot = await call(server.baseUrl, 'POST', '/register-applicants/forgot-password', { body: { email: applicant.email }, timeoutMs: 20_000 });
    // An e-mail change (Contact tab) tells the old address; the save must not wait for the mail.
    const contact = await call(server.baseUrl, 'PUT', `/register-applicants/${applicant.id}`, {
      token: applicant.token,
      body: { formKey: 'profile-contact', email: `new.${applicant.email}`, phone: '+14155550123' },
    });
    const unrelated = await probes.stop();
    // The notice is still sent, in the background: it reaches the (silent) mail server.
    for (let waited = 0; smtp.connections() - before < 2 && waited < 3000; waited += 50) await sleep(50);
    figures.silentMailServer = {
      forgotPassword: { status: forgot.status, errorCode: forgot.body?.errorCode, description: forgot.body?.description, ms: round(forgot.ms) },
      contactSaveWithEmailChange: { status: contact.status, ms: round(contact.ms, 1) },
      smtpConnections: smtp.connections() - before,
      unrelatedDuringStall: { health: latency(unrelated.filter((x) => x.label === 'health')), form: latency(unrelated.filter((x) => x.label === 'form')) },
    };

    expect(smtp.connections() - before).toBe(2);
    expect(forgot.status).toBe(503);
    expect(forgot.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', errorCode: 'MAIL_UNAVAILABLE' });
    expect(described(forgot)).toBe(true);
    expect(forgot.ms).toBeGreaterThanOrEqual(SMTP_GREETING_TIMEOUT_MS - 100);
    expect(forgot.ms).toBeLessThan(SMTP_GREETING_TIMEOUT_MS + 2000);
    expect(contact.status).toBe(200);
    expect(contact.ms).toBeLessThan(1000);
    expectFast(unrelated);
  });

  it('a mail server that refuses connections: 503 MAIL_UNAVAILABLE at once, and the person may ask again right away', async () => {
    await smtp.close();
    // The failed send above removed its code, so this is not "wait a minute" (429).
    const forgot = await call(server.baseUrl, 'POST', '/register-applicants/forgot-password', { body: { email: `new.${applicant.email}` } });
    figures.refusingMailServer = { forgotPassword: { status: forgot.status, errorCode: forgot.body?.errorCode, ms: round(forgot.ms, 1) } };
    expect(forgot.status).toBe(503);
    expect(forgot.body).toMatchObject({ errorCode: 'MAIL_UNAVAILABLE' });
    expect(described(forgot)).toBe(true);
    expect(forgot.ms).toBeLessThan(2000);
  });

  it('an essay model that never answers: 502 ESSAY_AI_FAILED after LLM_TIMEOUT_MS; others stay fast', async () => {
    const probes = probeUnrelated(server.baseUrl);
    await sleep(200);
    const before = model.requests();
    // Three at once: each waits for its own timeout, none for another.
    const essays = await Promise.all(
      ['essay', 'outline', 'essay'].map((kind) => call(server.baseUrl, 'POST', '/register-applicants/get-essay', { token: applicant.token, body: { kind }, timeoutMs: 20_000 })),
    );
    const unrelated = await probes.stop();
    figures.silentEssayModel = {
      llmTimeoutMs: LLM_TIMEOUT_MS,
      essays: essays.map((x) => ({ status: x.status, errorCode: x.body?.errorCode, ms: round(x.ms) })),
      description: essays[0].body?.description,
      modelRequests: model.requests() - before,
      unrelatedDuringStall: { health: latency(unrelated.filter((x) => x.label === 'health')), form: latency(unrelated.filter((x) => x.label === 'form')) },
    };

    expect(model.requests() - before).toBe(3);
    for (const essay of essays) {
      expect(essay.status).toBe(502);
      expect(essay.body).toMatchObject({ statusCode: 502, errorCode: 'ESSAY_AI_FAILED' });
      expect(described(essay)).toBe(true);
      expect(essay.ms).toBeGreaterThanOrEqual(LLM_TIMEOUT_MS - 50);
      expect(essay.ms).toBeLessThan(LLM_TIMEOUT_MS + 2000);
    }
    expectFast(unrelated);
  });
});

/** Every unrelated request answered 200, and quickly. */
function expectFast(unrelated: Exchange[]): void {
  for (const label of ['health', 'form']) {
    const mine = unrelated.filter((x) => x.label === label);
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.filter((x) => x.status !== 200).map((x) => `${label} ${x.status}`)).toEqual([]);
    expect(latency(mine).p95Ms!).toBeLessThan(MAX_UNRELATED_P95_MS);
  }
}
