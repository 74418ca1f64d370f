import {
  compileForm,
  compileRequirementForm,
  criterionFieldChoice,
  REQUIREMENT_EDITOR_KEYS as R,
  REQUIREMENT_KIND_LABELS,
  REQUIREMENT_KINDS,
  requirementsFromDrafts,
  type FieldDefinition,
  type Requirement,
} from '@scholarmatch/schemas';
import { saveSession, type StoredUser } from '../../src/session/session-store';
import { ACCESS } from '../session-fixtures';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import type { Criterion, EligibilityCount, StudioScholarshipDetail } from '../../src/api/providers';

export const PROVIDER: StoredUser = {
  id: 'p1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@foundation.example', phone: null, dob: null, role: 'provider',
  applicantType: 'STUDENT', isProfileUpdate: true, isScholarshipApplied: false, isActiveSubscription: false,
};

export function signInProvider() {
  saveSession({ user: PROVIDER, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.provider });
}

export const SCHOLARSHIP_ID = '00000000-0000-4000-8000-00000000abcd';

type Field = Omit<FieldDefinition, 'id' | 'order'>;

/** A served form from field definitions, compiled by the shared compiler as the server does. */
export function servedForm(key: string, fields: Field[]) {
  const definitions = fields.map((field, index): FieldDefinition => ({ ...field, id: index + 1, order: index + 1 }) as FieldDefinition);
  const { schema, uiSchema, version } = compileForm({ key, title: key, sections: [fields[0]?.section ?? 'x'] }, definitions);
  return { key, version, schema, uiSchema, validatorUrl: `/api/v1/forms/${key}/validator.js?version=${version}` };
}

/** The requirement editor form as the studio's seed defines it (docs/providers.md, "Requirements"). */
export const REQUIREMENT_EDITOR = servedForm('requirement-editor', [
  { key: R.title, name: 'Title', dataType: 'text', section: 'requirement-editor', target: 'requirement', validation: { required: true, maxLength: 200 } },
  { key: R.kind, name: 'Kind', dataType: 'select', section: 'requirement-editor', target: 'requirement', options: REQUIREMENT_KINDS.map((kind) => ({ value: kind, label: REQUIREMENT_KIND_LABELS[kind] })), validation: { required: true } },
  { key: R.description, name: 'Instructions for applicants', dataType: 'textarea', section: 'requirement-editor', target: 'requirement', validation: { maxLength: 2000 } },
  { key: R.optional, name: 'Optional: applicants may leave it empty', dataType: 'checkbox', section: 'requirement-editor', target: 'requirement' },
  { key: R.wordLimit, name: 'Word limit', dataType: 'number', section: 'requirement-editor', target: 'requirement', validation: { minimum: 1, maximum: 10_000 }, visibleWhen: { fieldKey: R.kind, in: ['text', 'editor'] } },
  { key: R.fileKinds, name: 'Accepted files', dataType: 'select', section: 'requirement-editor', target: 'requirement', options: [{ value: 'document', label: 'Documents' }, { value: 'image', label: 'Images' }], visibleWhen: { fieldKey: R.kind, in: ['file'] } },
] as Field[]);

export const SCHOLARSHIP_EDITOR = servedForm('scholarship-editor', [
  { key: 'title', name: 'Title', dataType: 'text', section: 'scholarship-editor', target: 'scholarship', validation: { required: true } },
] as Field[]);

/** Profile fields a rule may name, as the vocabulary serves them (compiled by the shared `criterionFieldChoice`). */
const PROFILE_FIELDS: FieldDefinition[] = [
  { id: 1, key: 'gpa', name: 'GPA', dataType: 'grade', section: 'education', order: 1, target: 'profile', validation: { required: true } },
  {
    id: 2, key: 'country', name: 'Country', dataType: 'select', section: 'basic', order: 2, target: 'profile',
    options: [{ value: 'US', label: 'United States' }, { value: 'CA', label: 'Canada' }, { value: 'MX', label: 'Mexico' }],
  },
];
export const VOCABULARY = PROFILE_FIELDS.map(criterionFieldChoice);

export function scholarshipDetail(overrides: Partial<StudioScholarshipDetail> = {}): StudioScholarshipDetail {
  return {
    id: SCHOLARSHIP_ID, title: 'Future Builders Award', description: '', amounts: [], award: null, totalAmount: 0,
    recurrenceConfig: { deadline: '2027-06-30', repeat: 'none' }, status: 'draft', deadline: '2027-06-30', slug: null,
    applicationsCount: 0, draftsCount: 0, cycle: 1, previousCycleId: null, editor: { title: 'Future Builders Award' }, requirements: [], criteria: [],
    publishedAt: null, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', ...overrides,
  };
}

