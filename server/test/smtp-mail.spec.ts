import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The SMTP adapter against a real SMTP server on loopback: the OTP arrives in a real message. */
describe('mail over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'ScholarMatch <otp@scholarmatch.test>' });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the reset code by SMTP, and the code resets the password', async () => {
    const { body } = await api.signUp();
    expect((await api.call('POST', '/register-applicants/forgot-password', { body: { email: body.email } })).statusCode).toBe(201);
    const message = received.find((m) => m.to.includes(body.email));
    expect(message).toBeDefined();
    expect(message!.raw).toContain('From: ScholarMatch <otp@scholarmatch.test>');
    expect(message!.raw).toContain('Subject: Your ScholarMatch password reset code');
    const code = /one-time password \(OTP\) is (\d{6})/.exec(message!.raw)![1];

    const reset = await api.call('POST', '/register-applicants/reset-password', { body: { email: body.email, otp: code, newPassword: 'sent by smtp' } });
    expect(reset.statusCode).toBe(201);
    expect((await t.sql.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(0);
  });
});

describe('mail when the SMTP server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: the connection is refused at once.
    t = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with a description and lets the user ask again at once', async () => {
    const api = accountClient(t);
    const { body } = await api.signUp();
    const first = await api.call('POST', '/register-applicants/forgot-password', { body: { email: body.email } });
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ errorCode: 'MAIL_UNAVAILABLE', description: 'We could not send the e-mail right now. Please try again in a few minutes.' });
    const again = await api.call('POST', '/register-applicants/forgot-password', { body: { email: body.email } });
    expect(again.json().errorCode).toBe('MAIL_UNAVAILABLE');
  });
});
