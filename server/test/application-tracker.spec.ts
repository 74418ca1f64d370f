import { NEXT_YEAR, publishedScholarship } from '@scholarmatch/testkit';
import { DataSource } from 'typeorm';
import { CreateApplicationStatusEvents1795781000000 } from '../../migrations/1795781000000-CreateApplicationStatusEvents.js';
import { RecurringCyclesJob } from '../src/automation/recurring-cycles.job.js';
import { accountClient } from './accounts-helpers.js';
import { filePart, multipartBody, pdfFile } from './upload-fixtures.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

interface Person {
  id: string;
  token: string;
}

interface Event {
  status: string;
  at: string;
  backfilled: boolean;
}

/**
 * The application tracker (docs/applications.md, "The application tracker"): every status change
 * of an application records a status event in its own transaction, whoever makes it; existing
 * applications get one event from their state; the applicant reads only their own.
 */
describe('the application tracker', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let student: Person;
  let other: Person;
  let member: Person;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown) => api.call(method, path, { token, body });
  const publish = (title: string, requirements: object[], extra: object = {}) => publishedScholarship(api.kit, provider, { title, award: 750, requirements, ...extra });
  const submit = (person: Person, scholarshipId: string, status: 'Draft' | 'Received', requirements: object[]) =>
    call('POST', '/scholarships/submit-individual-scholarship', person.token, { scholarshipId, status, requirements });
  const applicationOf = async (person: Person, scholarshipId: string) =>
    (await t.sql.query(`SELECT id, status, review_status FROM applications WHERE user_id = $1 AND scholarship_id = $2`, [person.id, scholarshipId])).rows[0] as
      | { id: string; status: string; review_status: string }
      | undefined;
  /** The events stored for one application, oldest first. */
  const eventsOf = async (applicationId: string) =>
    (await t.sql.query(`SELECT status FROM application_status_events WHERE application_id = $1 ORDER BY occurred_at, id`, [applicationId])).rows.map(
      (row: { status: string }) => row.status,
    );
  const tracker = async (person: Person, query = '') => {
    const res = await call('GET', `/scholarships/me/applications${query}`, person.token);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: { id: string; scholarshipId: string; status: string; reviewStatus: string | null; events: Event[]; essays: unknown[]; messages: { total: number; unread: number } }[]; meta: { total: number } };
  };
  const moveStatus = (scholarshipId: string, applicationId: string, status: string) =>
    call('PUT', `/scholarships/${scholarshipId}/applicants/${applicationId}/status`, provider, { status });
  /** Makes every insert into the inbox fail, as a broken mail table would, while `work` runs. */
  const withInboxFailing = async (work: () => Promise<void>) => {
    await t.sql.query(`
      CREATE FUNCTION fail_inbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'inbox unavailable'; END $$;
      CREATE TRIGGER fail_inbox BEFORE INSERT ON inbox_messages FOR EACH STATEMENT EXECUTE FUNCTION fail_inbox();`);
    try {
      await work();
    } finally {
      await t.sql.query(`DROP TRIGGER fail_inbox ON inbox_messages; DROP FUNCTION fail_inbox();`);
    }
  };

  beforeAll(async () => {
    // Moves are told at once here; an untold move and its undo are status-messages.spec's.
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000, STATUS_MESSAGE_DELAY_SECONDS: 0 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    await t.sql.query('DELETE FROM scholarships');
    const people: Person[] = [];
    for (let i = 0; i < 3; i++) {
      people.push(await api.person());
    }
    [student, other, member] = people;
    await t.sql.query(`UPDATE users SET is_active_subscription = true WHERE id = ANY($1)`, [people.map((person) => person.id)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records the first draft save, the submission and each status the provider moves it to, once each', async () => {
    const scholarshipId = await publish('Tracked Award', [{ title: 'Motto', dataType: 'text', key: 'motto' }]);
    expect((await submit(student, scholarshipId, 'Draft', [])).statusCode).toBe(200);
    const { id } = (await applicationOf(student, scholarshipId))!;
    expect(await eventsOf(id)).toEqual(['Draft']);
    // Saving the draft again changes no status: nothing more is recorded.
    expect((await submit(student, scholarshipId, 'Draft', [{ key: 'motto', fieldValue: 'Onwards' }])).statusCode).toBe(200);
    // A submission missing an answer stays a Draft: no status change either.
    expect((await submit(student, scholarshipId, 'Received', [{ key: 'motto', fieldValue: null }])).json().data.status).toBe('Draft');
    expect(await eventsOf(id)).toEqual(['Draft']);
    expect((await submit(student, scholarshipId, 'Received', [{ key: 'motto', fieldValue: 'Onwards' }])).json().data.status).toBe('Received');
    expect(await eventsOf(id)).toEqual(['Draft', 'Submitted']);

    for (const status of ['Under review', 'Under review', 'Shortlisted', 'Received', 'Under review']) {
      expect((await moveStatus(scholarshipId, id, status)).statusCode).toBe(200);
    }
    // The repeated 'Under review' moved nothing and recorded nothing.
    expect(await eventsOf(id)).toEqual(['Draft', 'Submitted', 'Under review', 'Shortlisted', 'Received', 'Under review']);

    const [tracked] = (await tracker(student)).data.filter((application) => application.id === id);
    expect(tracked).toMatchObject({ scholarshipId, status: 'Received', reviewStatus: 'Under review' });
    expect(tracked.events.map((event) => event.status)).toEqual(['Draft', 'Submitted', 'Under review', 'Shortlisted', 'Received', 'Under review']);
    expect(tracked.events.every((event) => !event.backfilled && !Number.isNaN(Date.parse(event.at)))).toBe(true);
    const times = tracked.events.map((event) => Date.parse(event.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('records the winners decision: Winner for the chosen, Not selected for the other undecided', async () => {
    const scholarshipId = await publish('Decided Award', []);
    for (const person of [student, other]) expect((await submit(person, scholarshipId, 'Received', [])).json().data.status).toBe('Received');
    const winner = (await applicationOf(student, scholarshipId))!.id;
    const loser = (await applicationOf(other, scholarshipId))!.id;
    expect((await moveStatus(scholarshipId, loser, 'Shortlisted')).statusCode).toBe(200);
    expect((await call('POST', `/scholarships/${scholarshipId}/winners`, provider, { applicationIds: [winner] })).statusCode).toBe(201);
    expect(await eventsOf(winner)).toEqual(['Submitted', 'Winner']);
    expect(await eventsOf(loser)).toEqual(['Submitted', 'Shortlisted', 'Not selected']);
  });

  it("records Easy Apply, bulk apply, automatic application and a recurring scholarship's new cycle", async () => {
    const easy = await publish('Easy Award', []);
    const cvOnly = await publish('CV Award', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    const started = await publish('Started CV Award', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    expect((await submit(other, started, 'Draft', [])).statusCode).toBe(200);
    const { body, contentType } = multipartBody([filePart(pdfFile())]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/v1/common/upload', headers: { authorization: `Bearer ${other.token}`, 'content-type': contentType }, payload: body });
    const cv = upload.json().data.publicUrl as string;
    expect((await call('POST', '/scholarships/submit-scholarships', other.token, { scholarshipId: [easy, cvOnly, started], requirements: { cv } })).statusCode).toBe(200);
    for (const id of [easy, cvOnly]) expect(await eventsOf((await applicationOf(other, id))!.id)).toEqual(['Submitted']);
    // A draft that bulk apply completes: the draft, then its submission.
    expect(await eventsOf((await applicationOf(other, started))!.id)).toEqual(['Draft', 'Submitted']);

    expect((await call('PUT', '/register-applicants/auto-apply', member.token, { enabled: true })).statusCode).toBe(200);
    await eventually(async () => {
      const applied = await applicationOf(member, easy);
      expect(applied?.status).toBe('Received');
      expect(await eventsOf(applied!.id)).toEqual(['Submitted']);
    }, 15_000);

    // The next cycle of a yearly scholarship: a draft for the one who applied, the application
    // again for the member with automatic application on.
    const yearly = await publish('Yearly Award', [{ title: 'Motto', dataType: 'text', key: 'motto' }], { recurrenceConfig: { deadline: NEXT_YEAR, repeat: 'yearly' } });
    for (const person of [student, member]) expect((await submit(person, yearly, 'Received', [{ key: 'motto', fieldValue: 'Again' }])).json().data.status).toBe('Received');
    await t.sql.query(`UPDATE scholarships SET deadline = current_date - 1, recurrence_config = jsonb_set(recurrence_config, '{deadline}', to_jsonb((current_date - 1)::text)) WHERE id = $1`, [yearly]);
    expect(await t.app.get(RecurringCyclesJob).run()).toMatchObject({ opened: 1, drafts: 1, reapplied: 1 });
    const [{ id: nextCycle }] = (await t.sql.query(`SELECT id FROM scholarships WHERE previous_cycle_id = $1`, [yearly])).rows;
    expect(await eventsOf((await applicationOf(student, nextCycle))!.id)).toEqual(['Draft']);
    expect(await eventsOf((await applicationOf(member, nextCycle))!.id)).toEqual(['Submitted']);
  });

  it('writes no event when a status change fails: the change and its event commit together or not at all', async () => {
    const scholarshipId = await publish('Fragile Award', []);
    expect((await submit(student, scholarshipId, 'Received', [])).json().data.status).toBe('Received');
    const { id } = (await applicationOf(student, scholarshipId))!;
    expect(await eventsOf(id)).toEqual(['Submitted']);

    // The move's inbox message cannot be stored: the move is undone, and so is its event.
    await withInboxFailing(async () => {
      expect((await moveStatus(scholarshipId, id, 'Shortlisted')).statusCode).toBe(500);
      expect((await call('POST', `/scholarships/${scholarshipId}/winners`, provider, { applicationIds: [id] })).statusCode).toBe(500);
    });
    expect(await applicationOf(student, scholarshipId)).toMatchObject({ status: 'Received', review_status: 'Received' });
    expect(await eventsOf(id)).toEqual(['Submitted']);

    // A submission refused before anything is written: no application, no event.
    const closed = await publish('Closed Award', []);
    await t.sql.query(`UPDATE scholarships SET deadline = '2000-01-01' WHERE id = $1`, [closed]);
    expect((await submit(other, closed, 'Received', [])).statusCode).toBe(409);
    expect(await applicationOf(other, closed)).toBeUndefined();

    // Any writer's rolled-back change leaves no event behind.
    const client = await t.sql.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE applications SET review_status = 'Winner' WHERE id = $1`, [id]);
      expect((await client.query(`SELECT count(*)::int AS n FROM application_status_events WHERE application_id = $1`, [id])).rows[0].n).toBe(2);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await eventsOf(id)).toEqual(['Submitted']);
  });

  it("lists the caller's own applications only, with the essays asked and the messages about each", async () => {
    const essayed = await publish('Essay Award', [{ title: 'Personal essay', dataType: 'editor', key: 'essay' }, { title: 'Motto', dataType: 'text', key: 'motto', optional: true }]);
    expect((await submit(member, essayed, 'Draft', [{ key: 'essay', fieldValue: { text: '<p>Mine</p>' } }])).statusCode).toBe(200);

    const mine = await tracker(member);
    const ids = mine.data.map((application) => application.scholarshipId);
    expect(mine.meta.total).toBe(ids.length);
    expect(ids[0]).toBe(essayed); // latest change first
    const [draft] = mine.data;
    expect(draft).toMatchObject({ status: 'Draft', reviewStatus: null, essays: [{ key: 'essay', title: 'Personal essay', answer: 'written' }] });
    expect(draft.events.map((event) => event.status)).toEqual(['Draft']);

    // Only drafts asking for an essay: the upload page's chooser.
    const chooser = await tracker(member, '?status=Draft&essay=true');
    expect(chooser.data.map((application) => application.scholarshipId)).toEqual([essayed]);
    expect(chooser.meta.total).toBe(1);
    expect((await tracker(member, '?status=Received&limit=1&offset=0')).data.every((application) => application.status === 'Received')).toBe(true);

    // The messages about a scholarship: counted here, listed by the inbox's filter.
    const automatic = mine.data.find((application) => application.status === 'Received')!;
    expect(automatic.messages.total).toBeGreaterThan(0);
    const inbox = await call('GET', `/inbox?scholarshipId=${automatic.scholarshipId}`, member.token);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().meta.total).toBe(automatic.messages.total);
    expect(inbox.json().data.every((message: { scholarshipId: string }) => message.scholarshipId === automatic.scholarshipId)).toBe(true);
    expect((await call('GET', `/inbox?scholarshipId=${essayed}`, member.token)).json().meta.total).toBe(0);

    // Nobody else's: the others' trackers hold none of the member's applications.
    const memberApplications = new Set(mine.data.map((application) => application.id));
    for (const person of [student, other]) {
      expect((await tracker(person)).data.some((application) => memberApplications.has(application.id))).toBe(false);
    }
    expect((await call('GET', '/scholarships/me/applications', provider)).statusCode).toBe(403);
    expect((await call('GET', '/scholarships/me/applications')).statusCode).toBe(401);
  });

  it('refuses malformed filters with a description', async () => {
    for (const [query, description] of [
      ['?status=Won', 'status must be one of Received, Draft.'],
      ['?essay=maybe', 'essay must be true or false.'],
      ['?limit=500', 'limit can be at most 100.'],
      ['?offset=-1', 'offset cannot be negative.'],
    ]) {
      const res = await call('GET', `/scholarships/me/applications${query}`, student.token);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json().description).toBe(description);
    }
    const inbox = await call('GET', '/inbox?scholarshipId=nope', student.token);
    expect(inbox.statusCode).toBe(400);
    expect(inbox.json().description).toBe('scholarshipId must be a scholarship id.');
  });
});

describe('the status events migration', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every existing application one event from its current state, and drops cleanly', async () => {
    const [{ id: providerId }] = (await t.sql.query(`INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES ('p@example.org', 'x', 'Pat', 'Provider', 'provider') RETURNING id`)).rows;
    const [{ id: scholarshipId }] = (await t.sql.query(`INSERT INTO scholarships (provider_id, title, status) VALUES ($1, 'Old Award', 'published') RETURNING id`, [providerId])).rows;
    const states = [
      { status: 'Draft', review: 'Received', expected: 'Draft', dateColumn: 'created_at' },
      { status: 'Received', review: 'Received', expected: 'Submitted', dateColumn: 'submitted_at' },
      { status: 'Received', review: 'Shortlisted', expected: 'Shortlisted', dateColumn: 'updated_at' },
      { status: 'Received', review: 'Not selected', expected: 'Not selected', dateColumn: 'updated_at' },
    ];
    const created: { id: string; expected: string; at: Date }[] = [];
    for (const [index, state] of states.entries()) {
      const [{ id: userId }] = (await t.sql.query(`INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES ($1, 'x', 'Old', 'Applicant', 'applicant') RETURNING id`, [`old${index}@example.org`])).rows;
      const [row] = (
        await t.sql.query(
          `INSERT INTO applications (user_id, scholarship_id, status, review_status, created_at, submitted_at, updated_at)
           VALUES ($1, $2, $3::varchar, $4, now() - interval '30 days', CASE WHEN $3::varchar = 'Received' THEN now() - interval '20 days' END, now() - interval '10 days')
           RETURNING id, created_at, submitted_at, updated_at`,
          [userId, scholarshipId, state.status, state.review],
        )
      ).rows;
      created.push({ id: row.id, expected: state.expected, at: row[state.dateColumn] });
    }

    // As the database stood before the migration: no table, no triggers; then the migration runs.
    const runner = t.app.get(DataSource).createQueryRunner();
    const migration = new CreateApplicationStatusEvents1795781000000();
    try {
      await migration.down(runner);
      expect((await t.sql.query(`SELECT to_regclass('application_status_events') AS t`)).rows[0].t).toBeNull();
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    for (const application of created) {
      const events = (await t.sql.query(`SELECT status, occurred_at, backfilled FROM application_status_events WHERE application_id = $1`, [application.id])).rows;
      expect(events).toEqual([{ status: application.expected, occurred_at: application.at, backfilled: true }]);
    }
    // The triggers are back: the next change is recorded as it happens.
    await t.sql.query(`UPDATE applications SET review_status = 'Winner' WHERE id = $1`, [created[1].id]);
    expect((await t.sql.query(`SELECT status, backfilled FROM application_status_events WHERE application_id = $1 ORDER BY id`, [created[1].id])).rows).toEqual([
      { status: 'Submitted', backfilled: true },
      { status: 'Winner', backfilled: false },
    ]);
  });
});
