import { nextYearOn } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const NEXT_YEAR = nextYearOn('03-31');

/** The provider API: own scholarships with criteria and requirements checked against the vocabulary. */
describe('provider scholarships', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let otherProvider: string;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    otherProvider = await api.otherProvider();
  });
  afterAll(async () => {
    await t?.close();
  });

  const scholarship = {
    title: 'First-Generation STEM Scholarship',
    description: '<p>For <strong>first-generation</strong> students.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    amounts: [2000, 500],
    recurrenceConfig: { deadline: NEXT_YEAR, repeat: 'yearly' },
    criteria: [
      { fieldKey: 'gpa', operator: 'gte', value: 3 },
      { fieldKey: 'country', operator: 'in', value: ['us'] },
      { fieldKey: 'dob', operator: 'ageBetween', value: [16, 24] },
    ],
    requirements: [
      { title: 'Personal essay', dataType: 'editor', description: 'About 500 words.' },
      { title: 'CV', dataType: 'file', key: 'cv' },
      { title: 'Portfolio link', dataType: 'link', optional: true },
    ],
  };

  it('creates a draft with sanitised HTML, keyed requirements and the total amount; then publishes and closes it', async () => {
    const created = await api.call('POST', '/providers/scholarships', { body: scholarship, token: provider });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({ status: 'draft', totalAmount: 2500, recurrenceConfig: { deadline: NEXT_YEAR, repeat: 'yearly' } });
    expect(data.description).toContain('<strong>first-generation</strong>');
    expect(data.description).not.toMatch(/script|onerror/);
    expect(data.requirements.map((r: { field: { key: string; dataType: string }; optional: boolean }) => [r.field.key, r.field.dataType, r.optional])).toEqual([
      ['personalEssay', 'editor', false],
      ['cv', 'file', false],
      ['portfolioLink', 'link', true],
    ]);

    const published = await api.call('POST', `/providers/scholarships/${data.id}/publish`, { token: provider });
    expect(published.json().data).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    expect((await api.call('POST', `/providers/scholarships/${data.id}/publish`, { token: provider })).statusCode).toBe(409);
    const edited = await api.call('PATCH', `/providers/scholarships/${data.id}`, { body: { award: 3000, amounts: [] }, token: provider });
    expect(edited.json().data.totalAmount).toBe(3000);
    expect((await api.call('POST', `/providers/scholarships/${data.id}/close`, { token: provider })).json().data.status).toBe('closed');
    expect((await api.call('PATCH', `/providers/scholarships/${data.id}`, { body: { title: 'Again' }, token: provider })).statusCode).toBe(409);
    expect((await api.call('GET', '/providers/scholarships', { token: provider })).json().data.map((s: { id: string }) => s.id)).toContain(data.id);
  });

  it('refuses criteria on unknown fields or with operators the field type does not allow, with a description', async () => {
    const cases = [
      [{ fieldKey: 'shoeSize', operator: 'eq', value: '42' }, "There is no profile field 'shoeSize'."],
      [{ fieldKey: 'gpa', operator: 'in', value: ['3'] }, "The operator 'in' does not apply to 'gpa' (grade); use gte, lte, between, exists."],
      [{ fieldKey: 'country', operator: 'in', value: [] }, "'in' needs a non-empty list of values."],
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [30, 16] }, "'ageBetween' needs [min, max] with min <= max."],
    ] as const;
    for (const [rule, description] of cases) {
      const res = await api.call('POST', '/providers/scholarships', { body: { title: 'X', criteria: [rule] }, token: provider });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'INVALID_CRITERIA', description, errors: [{ path: 'criteria.0', message: description }] });
    }
    const badOperator = await api.call('POST', '/providers/scholarships', { body: { title: 'X', criteria: [{ fieldKey: 'gpa', operator: 'like', value: 1 }] }, token: provider });
    expect(badOperator.statusCode).toBe(400);
    const badKind = await api.call('POST', '/providers/scholarships', { body: { title: 'X', requirements: [{ title: 'Video', dataType: 'video' }] }, token: provider });
    expect(badKind.statusCode).toBe(400);
  });

  it('will not publish without an amount or with a past deadline', async () => {
    const noAmount = (await api.call('POST', '/providers/scholarships', { body: { title: 'No money yet', recurrenceConfig: { deadline: NEXT_YEAR } }, token: provider })).json().data;
    expect((await api.call('POST', `/providers/scholarships/${noAmount.id}/publish`, { token: provider })).json().errorCode).toBe('NO_AMOUNT');
    const past = (await api.call('POST', '/providers/scholarships', { body: { title: 'Too late', award: 100, recurrenceConfig: { deadline: '2020-01-01' } }, token: provider })).json().data;
    expect((await api.call('POST', `/providers/scholarships/${past.id}/publish`, { token: provider })).json().errorCode).toBe('DEADLINE_PASSED');
    expect((await api.call('POST', '/providers/scholarships', { body: { title: 'Bad date', recurrenceConfig: { deadline: '2027-02-30' } }, token: provider })).statusCode).toBe(400);
  });

  it("never lets another provider or an applicant touch a provider's scholarship", async () => {
    const mine = (await api.call('POST', '/providers/scholarships', { body: { title: 'Mine' }, token: provider })).json().data;
    for (const [method, url, body] of [
      ['GET', `/providers/scholarships/${mine.id}`, undefined],
      ['PATCH', `/providers/scholarships/${mine.id}`, { title: 'Stolen' }],
      ['POST', `/providers/scholarships/${mine.id}/publish`, undefined],
      ['POST', `/providers/scholarships/${mine.id}/close`, undefined],
    ] as const) {
      expect((await api.call(method, url, { body, token: otherProvider })).statusCode).toBe(404);
    }
    expect((await api.call('GET', '/providers/scholarships', { token: otherProvider })).json().data).toEqual([]);
    const { session } = await api.signUp();
    expect((await api.call('GET', '/providers/scholarships', { token: session.accessToken })).statusCode).toBe(403);
    expect((await api.call('GET', `/providers/scholarships/${mine.id}`, { token: provider })).json().data.title).toBe('Mine');
  });
});
