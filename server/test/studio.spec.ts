import { compileRequirementForm } from '@scholarmatch/schemas';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { filePart, multipartBody, pdfFile, pngFile } from './upload-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The provider studio's server side (docs/providers.md): accounts, organisation, editor, builders, public page. */
describe('provider studio', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let otherProvider: string;
  let applicant: string;
  let counter = 0;

  const signUpProvider = async (overrides: Record<string, unknown> = {}) =>
    api.call('POST', '/users/provider-signup', {
      ip: `10.9.0.${++counter}`,
      body: {
        answers: {
          organisationName: 'Hopper Foundation',
          website: 'https://hopper.example.org',
          firstName: 'Grace',
          lastName: 'Hopper',
          email: `grace.${Date.now()}.${counter}@example.org`,
          phone: '+12025550143',
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          acceptTerms: true,
          ...overrides,
        },
      },
    });

  const upload = (token: string, file: Buffer, name: string, type: string, purpose: string) => {
    const { body, contentType } = multipartBody([filePart(file, name, type)]);
    return t.app.inject({ method: 'POST', url: `/api/v1/common/upload?purpose=${purpose}`, headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload: body });
  };

  const newDraft = async (answers: Record<string, unknown> = {}) => {
    const res = await api.call('POST', '/scholarships', { token: provider, body: { answers: { title: 'First-Generation STEM Scholarship', ...answers } } });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; status: string; editor: Record<string, unknown> };
  };

  const completeEditor = { awardAmount: 2500, awardCount: 2, deadline: NEXT_YEAR, recurrence: 'none', description: '<p>For the first in their family<script>alert(1)</script></p>' };

  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await signUpProvider()).json().data.accessToken;
    otherProvider = (await signUpProvider({ organisationName: 'Other Trust' })).json().data.accessToken;
    applicant = (await api.signUp()).session.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('accounts and the organisation', () => {
    it('signs a provider up through the served form, with the organisation and its contact person', async () => {
      const res = await signUpProvider({ organisationName: 'Lovelace Fund' });
      expect(res.statusCode).toBe(201);
      const { user, accessToken } = res.json().data;
      expect(user).toMatchObject({ role: 'provider', firstName: 'Grace', applicantType: null });
      const organisation = (await api.call('GET', '/users/organisation', { token: accessToken })).json().data;
      expect(organisation.answers).toMatchObject({ organisationName: 'Lovelace Fund', website: 'https://hopper.example.org', contactName: 'Grace Hopper', contactEmail: user.email });
      expect(organisation.logoUrl).toBeNull();
    });

    it("judges the sign-up by the served form's rules and words", async () => {
      const res = await signUpProvider({ organisationName: '', confirmPassword: 'something else', website: 'javascript:alert(1)' });
      expect(res.statusCode).toBe(400);
      const paths = res.json().errors.map((e: { path: string }) => e.path).sort();
      expect(paths).toEqual(['confirmPassword', 'organisationName', 'website']);
      expect(res.json().errors).toContainEqual({ path: 'organisationName', message: "Please input your organisation's name!" });
    });

    it('keeps applicants out of every studio route', async () => {
      for (const [method, path] of [
        ['GET', '/users/organisation'],
        ['POST', '/scholarships'],
        ['GET', '/providers/criteria-vocabulary'],
        ['POST', '/providers/eligibility-count'],
        ['GET', `/scholarship/${UNKNOWN_ID}/criteria`],
      ] as const) {
        const res = await api.call(method, path, { token: applicant, body: method === 'POST' ? { answers: { title: 'x' }, criteria: [] } : undefined });
        expect([method, path, res.statusCode]).toEqual([method, path, 403]);
      }
    });

    it('saves the organisation with a logo that becomes public, and refuses someone else’s upload', async () => {
      const logo = (await upload(provider, pngFile(), 'logo.png', 'image/png', 'image')).json().data;
      const saved = await api.call('PUT', '/users/organisation', {
        token: provider,
        body: { answers: { organisationName: 'Hopper Foundation', contactName: 'Grace Hopper', contactEmail: 'grace@example.org', logo: logo.publicUrl, about: 'We fund <b>STEM</b>' } },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.logoUrl).toBe(`/api/v1/common/public-link/${logo.id}`);
      const pub = await t.app.inject({ method: 'GET', url: `/api/v1/common/public-link/${logo.id}` });
      expect(pub.statusCode).toBe(200);
      expect(pub.headers['content-type']).toBe('image/png');
      // Any other upload stays private, even by its id.
      const cv = (await upload(provider, pdfFile(), 'cv.pdf', 'application/pdf', 'document')).json().data;
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/common/public-link/${cv.id}` })).statusCode).toBe(404);
      const foreign = await api.call('PUT', '/users/organisation', {
        token: otherProvider,
        body: { answers: { organisationName: 'Other Trust', contactName: 'O', contactEmail: 'o@example.org', logo: logo.publicUrl } },
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual([{ path: 'logo', message: expect.stringContaining('not one of your uploads') }]);
    });
  });

  describe('the scholarship editor', () => {
    it('saves a draft from the editor form at any time, and checks what is given', async () => {
      const draft = await newDraft();
      expect(draft).toMatchObject({ status: 'draft', editor: { title: 'First-Generation STEM Scholarship', recurrence: 'none' } });
      const bad = await api.call('PUT', `/scholarships/${draft.id}`, { token: provider, body: { answers: { title: 'T', awardAmount: 12.5, slug: 'Not A Slug' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'awardAmount', message: 'Please enter a whole number!' },
          { path: 'slug', message: 'Please use lowercase letters, digits and single hyphens only!' },
        ]),
      );
      const saved = await api.call('PUT', `/scholarships/${draft.id}`, { token: provider, body: { answers: { title: 'STEM Award', ...completeEditor } } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toMatchObject({ title: 'STEM Award', amounts: [2500, 2500], totalAmount: 5000, deadline: NEXT_YEAR, editor: { awardAmount: 2500, awardCount: 2 } });
      expect(saved.json().data.description).not.toContain('script');
    });

    it('publishes only a complete scholarship, giving it a free web address, and shows it publicly by that address', async () => {
      const incomplete = await newDraft();
      const refused = await api.call('POST', `/providers/scholarships/${incomplete.id}/publish`, { token: provider });
      expect(refused.statusCode).toBe(400);
      const first = await newDraft({ ...completeEditor, title: 'Ada Award' });
      const second = await newDraft({ ...completeEditor, title: 'Ada Award' });
      const a = (await api.call('POST', `/providers/scholarships/${first.id}/publish`, { token: provider })).json().data;
      const b = (await api.call('POST', `/providers/scholarships/${second.id}/publish`, { token: provider })).json().data;
      expect([a.slug, b.slug]).toEqual(['ada-award', 'ada-award-2']);
      const page = await api.call('GET', '/scholarships/slug/ada-award');
      expect(page.statusCode).toBe(200);
      expect(page.json().data).toMatchObject({ id: first.id, title: 'Ada Award', totalAmount: 5000, open: true, provider: { name: 'Hopper Foundation' } });
      expect((await api.call('GET', `/scholarships/slug/${'x'.repeat(5)}`)).statusCode).toBe(404);
      const taken = await api.call('PUT', `/scholarships/${incomplete.id}`, { token: provider, body: { answers: { title: 'Copy', slug: 'ada-award' } } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errorCode: 'SLUG_TAKEN', errors: [{ path: 'slug' }] });
    });

    it('keeps a published scholarship publishable: the whole form, no past deadline, its web address kept', async () => {
      const { id } = await newDraft({ ...completeEditor, title: 'Kept Whole' });
      expect((await api.call('POST', `/providers/scholarships/${id}/publish`, { token: provider })).statusCode).toBe(200);
      const emptied = await api.call('PUT', `/scholarships/${id}`, { token: provider, body: { answers: { title: 'Kept Whole' } } });
      expect(emptied.statusCode).toBe(400);
      expect(emptied.json().errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['awardAmount', 'deadline']));
      const past = await api.call('PUT', `/scholarships/${id}`, { token: provider, body: { answers: { title: 'Kept Whole', ...completeEditor, deadline: '2020-01-01' } } });
      expect(past.statusCode).toBe(400);
      const saved = await api.call('PUT', `/scholarships/${id}`, { token: provider, body: { answers: { title: 'Kept Whole', ...completeEditor } } });
      expect(saved.json().data.slug).toBe('kept-whole');
    });

    it('keeps a draft closed before publishing off the public page', async () => {
      const { id } = await newDraft({ slug: 'closed-draft' });
      expect((await api.call('POST', `/providers/scholarships/${id}/close`, { token: provider })).statusCode).toBe(200);
      expect((await api.call('GET', '/scholarships/slug/closed-draft')).statusCode).toBe(404);
    });

    it('keeps drafts off the public page and other providers out (404)', async () => {
      const draft = await newDraft({ slug: 'secret-draft' });
      expect((await api.call('GET', '/scholarships/slug/secret-draft')).statusCode).toBe(404);
      expect((await api.call('PUT', `/scholarships/${draft.id}`, { token: otherProvider, body: { answers: { title: 'Mine' } } })).statusCode).toBe(404);
      expect((await api.call('GET', `/scholarship/${draft.id}/requirement`, { token: otherProvider })).statusCode).toBe(404);
    });
  });

  describe('the requirement builder', () => {
    const essay = { requirementTitle: 'Personal essay', requirementKind: 'editor', wordLimit: 300, requirementDescription: 'Tell us why.' };
    const transcript = { requirementTitle: 'Transcript', requirementKind: 'file', fileKinds: 'document', wordLimit: 50 };

    it('stores the builder’s list in order, with per-kind options only, and serves applicants that form', async () => {
      const { id } = await newDraft(completeEditor);
      const res = await api.call('PUT', `/scholarship/${id}/requirement`, { token: provider, body: { requirements: [{ answers: essay }, { answers: transcript }] } });
      expect(res.statusCode).toBe(200);
      const [first, second] = res.json().data.requirements;
      expect(first).toMatchObject({ title: 'Personal essay', description: 'Tell us why.', optional: false, field: { key: 'personalEssay', dataType: 'editor' }, options: { wordLimit: 300 } });
      // The word limit is hidden for a file (its condition), so it is not kept.
      expect(second).toMatchObject({ field: { key: 'transcript', dataType: 'file' }, options: { fileKinds: 'document' } });
      expect(second.options).not.toHaveProperty('wordLimit');
      // Reordered and retitled: the keys stay (applicants' drafts keep their answers).
      const reordered = await api.call('PUT', `/scholarship/${id}/requirement`, {
        token: provider,
        body: { requirements: [{ id: second.id, answers: transcript }, { id: first.id, answers: { ...essay, requirementTitle: 'Your story' } }] },
      });
      expect(reordered.json().data.requirements.map((r: { field: { key: string } }) => r.field.key)).toEqual(['transcript', 'personalEssay']);
    });

    it('previews unsaved entries as the very form applicants would get, with its validator', async () => {
      const { id } = await newDraft(completeEditor);
      const res = await api.call('POST', `/scholarship/${id}/requirement/preview`, { token: provider, body: { requirements: [{ answers: essay }] } });
      expect(res.statusCode).toBe(200);
      const form = res.json().data;
      expect(form.schema.properties.personalEssay.properties.text).toMatchObject({ maxWords: 300 });
      expect(form.validatorUrl).toBe(`/api/v1/scholarships/${id}/form/validator.js?version=${form.version}`);
      // The browser compiles the same requirements with the same compiler: the same version.
      const stored = (await api.call('GET', `/scholarship/${id}/requirement`, { token: provider })).json().data.requirements;
      expect(stored).toEqual([]);
      const local = compileRequirementForm(id, [{ id: 'x', title: 'Personal essay', description: 'Tell us why.', optional: false, field: { key: 'personalEssay', name: 'Personal essay', dataType: 'editor' }, options: { wordLimit: 300 } }]);
      expect(local.version).toBe(form.version);
      const validator = await t.app.inject({ method: 'GET', url: form.validatorUrl });
      expect(validator.statusCode).toBe(200);
    });

    it('gives an id sent twice to one requirement only, so no two answers share a key', async () => {
      const { id } = await newDraft();
      const [stored] = (await api.call('PUT', `/scholarship/${id}/requirement`, { token: provider, body: { requirements: [{ answers: essay }] } })).json().data.requirements;
      const twice = await api.call('PUT', `/scholarship/${id}/requirement`, { token: provider, body: { requirements: [{ id: stored.id, answers: essay }, { id: stored.id, answers: essay }] } });
      expect(twice.statusCode).toBe(200);
      const keys = twice.json().data.requirements.map((r: { field: { key: string } }) => r.field.key);
      expect(keys).toEqual(['personalEssay', 'personalEssay2']);
    });

    it("refuses an entry the requirement form refuses, under the entry's place", async () => {
      const { id } = await newDraft();
      const res = await api.call('PUT', `/scholarship/${id}/requirement`, { token: provider, body: { requirements: [{ answers: essay }, { answers: { requirementKind: 'video' } }] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['requirements.1.requirementKind', 'requirements.1.requirementTitle']);
    });
  });

  describe('the eligibility builder', () => {
    it('offers each profile field with its operators and a value form from its own definition', async () => {
      const res = await api.call('GET', '/providers/criteria-vocabulary', { token: provider });
      expect(res.statusCode).toBe(200);
      const fields = res.json().data.fields as { key: string; operators: { operator: string; value: { schema: { properties: Record<string, { enum?: string[]; maximum?: number }> } } | null }[] }[];
      const gpa = fields.find((f) => f.key === 'gpa')!;
      expect(gpa.operators.map((o) => o.operator)).toEqual(['gte', 'lte', 'between', 'exists']);
      expect(gpa.operators[0].value!.schema.properties.value.maximum).toBe(4);
      const country = fields.find((f) => f.key === 'country')!;
      expect(country.operators.find((o) => o.operator === 'eq')!.value!.schema.properties.value.enum).toContain('us');
      expect(fields.find((f) => f.key === 'dob')).toBeDefined();
      expect(fields.find((f) => f.key === 'password')).toBeUndefined();
    });

    it('adds, changes and removes rules by id, checking each against the vocabulary', async () => {
      const { id } = await newDraft();
      const added = await api.call('POST', `/scholarship/${id}/criteria`, { token: provider, body: { fieldKey: 'gpa', operator: 'gte', value: 3 } });
      expect(added.statusCode).toBe(201);
      const rule = added.json().data;
      expect(rule).toEqual({ id: expect.any(String), fieldKey: 'gpa', operator: 'gte', value: 3 });
      const changed = await api.call('PUT', `/scholarship/${id}/criteria/${rule.id}`, { token: provider, body: { fieldKey: 'gpa', operator: 'gte', value: 3.5 } });
      expect(changed.json().data).toEqual({ ...rule, value: 3.5 });
      const outOfRange = await api.call('PUT', `/scholarship/${id}/criteria/${rule.id}`, { token: provider, body: { fieldKey: 'gpa', operator: 'gte', value: 7 } });
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().errors).toEqual([{ path: 'criteria.0.value', message: 'Please enter a number between 0 and 4!' }]);
      const notAnOption = await api.call('POST', `/scholarship/${id}/criteria`, { token: provider, body: { fieldKey: 'country', operator: 'eq', value: 'atlantis' } });
      expect(notAnOption.statusCode).toBe(400);
      const wrong = await api.call('PUT', `/scholarship/${id}/criteria/${rule.id}`, { token: provider, body: { fieldKey: 'gpa', operator: 'in', value: ['x'] } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errorCode).toBe('INVALID_CRITERIA');
      expect((await api.call('DELETE', `/scholarship/${id}/criteria/${UNKNOWN_ID}`, { token: provider })).statusCode).toBe(404);
      const removed = await api.call('DELETE', `/scholarship/${id}/criteria/${rule.id}`, { token: provider });
      expect(removed.json().data.criteria).toEqual([]);
      const replaced = await api.call('PUT', `/scholarship/${id}/criteria`, { token: provider, body: { criteria: [{ fieldKey: 'country', operator: 'eq', value: 'us' }] } });
      expect(replaced.json().data.criteria).toEqual([{ id: expect.any(String), fieldKey: 'country', operator: 'eq', value: 'us' }]);
    });

    it('counts the applicants unsaved rules make eligible, and those one answer away', async () => {
      await t.sql.query(`DELETE FROM users WHERE role = 'applicant'`);
      const people = [
        { country: 'us', gpa: { markingSystem: 'GPA', grade: 3.5, gpa: 3.5 } },
        { country: 'us', gpa: { markingSystem: 'GPA', grade: 2.5, gpa: 2.5 } },
        { country: 'us' },
        { country: 'ca', gpa: { markingSystem: 'GPA', grade: 3.9, gpa: 3.9 } },
      ];
      for (const profile of people) {
        const { session } = await api.signUp();
        await t.sql.query(`UPDATE users SET profile = $2 WHERE id = $1`, [session.user.id, JSON.stringify(profile)]);
      }
      const res = await api.call('POST', '/providers/eligibility-count', {
        token: provider,
        body: { criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 3 }, { fieldKey: 'country', operator: 'eq', value: 'us' }] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ eligible: 1, total: 4, missing: [{ fieldKey: 'gpa', name: expect.any(String), count: 1 }] });
      const bad = await api.call('POST', '/providers/eligibility-count', { token: provider, body: { criteria: [{ fieldKey: 'nope', operator: 'eq', value: 1 }] } });
      expect(bad.statusCode).toBe(400);
    });
  });
});
