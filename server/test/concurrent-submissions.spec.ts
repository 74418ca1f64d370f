import { randomUUID } from 'node:crypto';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const APPLICANTS = 32;
const POOL = 4;

/**
 * Many submissions at once to a requirement form nobody has been served yet, without a form
 * version (an outside client may omit it), each with a file answer: the server must never hold a
 * pooled connection in a transaction while it waits for another one (docs/performance.md). With a
 * pool of 4 and 32 callers, a second connection taken inside the transaction used to stall every
 * request for the pool's 5 s and then answer 503.
 */
describe('concurrent submissions without a form version', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000, DB_POOL_SIZE: POOL });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`answers all ${APPLICANTS} of them, on a pool of ${POOL} connections, none with a 503`, async () => {
    const provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    const created = await api.call('POST', '/providers/scholarships', {
      token: provider,
      body: {
        title: 'Never served',
        award: 500,
        recurrenceConfig: { deadline: NEXT_YEAR },
        requirements: [
          { title: 'CV', dataType: 'file', key: 'cv' },
          { title: 'Why us?', dataType: 'text', key: 'why' },
        ],
      },
    });
    const scholarshipId = created.json().data.id as string;
    expect((await api.call('POST', `/providers/scholarships/${scholarshipId}/publish`, { token: provider })).statusCode).toBe(200);

    const people = await Promise.all(
      Array.from({ length: APPLICANTS }, async (_, index) => {
        const { session } = await api.signUp({}, `10.40.${index}.1`);
        await t.sql.query('UPDATE users SET is_active_subscription = true WHERE id = $1', [session.user.id]);
        const upload = randomUUID();
        await t.sql.query(
          `INSERT INTO uploaded_files (id, owner_id, purpose, content_type, size, original_name, storage_key, sha256)
           VALUES ($1::uuid, $2, 'document', 'application/pdf', 10, 'cv.pdf', $1::text, repeat('0', 64))`,
          [upload, session.user.id],
        );
        return { token: session.accessToken, cv: `/api/v1/common/files/${upload}` };
      }),
    );

    const answers = await Promise.all(
      people.map((person, index) =>
        api.call('POST', '/scholarships/submit-individual-scholarship', {
          token: person.token,
          body: { scholarshipId, status: index % 2 ? 'Received' : 'Draft', requirements: [{ key: 'cv', fieldValue: person.cv }, { key: 'why', fieldValue: 'Because.' }] },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(people.map(() => 200));
    const statuses = answers.map((res) => res.json().data.status);
    expect(statuses.filter((status) => status === 'Received')).toHaveLength(APPLICANTS / 2);
    const { rows } = await t.sql.query('SELECT count(*)::int AS n, count(DISTINCT form_version)::int AS versions FROM applications WHERE scholarship_id = $1', [scholarshipId]);
    expect(rows[0]).toEqual({ n: APPLICANTS, versions: 1 });
  }, 60_000);
});