export function requirement(id: string, title: string, kind: Requirement['field']['dataType'], options?: Requirement['options'], optional = false): Requirement {
  return { id, title, optional, field: { key: id, name: title, dataType: kind }, ...(options ? { options } : {}) };
}

export interface StudioApi {
  requirements?: Requirement[];
  criteria?: Criterion[];
  count?: (criteria: Criterion[]) => EligibilityCount;
}

const ok = (data: unknown) => apiAnswer(200, { statusCode: 200, data });

/** One page of the applicants overview (GET /providers/scholarships/overview) holding these scholarships. */
export function overviewOf(rows: ReturnType<typeof scholarshipDetail>[], page: { total?: number; offset?: number; hiddenEmptyDrafts?: number } = {}) {
  return {
    total: page.total ?? rows.length,
    offset: page.offset ?? 0,
    limit: 20,
    hiddenEmptyDrafts: page.hiddenEmptyDrafts ?? 0,
    scholarships: rows.map(({ id, title, status, deadline, applicationsCount, draftsCount }) => ({ id, title, status, deadline, applicationsCount, draftsCount })),
  };
}

/** The studio's API as the server answers it, for one scholarship; returns the POST and PUT mocks. */
export function serveStudio(setup: StudioApi = {}) {
  const stored = setup.requirements ?? [];
  mockApi('GET').mockImplementation(async (path, init) => {
    const params = (init as { params?: { path?: Record<string, string> } } | undefined)?.params?.path ?? {};
    if (path === '/api/v1/forms/{formKey}') {
      const form = { 'requirement-editor': REQUIREMENT_EDITOR, 'scholarship-editor': SCHOLARSHIP_EDITOR }[params.formKey as string];
      return form ? ok(form) : apiAnswer(404, { description: 'No such form' });
    }
    if (path === '/api/v1/providers/scholarships/{id}') return ok(scholarshipDetail({ requirements: stored, criteria: setup.criteria ?? [] }));
    if (path === '/api/v1/providers/scholarships') return ok([scholarshipDetail()]);
    if (path === '/api/v1/providers/scholarships/overview') return ok(overviewOf([scholarshipDetail()]));
    if (path === '/api/v1/scholarship/{id}/requirement') return ok({ requirements: stored });
    if (path === '/api/v1/scholarship/{id}/criteria') return ok({ criteria: setup.criteria ?? [] });
    if (path === '/api/v1/providers/criteria-vocabulary') return ok({ fields: VOCABULARY });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const post = mockApi('POST').mockImplementation(async (path, init) => {
    const body = (init as { body?: Record<string, unknown> }).body ?? {};
    if (path === '/api/v1/scholarship/{id}/requirement/preview') {
      // The server's compile of the same drafts: same compiler, same version.
      const drafts = (body.requirements as { id?: string; answers: Record<string, unknown> }[]).map((entry) => ({
        id: entry.id,
        key: stored.find((r) => r.id === entry.id)?.field.key,
        answers: entry.answers,
      }));
      const form = compileRequirementForm(SCHOLARSHIP_ID, requirementsFromDrafts(drafts, (index) => `server-${index}`));
      return ok({ ...form, validatorUrl: `/api/v1/scholarships/${SCHOLARSHIP_ID}/form/validator.js?version=${form.version}` });
    }
    if (path === '/api/v1/providers/eligibility-count') {
      const criteria = body.criteria as Criterion[];
      return ok(setup.count?.(criteria) ?? { eligible: 0, total: 0, missing: [] });
    }
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const put = mockApi('PUT').mockImplementation(async (path, init) => {
    const body = (init as { body?: Record<string, unknown> }).body ?? {};
    if (path === '/api/v1/scholarship/{id}/requirement') {
      const entries = body.requirements as { id?: string; answers: Record<string, unknown> }[];
      const drafts = entries.map((entry) => ({ id: entry.id, key: stored.find((r) => r.id === entry.id)?.field.key, answers: entry.answers }));
      return ok({ requirements: requirementsFromDrafts(drafts, (index) => `saved-${index}`) });
    }
    if (path === '/api/v1/scholarship/{id}/criteria') return ok({ criteria: (body.criteria as Criterion[]).map((rule, index) => ({ id: `c${index}`, ...rule })) });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  return { post, put };
}
