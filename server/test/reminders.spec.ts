import { todayIso } from '@scholarmatch/schemas';
import { createScholarship, publishScholarship } from '@scholarmatch/testkit';
import { InboxMailJob } from '../src/inbox/inbox-mail.job.js';
import { deadlineInWords } from '../src/inbox/inbox-message.js';
import { RemindersJob } from '../src/reminders/reminders.job.js';
import { accountClient } from './accounts-helpers.js';
import { createTestDatabase, eventually, startTestAppOn, type TestApp } from './test-app.js';

const PUBLIC_URL = 'https://app.scholarmatch.test';
const TODAY = todayIso();
/** The UTC day `n` days from today (YYYY-MM-DD). */
const day = (n: number) => todayIso(new Date(Date.parse(`${TODAY}T12:00:00Z`) + n * 86_400_000));

interface Person {
  id: string;
  token: string;
  email: string;
}

interface Message {
  kind: string;
  scholarshipId: string;
  fromName: { value: string };
  subject: { value: string };
  bodyAsHtml: { value: string };
  bodyAsText: { value: string };
}

/**
 * Reminders (docs/automation.md "Reminders"): a Draft's deadline reminders 7 days and 1 day before,
 * a saved scholarship closing soon, each once, through the inbox and its e-mail. Runs are given
 * the day they run on, so a test walks towards a deadline without waiting for it.
 */
