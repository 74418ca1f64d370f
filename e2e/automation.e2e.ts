import path from 'node:path';
import type { Page } from 'playwright-core';
import PgBoss from 'pg-boss';
import { ARTIFACTS, browserSuite, suiteApi } from './harness.js';

const PASSWORD = 'a long passphrase';
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;

/**
 * Automation in Chromium (docs/automation.md): a member turns automatic application on in Settings
 * and finds the application it sent in My Scholarships ("Applied automatically on …") and in the
 * inbox; turns it off and nothing more is sent; a recurring scholarship's next cycle opens and the
 * member submits the draft it prepared with last year's answer; a deadline reminder arrives once.
 * The hourly jobs are queued here through pg-boss, as their cron would.
 */
describe('automation in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { call, login } = suiteApi(suite);
  let provider: string;
  let admin: string;

  /** Queues a job of the server's queue now, as its schedule would. */
  async function runJob(name: string): Promise<void> {
    const sql = suite.server.sql;
    const boss = new PgBoss({ db: { executeSql: (text, values) => sql.query(text, values) }, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await boss.start();
    try {
      await boss.send(name, {});
    } finally {
      await boss.stop({ graceful: false });
    }
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function publish(title: string, requirements: object[], recurrenceConfig: object = { deadline: NEXT_YEAR }): Promise<string> {
    const created = await call('POST', '/providers/scholarships', { title, description: `<p>${title}, for the automation test.</p>`, award: 1500, recurrenceConfig, requirements }, provider);
    expect(created.status).toBe(201);
    expect((await call('POST', `/providers/scholarships/${created.body.data.id}/publish`, undefined, provider)).status).toBe(200);
    return created.body.data.id;
  }

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${suite.server.baseUrl}/auth/login`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Username').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/auth/dashboard');
  }

  async function shoot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ARTIFACTS, `automation-${name}.png`), fullPage: true });
  }

  beforeAll(async () => {
    provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    admin = await login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
  });

  it('applies for a member who asks, stops when asked, reopens a yearly scholarship with a draft, and reminds once', async () => {
    const { page } = suite;
    const sql = suite.server.sql;
    const base = suite.server.baseUrl;
    const email = `ada.${Date.now()}@example.com`;
    const signUp = await call('POST', '/register-applicants', { firstName: 'Ada', lastName: 'Byron', email, phone: '+12025550143', password: PASSWORD });
    expect(signUp.status).toBe(201);
    const member = { id: signUp.body.data.user.id as string, token: signUp.body.data.accessToken as string };
    expect((await call('PUT', `/admin/applicants/${member.id}/subscription`, { active: true }, admin)).status).toBe(200);

    const profileOnly = await publish('Open Door Grant', []);
    const yearly = await publish('Lovelace Yearly Prize', [{ title: 'Why you?', dataType: 'text', key: 'whyYou' }], { deadline: NEXT_YEAR, repeat: 'yearly' });
    const closing = await publish('Closing Soon Bursary', [{ title: 'Your plan', dataType: 'text', key: 'plan' }], { deadline: day(5) });
    const applied = await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId: yearly, status: 'Received', requirements: [{ key: 'whyYou', fieldValue: 'Engines that weave algebra.' }] }, member.token);
    expect(applied.body.data.status).toBe('Received');
    const drafted = await call('POST', '/scholarships/submit-individual-scholarship', { scholarshipId: closing, status: 'Draft', requirements: [{ key: 'plan', fieldValue: 'A first line.' }] }, member.token);
    expect(drafted.body.data.status).toBe('Draft');

    // Settings: turn automatic application on.
    await signIn(page, email);
    await page.goto(`${base}/auth/dashboard/setting`);
    const toggle = page.getByRole('checkbox', { name: 'Apply automatically' });
    await toggle.waitFor({ state: 'attached' });
    expect(await toggle.isChecked()).toBe(false);
    await page.getByText('Apply automatically').click();
    await page.getByText('Automatic application is on').first().waitFor();
    await shoot(page, 'settings-on');

    // My Scholarships and the inbox say what it did.
    await until(() => call('GET', '/scholarships/me/scholarships?status=Received', undefined, member.token), (res) => res.body.data.some((s: { id: string }) => s.id === profileOnly), 'the automatic application');
    await page.goto(`${base}/auth/dashboard/myScholarship?tab=applied`);
    const card = page.getByRole('article', { name: 'Open Door Grant' });
    await card.getByText(/^Applied automatically on [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
    await shoot(page, 'my-scholarships');
    await page.goto(`${base}/auth/dashboard/inbox`);
    await page.getByText('We applied to Open Door Grant for you').first().waitFor();
    await shoot(page, 'inbox');

    // Off: a new match is left alone.
    await page.goto(`${base}/auth/dashboard/setting`);
    await page.getByRole('checkbox', { name: 'Apply automatically' }).waitFor({ state: 'attached' });
    await page.waitForFunction(() => (document.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked === true);
    await page.getByText('Apply automatically').click();
    await page.getByText('Automatic application is off').first().waitFor();
    const later = await publish('Later Grant', []);
    await until(async () => (await sql.query(`SELECT count(*)::int AS n FROM auto_apply_due_scholarships`)).rows[0].n, (n) => n === 0, 'the automatic application job');
    expect((await sql.query(`SELECT count(*)::int AS n FROM applications WHERE scholarship_id = $1`, [later])).rows[0].n).toBe(0);

    // A year later: the yearly prize reopens, and last year's answer waits in a draft.
    await sql.query(`UPDATE scholarships SET deadline = $2::text::date, recurrence_config = jsonb_set(recurrence_config, '{deadline}', to_jsonb($2::text)) WHERE id = $1`, [yearly, day(-1)]);
    await runJob('open-recurring-cycles');
    const next = await until(
      async () => (await sql.query(`SELECT id, cycle_invited_at FROM scholarships WHERE previous_cycle_id = $1`, [yearly])).rows[0],
      (row) => Boolean(row?.cycle_invited_at),
      'the next cycle',
    );
    await page.goto(`${base}/auth/dashboard/inbox`);
    await page.getByText('Lovelace Yearly Prize is open again').first().waitFor();
    await page.goto(`${base}/auth/dashboard/myScholarship?tab=draft`);
    await page.getByRole('article', { name: 'Lovelace Yearly Prize' }).getByRole('link', { name: 'View details' }).click();
    await page.waitForURL(`**/auth/scholarshipDetail?${next.id}`);
    const answer = page.getByRole('textbox', { name: /Why you\?/ });
    await answer.waitFor();
    expect(await answer.inputValue()).toBe('Engines that weave algebra.');
    await shoot(page, 'next-cycle-draft');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('APPLIED').first().waitFor();

    // The deadline reminder: five days left on a draft, sent once however often the job runs.
    await runJob('send-reminders');
    const reminders = () => sql.query(`SELECT subject FROM inbox_messages WHERE user_id = $1 AND kind = 'deadline-reminder'`, [member.id]).then((res) => res.rows);
    await until(reminders, (rows) => rows.length === 1, 'the reminder');
    await runJob('send-reminders');
    await until(async () => (await sql.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-reminders' AND state < 'completed'`)).rows[0].n, (n) => n === 0, 'the second reminders run');
    expect(await reminders()).toEqual([{ subject: 'Your application to Closing Soon Bursary is due in 5 days' }]);
    await page.goto(`${base}/auth/dashboard/inbox`);
    await page.getByText('Your application to Closing Soon Bursary is due in 5 days').first().waitFor();
    expect(suite.problems).toEqual([]);
  });
});
