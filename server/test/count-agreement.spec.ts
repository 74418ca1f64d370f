import { StaleMatchesSweep } from '../src/matching/stale-matches-sweep.js';
import { accountClient, dobYearsAgo } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

type Card = { id: string; totalAmount: number; requirementCount: number };
type Summary = { appliedScholarship: number; yourRecommendation: number; eligible: number; scholarshipAmount: number; expiringSoon: number; unlock: { count: number; totalValue: number } };

/**
 * The numbers one student sees, through the real endpoints, agree (docs/matching.md, "The
 * counts"): the dashboard's tiles, its popup and the profile header (scholarships/stats), each
 * list's count and the list itself, and the public teaser given the same answers. Checked right
 * after sign-up, after the registration form, after the change job and a full recomputation, and
 * after a profile save, on the demo catalogue.
 */
describe('counts a student sees', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let fields: Map<string, { id: number; key: string; options: Record<string, string> }>;
  let student: { id: string; token: string };
  let provider: string;
  /** The student's answers by field key, as the teaser would be given them. */
  let answers: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    const definitions = (await api.call('GET', '/register-applicants/form-fields')).json().data as { id: number; key: string; options: Record<string, string> }[];
    fields = new Map(definitions.map((field) => [field.key, field]));
    const { session } = await api.signUp();
    student = { id: session.user.id, token: session.accessToken };
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string): Promise<T> => {
    const res = await api.call('GET', url, { token: student.token });
    expect([url, res.statusCode]).toEqual([url, 200]);
    return res.json().data as T;
  };

  /** Every card of a list, page by page as the list screens ask for them. */
  async function wholeList(filter: string): Promise<Card[]> {
    const cards: Card[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await get<Card[]>(`/scholarships/mine-eligible-scholarships?limit=50&offset=${offset}${filter}`);
      cards.push(...page);
      if (page.length < 50) return cards;
    }
  }

  async function expiringWithinTwoWeeks(cards: Card[]): Promise<number> {
    const { rows } = await t.sql.query(
      `SELECT count(*)::int AS n FROM scholarships WHERE id = ANY($1::uuid[]) AND deadline <= (now() AT TIME ZONE 'UTC')::date + 14`,
      [cards.map((card) => card.id)],
    );
    return rows[0].n;
  }

  /** What the teaser answers for the student's own answers: recommendations plus what they could unlock. */
  async function teaser(): Promise<{ counts: number; totalValue: number }> {
    const { rows } = await t.sql.query('SELECT id, key FROM form_fields WHERE key = ANY($1)', [Object.keys(answers)]);
    const eligiblityFilters = Object.fromEntries(rows.map((field: { id: number; key: string }) => [`field.${field.id}`, answers[field.key]]));
    const res = await api.call('POST', '/scholarships/eligible-scholarships/stats', { body: { eligiblityFilters } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  /** Reads every count and list the student's screens show, and checks that those that name the same thing agree. */
  async function expectAgreement(moment: string, options: { teaser: boolean }): Promise<Summary> {
    const summary = await get<Summary>('/scholarships/dashboard-summary');
    // The popup and the profile header read scholarships/stats.
    const stats = await get<{ yourRecommendation: number }>('/scholarships/stats');
    const recommended = await wholeList('&withoutRequirement=false');
    const easyApply = await wholeList('&withoutRequirement=true');
    const cvOnly = await wholeList('&withoutRequirement=false&requirementFields=cv');
    const counted = {
      all: await get<number>('/scholarships/mine-eligible-scholarships/count'),
      recommendation: await get<number>('/scholarships/mine-eligible-scholarships/count?withoutRequirement=false'),
      easyApply: await get<number>('/scholarships/mine-eligible-scholarships/count?withoutRequirement=true'),
      cvOnly: await get<number>('/scholarships/mine-eligible-scholarships/count?withoutRequirement=false&requirementFields=cv'),
    };
    const n = recommended.length;
    const seen = {
      moment,
      tile: summary.yourRecommendation,
      eligible: summary.eligible,
      popupAndProfile: stats.yourRecommendation,
      listCount: counted.recommendation,
      unfilteredCount: counted.all,
      easyApply: [counted.easyApply, easyApply.length, recommended.filter((card) => card.requirementCount === 0).length],
      cvOnly: [counted.cvOnly, cvOnly.length],
      amount: summary.scholarshipAmount,
      expiringSoon: summary.expiringSoon,
    };
    expect(seen).toEqual({
      moment,
      tile: n,
      eligible: n,
      popupAndProfile: n,
      listCount: n,
      unfilteredCount: n,
      easyApply: [easyApply.length, easyApply.length, easyApply.length],
      cvOnly: [cvOnly.length, cvOnly.length],
      amount: recommended.reduce((sum, card) => sum + card.totalAmount, 0),
      expiringSoon: await expiringWithinTwoWeeks(recommended),
    });
    expect(new Set(recommended.map((card) => card.id)).size).toBe(n);
    if (options.teaser) {
      expect({ moment, teaser: await teaser() }).toEqual({
        moment,
        teaser: { counts: n + summary.unlock.count, totalValue: summary.scholarshipAmount + summary.unlock.totalValue },
      });
    }
    return summary;
  }

  it('agree right after sign-up, with no answers yet', async () => {
    const summary = await expectAgreement('signed up', { teaser: true });
    // Only the scholarships open to everyone; every other one waits on an answer.
    expect(summary.yourRecommendation).toBeGreaterThan(0);
    expect(summary.unlock.count).toBeGreaterThan(0);
  });

  it('agree after the registration form (its optional question left out)', async () => {
    const first = (key: string) => Object.keys(fields.get(key)!.options)[0];
    answers = {
      citizenship: 'us-citizen', country: 'us', ethnicity: first('ethnicity'), gender: '1', zipCode: '10001', schoolLevel: first('schoolLevel'),
      highSchoolName: 'Central High', enrolledInCollege: '0', fieldOfStudy: 'accounting', degreeType: 'associate',
      gpa: { markingSystem: 'Percentage', grade: 82 }, careerGoal: first('careerGoal'), militaryAffiliation: first('militaryAffiliation'),
    };
    const saved = await api.call('PUT', `/register-applicants/${student.id}`, {
      token: student.token,
      body: { dob: dobYearsAgo(18), applicantFields: Object.entries(answers).map(([key, fieldValue]) => ({ fieldId: fields.get(key)!.id, fieldValue })) },
    });
    expect(saved.statusCode).toBe(200);
    answers.dob = dobYearsAgo(18);
    const summary = await expectAgreement('registered', { teaser: true });
    // 'Interested in online study?' is optional: the demo scholarships that ask it could be unlocked.
    expect(summary.unlock.count).toBeGreaterThan(0);
  });

  it('agree after the change job applies a publish and a close, and after a full recomputation', async () => {
    const before = await get<Summary>('/scholarships/dashboard-summary');
    const created = (
      await api.call('POST', '/providers/scholarships', {
        token: provider,
        // An amount no demo scholarship has (theirs are multiples of 500), so the sum below tells the job has run.
        body: { title: 'Counted Scholarship', award: 1234, criteria: [], requirements: [{ title: 'Essay', dataType: 'editor' }], recurrenceConfig: { deadline: `${new Date().getUTCFullYear() + 1}-06-30` } },
      })
    ).json().data;
    expect((await api.call('POST', `/providers/scholarships/${created.id}/publish`, { token: provider })).statusCode).toBeLessThan(300);
    const [easy] = await get<Card[]>('/scholarships/mine-eligible-scholarships?withoutRequirement=true&limit=1');
    expect((await api.call('POST', `/providers/scholarships/${easy.id}/close`, { token: provider })).statusCode).toBeLessThan(300);
    // The change job edits the stored matches moments later (docs/matching.md, "When the catalogue changes").
    await eventually(async () => {
      const { rows } = await t.sql.query('SELECT p.applied_version >= c.version AS applied FROM match_catalogue c, match_progress p');
      expect(rows[0].applied).toBe(true);
      const now = await get<Summary>('/scholarships/dashboard-summary');
      expect(now.yourRecommendation).toBe(before.yourRecommendation);
      expect(now.scholarshipAmount).toBe(before.scholarshipAmount + 1234 - easy.totalAmount);
    }, 15_000);
    const computedAt = async () => (await t.sql.query('SELECT computed_at FROM applicant_match_state WHERE user_id = $1', [student.id])).rows[0].computed_at;
    const edited = await computedAt();
    // The teaser caches an answer set for ten minutes, so it may lag a publication: not compared here.
    await expectAgreement('after the change job', { teaser: false });
    expect(await computedAt()).toEqual(edited);

    // Matches unused for two weeks are dropped; the next call recomputes them from scratch.
    await t.sql.query(`UPDATE applicant_match_state SET computed_at = now() - interval '15 days' WHERE user_id = $1`, [student.id]);
    expect(await t.app.get(StaleMatchesSweep).sweep()).toBeGreaterThanOrEqual(1);
    await expectAgreement('after a full recomputation', { teaser: false });
    expect(await computedAt()).not.toEqual(edited);
  });

  it('agree after a profile save answers the question the unlock hint was waiting for', async () => {
    const before = await get<Summary>('/scholarships/dashboard-summary');
    const { dob: _dob, ...profile } = answers;
    answers.isInterestedInOnlineStudy = '1';
    // The Education tab sends its whole form: its answers replace the stored ones.
    const saved = await api.call('PUT', `/register-applicants/${student.id}`, {
      token: student.token,
      body: {
        formKey: 'profile-education',
        applicantFields: Object.entries({ ...profile, isInterestedInOnlineStudy: '1' }).map(([key, fieldValue]) => ({ fieldId: fields.get(key)!.id, fieldValue })),
      },
    });
    expect([saved.statusCode, saved.body]).toEqual([200, expect.any(String)]);
    const after = await expectAgreement('after a profile save', { teaser: true });
    expect(after.yourRecommendation).toBe(before.yourRecommendation + before.unlock.count);
    expect(after.unlock).toEqual({ count: 0, totalValue: 0 });
  });
});
