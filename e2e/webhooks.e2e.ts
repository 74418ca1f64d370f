import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@scholarmatch/sdk';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import { browserSuite, logInAsDemoProvider, shootStudioPage, suiteApi } from './harness.js';

/**
 * Webhooks in Chromium (docs/webhooks.md): the demo provider adds a loopback endpoint in
 * Settings, copies its secret; a student submits; the receiver gets application.submitted signed
 * as the SDK verifies, and the delivery shows in the page's log; the provider redelivers it and
 * sends a test event, both reaching the receiver.
 */
describe('webhooks in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000', WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  const { call, login } = suiteApi(suite);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  beforeAll(async () => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
  afterAll(async () => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('a provider adds a loopback endpoint, a submission is delivered and logged, redelivered and followed by a test event', async () => {
    const { page } = suite;
    const base = suite.server.baseUrl;
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/scholarmatch`;
    const provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    const admin = await login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    const created = await call('POST', '/providers/scholarships', { title: 'Webhook Award', award: 1500, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [] }, provider);
    const scholarshipId = created.body.data.id as string;
    expect((await call('POST', `/providers/scholarships/${scholarshipId}/publish`, undefined, provider)).status).toBe(200);

    await logInAsDemoProvider(page, base);
    await page.goto(`${base}/app/settings`);
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await page.waitForURL(/\/app\/settings\/webhooks$/);
    await page.getByText('No endpoints yet.').waitFor();
    await shootStudioPage(page, 'webhooks', 'empty');

    await page.getByLabel('Endpoint URL').fill(hookUrl);
    await page.getByRole('checkbox', { name: /application\.submitted/ }).check({ force: true });
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('region', { name: 'Your signing secret' });
    await shown.waitFor();
    const secret = (await shown.getByLabel('Signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await shootStudioPage(page, 'webhooks', 'created');
    await shown.getByRole('button', { name: 'I have stored it' }).click();

    const email = `hooked.${Date.now()}@example.com`;
    const student = await call('POST', '/register-applicants', { firstName: 'Hooked', lastName: 'Student', email, phone: '+12025550143', password: 'a long student passphrase' });
    expect((await call('PUT', `/admin/applicants/${student.body.data.user.id}/subscription`, { active: true }, admin)).status).toBe(200);
    const submitted = await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId, status: 'Received', requirements: [] }, student.body.data.accessToken);
    expect(submitted.status).toBe(200);

    for (let tries = 0; received.length === 0 && tries < 100; tries++) await page.waitForTimeout(100);
    expect(received).toHaveLength(1);
    const { event } = verifyWebhook<{ id: string; type: string }>({ payload: received[0].body, header: received[0].headers['scholarmatch-signature'] as string, secret });
    expect(event.type).toBe('application.submitted');

    const card = page.getByRole('listitem', { name: hookUrl });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const delivery = card.getByRole('listitem', { name: 'application.submitted delivered' });
    await delivery.waitFor();
    await delivery.getByRole('button', { name: 'Details' }).click();
    await delivery.getByText('answered 204').first().waitFor();
    await shootStudioPage(page, 'webhooks', 'log');

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await delivery.getByText('2 attempts').waitFor();
    expect(received).toHaveLength(2);
    expect(JSON.parse(received[1].body).id).toBe(event.id);

    await card.getByRole('button', { name: 'Send test event' }).click();
    await card.getByRole('listitem', { name: 'ping delivered' }).waitFor();
    expect(received).toHaveLength(3);
    expect(verifyWebhook<{ type: string }>({ payload: received[2].body, header: received[2].headers['scholarmatch-signature'] as string, secret }).event.type).toBe('ping');

    await card.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await dialog.waitFor();
    await shootStudioPage(page, 'webhooks', 'delete');
    await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('No endpoints yet.').waitFor();
    expect(suite.problems).toEqual([]);
  }, 120_000);
});
