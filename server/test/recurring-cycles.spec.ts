import { makeMember, NEXT_YEAR, publishedScholarship } from '@scholarmatch/testkit';
import { RecurringCyclesJob } from '../src/automation/recurring-cycles.job.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const YESTERDAY = isoDay(new Date(Date.now() - 86_400_000));
const A_YEAR_AFTER_YESTERDAY = (() => {
  const day = new Date(Date.now() - 86_400_000);
  day.setUTCFullYear(day.getUTCFullYear() + 1);
  return isoDay(day);
})();

interface Person {
  id: string;
  token: string;
}

/**
 * Recurring scholarships (docs/automation.md): the next cycle opens once the deadline has passed, a
 * scholarship of its own with next year's deadline and the public address; last cycle's applicants
 * get a pre-filled draft, or the application itself with automatic application on; once each.
 */
describe('recurring scholarships', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let admin: string;
  let automatic: Person;
  let manual: Person;
  let drafter: Person;
  let recurring: string;
  let oneOff: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, token?: string, body?: unknown) => api.call(method, path, { token, body });
  const publish = (title: string, repeat: 'yearly' | 'none') =>
    publishedScholarship(api.kit, provider, { title, award: 800, recurrenceConfig: { deadline: NEXT_YEAR, repeat }, requirements: [{ title: 'Why you?', dataType: 'text', key: 'whyYou' }] });
  const apply = async (person: Person, scholarshipId: string, status: 'Draft' | 'Received') => {
    const res = await call('POST', '/scholarships/submit-individual-scholarship', person.token, { scholarshipId, status, requirements: [{ key: 'whyYou', fieldValue: `Answer of ${person.id}` }] });
    expect(res.json().data.status).toBe(status);
  };
  const nextCycleOf = async (id: string) =>
    (await t.sql.query(`SELECT id, status, cycle, deadline::text AS deadline, slug, recurrence_config FROM scholarships WHERE previous_cycle_id = $1`, [id])).rows;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    await t.sql.query('DELETE FROM scholarships');
    const people: Person[] = [];
    for (let i = 0; i < 3; i++) {
      const person = await api.person();
      people.push(person);
      await makeMember(api.kit, admin, person.id);
    }
    [automatic, manual, drafter] = people;
    expect((await call('PUT', '/register-applicants/auto-apply', automatic.token, { enabled: true })).statusCode).toBe(200);
    recurring = await publish('Yearly Leaders Award', 'yearly');
    oneOff = await publish('One-off Award', 'none');
    for (const id of [recurring, oneOff]) {
      await apply(automatic, id, 'Received');
      await apply(manual, id, 'Received');
      await apply(drafter, id, 'Draft');
    }
    await call('PUT', '/scholarships/add-wishlist', drafter.token, { scholarshipId: recurring });
    // A year goes by: the deadlines pass.
    await t.sql.query(`UPDATE scholarships SET deadline = $1::text::date, recurrence_config = jsonb_set(recurrence_config, '{deadline}', to_jsonb($1::text))`, [YESTERDAY]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens the next cycle of a yearly scholarship once its deadline has passed, with next year’s deadline and its address', async () => {
    const { rows: before } = await t.sql.query(`SELECT slug FROM scholarships WHERE id = $1`, [recurring]);
    const run = await t.app.get(RecurringCyclesJob).run();
    expect(run).toMatchObject({ opened: 1, invited: 1, drafts: 1, reapplied: 1 });
    const [next, ...more] = await nextCycleOf(recurring);
    expect(more).toEqual([]);
    expect(next).toMatchObject({ status: 'published', cycle: 2, deadline: A_YEAR_AFTER_YESTERDAY, slug: before[0].slug });
    expect(next.recurrence_config).toEqual({ deadline: A_YEAR_AFTER_YESTERDAY, repeat: 'yearly' });
    const { rows: previous } = await t.sql.query(`SELECT status, slug FROM scholarships WHERE id = $1`, [recurring]);
    expect(previous).toEqual([{ status: 'closed', slug: null }]);
    expect(await nextCycleOf(oneOff)).toEqual([]);
    const { rows: saved } = await t.sql.query(`SELECT scholarship_id FROM wishlist WHERE user_id = $1`, [drafter.id]);
    expect(saved).toEqual([{ scholarship_id: next.id }]);
  });

  it("gives last cycle's applicants a draft with their answers, or the application again with automatic application on, and tells them", async () => {
    const [next] = await nextCycleOf(recurring);
    const { rows } = await t.sql.query(`SELECT user_id, status, answers, applied_automatically FROM applications WHERE scholarship_id = $1`, [next.id]);
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect(byUser.get(automatic.id)).toMatchObject({ status: 'Received', answers: { whyYou: `Answer of ${automatic.id}` }, applied_automatically: true });
    expect(byUser.get(manual.id)).toMatchObject({ status: 'Draft', answers: { whyYou: `Answer of ${manual.id}` }, applied_automatically: false });
    expect(byUser.has(drafter.id)).toBe(false);

    const details = (await call('GET', `/scholarships/${next.id}/applicants/get-applicant-details`, manual.token)).json().data;
    expect(details.status).toBe('Draft');
    expect(details.applicantFields).toEqual([expect.objectContaining({ key: 'whyYou', fieldValue: `Answer of ${manual.id}` })]);

    const { rows: messages } = await t.sql.query(`SELECT user_id, kind, subject FROM inbox_messages WHERE scholarship_id = $1 ORDER BY subject`, [next.id]);
    expect(messages).toEqual([
      { user_id: automatic.id, kind: 'new-cycle', subject: 'We applied to Yearly Leaders Award again for you' },
      { user_id: manual.id, kind: 'new-cycle', subject: 'Yearly Leaders Award is open again' },
    ]);
  });

  it('opens each cycle once, whatever runs again or at the same time', async () => {
    const job = t.app.get(RecurringCyclesJob);
    const runs = await Promise.all([job.run(), job.run(), job.run()]);
    expect(runs.reduce((sum, run) => sum + run.opened + run.invited, 0)).toBe(0);
    expect(await nextCycleOf(recurring)).toHaveLength(1);
    const [next] = await nextCycleOf(recurring);
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM inbox_messages WHERE scholarship_id = $1`, [next.id]);
    expect(rows[0].n).toBe(2);
  });

  it('keeps the cycles apart for the provider: each with its number, applications and status', async () => {
    const [next] = await nextCycleOf(recurring);
    const list = (await call('GET', '/providers/scholarships', provider)).json().data as { id: string; cycle: number; previousCycleId: string | null; status: string; applicationsCount: number; draftsCount: number }[];
    expect(list.find((s) => s.id === recurring)).toMatchObject({ cycle: 1, previousCycleId: null, status: 'closed', applicationsCount: 2, draftsCount: 1 });
    expect(list.find((s) => s.id === next.id)).toMatchObject({ cycle: 2, previousCycleId: recurring, status: 'published', applicationsCount: 1, draftsCount: 1 });
  });
});