describe('reminders', () => {
  let database: { url: string; drop: () => Promise<void> };
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let job: RemindersJob;
  let provider: string;
  let admin: string;

  const run = (on: string) => job.run(on);
  const person = (): Promise<Person> => api.person();
  /** A scholarship whose deadline is `daysLeft` days from today, published unless told otherwise. */
  const scholarship = async (title: string, daysLeft: number, publish = true): Promise<string> => {
    const id = await createScholarship(api.kit, provider, { title, recurrenceConfig: { deadline: day(daysLeft) } });
    if (publish) await publishScholarship(api.kit, provider, id);
    return id;
  };
  const draft = (who: Person, scholarshipId: string) =>
    t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status) VALUES ($1, $2, 'Draft')`, [who.id, scholarshipId]);
  const submit = (who: Person, scholarshipId: string) =>
    t.sql.query(`UPDATE applications SET status = 'Received', submitted_at = now() WHERE user_id = $1 AND scholarship_id = $2`, [who.id, scholarshipId]);
  const save = async (who: Person, scholarshipId: string) =>
    expect((await api.call('PUT', '/scholarships/add-wishlist', { token: who.token, body: { scholarshipId } })).statusCode).toBe(200);
  /** The person's reminders in their inbox, oldest first. */
  const reminders = async (who: Person): Promise<Message[]> => {
    const res = await api.call('GET', '/inbox?limit=100', { token: who.token });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Message[]).filter((m) => m.kind === 'deadline-reminder' || m.kind === 'closing-soon').reverse();
  };
  const subjects = async (who: Person) => (await reminders(who)).map((m) => m.subject.value);

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await startTestAppOn(database.url, { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000, PUBLIC_URL });
    api = accountClient(t);
    job = t.app.get(RemindersJob);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('is an hourly cron queue on the job queue', async () => {
    const { rows } = await t.sql.query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'send-reminders'`);
    expect(rows).toEqual([{ cron: '20 * * * *', timezone: 'UTC' }]);
  });

  it('reminds a draft 7 days before its deadline and again 1 day before, once each, from the product, linking to the scholarship', async () => {
    const alice = await person();
    const id = await scholarship('Grace <Hopper> & Co Award', 7);
    await draft(alice, id);

    await run(TODAY);
    const [week] = await reminders(alice);
    expect(week).toMatchObject({ kind: 'deadline-reminder', scholarshipId: id, fromName: { value: 'ScholarMatch' }, subject: { value: 'Your application to Grace <Hopper> & Co Award is due in 7 days' } });
    expect(week.bodyAsHtml.value).toContain('<strong>Grace &lt;Hopper&gt; &amp; Co Award</strong>');
    expect(week.bodyAsHtml.value).toContain(`href="${PUBLIC_URL}/auth/scholarshipDetail?${id}"`);
    expect(week.bodyAsText.value).toContain(`The deadline is ${deadlineInWords(day(7))}, 7 days from now.`);
    expect(week.bodyAsText.value).toContain('Hi Maya,');

    // Again the same day, and the next days while 2 to 7 days are left: nothing more.
    await run(TODAY);
    await run(day(1));
    await run(day(5));
    expect(await subjects(alice)).toHaveLength(1);

    await run(day(6));
    const [, last] = await reminders(alice);
    expect(last.subject.value).toBe('Your application to Grace <Hopper> & Co Award is due tomorrow');
    expect(last.bodyAsText.value).toContain(`the deadline is tomorrow: ${deadlineInWords(day(7))}. Applications close at the end of that day (UTC).`);
    expect(last.bodyAsHtml.value).toContain(`href="${PUBLIC_URL}/auth/scholarshipDetail?${id}"`);

    for (const on of [day(6), day(7), day(8)]) await run(on);
    expect(await subjects(alice)).toHaveLength(2);
    const { rows } = await t.sql.query(`SELECT kind, deadline::text FROM reminders WHERE user_id = $1 ORDER BY kind`, [alice.id]);
    expect(rows).toEqual([
      { kind: 'deadline-1-day', deadline: day(7) },
      { kind: 'deadline-7-days', deadline: day(7) },
    ]);
  });

  it('catches up: a draft started 3 days before gets the 7-day reminder, then the 1-day one; missed days are made up', async () => {
    const late = await person();
    const threeDays = await scholarship('Three Days Left Grant', 3);
    await draft(late, threeDays);
    await run(TODAY);
    expect(await subjects(late)).toEqual(['Your application to Three Days Left Grant is due in 3 days']);
    await run(day(1));
    expect(await subjects(late)).toHaveLength(1);
    await run(day(2));
    expect(await subjects(late)).toEqual(['Your application to Three Days Left Grant is due in 3 days', 'Your application to Three Days Left Grant is due tomorrow']);

    // Started the day before the deadline: only the last reminder, never a "7 days" one afterwards.
    const lastMinute = await person();
    const oneDay = await scholarship('One Day Left Grant', 1);
    await draft(lastMinute, oneDay);
    await run(TODAY);
    await run(day(1));
    expect(await subjects(lastMinute)).toEqual(['Your application to One Day Left Grant is due tomorrow']);

    // No run between 10 and 5 days left, nor between 5 and the deadline day itself.
    const idle = await person();
    const tenDays = await scholarship('Ten Days Left Grant', 10);
    await draft(idle, tenDays);
    await run(TODAY);
    expect(await subjects(idle)).toEqual([]);
    await run(day(5));
    await run(day(10));
    expect(await subjects(idle)).toEqual(['Your application to Ten Days Left Grant is due in 5 days', 'Your application to Ten Days Left Grant is due today']);
  });

  it('sends nothing once the application is Received, the scholarship is closed or unpublished, or the deadline has passed', async () => {
    const submitted = await person();
    const a = await scholarship('Submitted Already Award', 7);
    await draft(submitted, a);
    await submit(submitted, a);

    const closedOne = await person();
    const b = await scholarship('Closed Early Award', 7);
    await draft(closedOne, b);
    expect((await api.call('POST', `/providers/scholarships/${b}/close`, { token: provider })).statusCode).toBe(200);

    const unpublished = await person();
    const c = await scholarship('Not Yet Published Award', 7, false);
    await draft(unpublished, c);

    const tooLate = await person();
    const d = await scholarship('Already Over Award', 1);
    await draft(tooLate, d);
    await t.sql.query(`UPDATE scholarships SET deadline = $2 WHERE id = $1`, [d, day(-1)]);

    const finished = await person();
    const e = await scholarship('Finished In Time Award', 7);
    await draft(finished, e);

    await run(TODAY);
    expect(await subjects(finished)).toEqual(['Your application to Finished In Time Award is due in 7 days']);
    await submit(finished, e);
    await run(day(6));
    await run(day(10));
    for (const who of [submitted, closedOne, unpublished, tooLate]) expect(await subjects(who)).toEqual([]);
    expect(await subjects(finished)).toHaveLength(1);
  });

  it('tells an applicant once that a saved scholarship they have not applied to closes within 3 days', async () => {
    const saver = await person();
    const soon = await scholarship('Saved <Soon> Scholarship', 3);
    const later = await scholarship('Saved Later Scholarship', 5);
    await save(saver, soon);
    await save(saver, later);

    await run(TODAY);
    const [closing] = await reminders(saver);
    expect(closing).toMatchObject({ kind: 'closing-soon', scholarshipId: soon, fromName: { value: 'ScholarMatch' }, subject: { value: 'Saved <Soon> Scholarship, which you saved, closes in 3 days' } });
    expect(closing.bodyAsHtml.value).toContain('<strong>Saved &lt;Soon&gt; Scholarship</strong>');
    expect(closing.bodyAsHtml.value).toContain(`href="${PUBLIC_URL}/auth/scholarshipDetail?${soon}"`);
    expect(closing.bodyAsText.value).toContain(`the deadline is ${deadlineInWords(day(3))}. You have not applied yet.`);
    expect(await subjects(saver)).toHaveLength(1);

    await run(TODAY);
    await run(day(1));
    expect(await subjects(saver)).toHaveLength(1);
    await run(day(2));
    expect(await subjects(saver)).toEqual(['Saved <Soon> Scholarship, which you saved, closes in 3 days', 'Saved Later Scholarship, which you saved, closes in 3 days']);
    await run(day(3));
    expect(await subjects(saver)).toHaveLength(2);

    // Applied (Received): nothing. A Draft: the deadline reminder only, not both. Closed: nothing.
    const applied = await person();
    const drafting = await person();
    const closedSaver = await person();
    const other = await scholarship('Saved Other Scholarship', 2);
    const closed = await scholarship('Saved Closed Scholarship', 2);
    for (const who of [applied, drafting]) await save(who, other);
    await draft(applied, other);
    await submit(applied, other);
    await draft(drafting, other);
    await save(closedSaver, closed);
    expect((await api.call('POST', `/providers/scholarships/${closed}/close`, { token: provider })).statusCode).toBe(200);
    await run(TODAY);
    expect(await subjects(applied)).toEqual([]);
    expect(await subjects(drafting)).toEqual(['Your application to Saved Other Scholarship is due in 2 days']);
    expect(await subjects(closedSaver)).toEqual([]);
  });

  it('sends each reminder exactly once across two server instances running at the same time, again and again', async () => {
    const second = await startTestAppOn(database.url);
    try {
      const draftsFor = await scholarship('Crowded Deadline Award', 7);
      const savedFor = await scholarship('Crowded Saved Award', 3);
      const { rows: crowd } = await t.sql.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name)
         SELECT 'crowd.' || g || '@example.com', 'not-a-hash', 'Crowd', 'Member ' || g FROM generate_series(1, 450) g
         RETURNING id`,
      );
      await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status) SELECT unnest($1::uuid[]), $2, 'Draft'`, [crowd.map((u) => u.id), draftsFor]);
      await t.sql.query(`INSERT INTO wishlist (user_id, scholarship_id) SELECT unnest($1::uuid[]), $2`, [crowd.map((u) => u.id), savedFor]);

      const jobs = [job, second.app.get(RemindersJob)];
      const runs = await Promise.all([...jobs, ...jobs].map((instance) => instance.run(TODAY)));
      // A run that met the other's batch stops there (the other sends it); one more run finds nothing left either way.
      runs.push(await job.run(TODAY), await jobs[1].run(TODAY));
      const total = (kind: 'deadline-7-days' | 'closing-soon') => runs.reduce((sum, sent) => sum + sent[kind], 0);
      expect(total('deadline-7-days')).toBe(450);
      expect(total('closing-soon')).toBe(450);

      const { rows } = await t.sql.query(
        `SELECT scholarship_id AS "scholarshipId", count(DISTINCT user_id)::int AS people, count(*)::int AS messages
           FROM inbox_messages WHERE scholarship_id = ANY($1::uuid[]) GROUP BY scholarship_id ORDER BY people`,
        [[draftsFor, savedFor]],
      );
      expect(rows).toEqual(expect.arrayContaining([
        { scholarshipId: draftsFor, people: 450, messages: 450 },
        { scholarshipId: savedFor, people: 450, messages: 450 },
      ]));
      expect(rows).toHaveLength(2);
      const { rows: recorded } = await t.sql.query(`SELECT kind, count(*)::int AS count FROM reminders WHERE scholarship_id = ANY($1::uuid[]) GROUP BY kind ORDER BY kind`, [[draftsFor, savedFor]]);
      expect(recorded).toEqual([
        { kind: 'closing-soon', count: 450 },
        { kind: 'deadline-7-days', count: 450 },
      ]);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('e-mails each reminder once through the inbox mail job, with the link to the scholarship', async () => {
    const reader = await person();
    const id = await scholarship('Mailed Reminder Award', 7);
    await draft(reader, id);
    await run(TODAY);
    const mailed = async () => {
      const outbox = await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(reader.email)}&limit=50`, { token: admin });
      return (outbox.json().data as { subject: string; text: string; html?: string }[]).filter((m) => m.subject.startsWith('Your application to'));
    };
    // The delivery's NOTIFY queues the mail job; a direct run as well finds nothing left to send twice.
    await t.app.get(InboxMailJob).run();
    // The crowd's 900 e-mails of the test before are still going out: give them time on a busy machine.
    await eventually(async () => expect(await mailed()).toHaveLength(1), 30_000);
    await run(TODAY);
    await t.app.get(InboxMailJob).run();
    const mails = await mailed();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your application to Mailed Reminder Award is due in 7 days');
    expect(mails[0].text).toContain(`The deadline is ${deadlineInWords(day(7))}`);
    expect(mails[0].html).toContain(`${PUBLIC_URL}/auth/scholarshipDetail?${id}`);
    expect(mails[0].text).toContain('/auth/dashboard/inbox');
  }, 60_000);
});
