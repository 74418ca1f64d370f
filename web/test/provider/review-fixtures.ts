import { type Mock, vi } from 'vitest';
import { compileRequirementForm, compileScoringForm, type FieldDefinition, type RankCriterion } from '@scholarmatch/schemas';
import type { ApplicantRow, ApplicantsList, Points, Submission, Winners } from '../../src/api/review';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { overviewOf, requirement, SCHOLARSHIP_ID, scholarshipDetail, servedForm } from './studio-fixtures';

type Field = Omit<FieldDefinition, 'id' | 'order'>;

export { SCHOLARSHIP_ID };

export function row(n: number, overrides: Partial<ApplicantRow> = {}): ApplicantRow {
  return {
    id: `00000000-0000-4000-8000-0000000000a${n}`,
    reference: `3F9A12B${n}`,
    status: 'Received',
    submittedAt: `2026-11-2${n}T10:00:00.000Z`,
    eligibility: 'eligible',
    averageScore: n === 1 ? 72.5 : null,
    reviewCount: n === 1 ? 2 : 0,
    myScore: null,
    name: `Student ${n}`,
    email: `student${n}@example.com`,
    phone: null,
    school: 'Hillcrest High',
    ...overrides,
  };
}

/** Two rows as the server sends them, blind (no personal fields) or not. */
export function applicantsList(blindReview = false, eligibilityUpdating = false): ApplicantsList {
  const rows = [row(1), row(2)].map((r) => (blindReview ? { ...r, name: null, email: null, phone: null, school: null } : r));
  return { total: 2, offset: 0, limit: 20, blindReview, eligibilityUpdating, applicants: rows };
}

export const CRITERIA: RankCriterion[] = [
  { id: 'c1', name: 'Essay quality', weight: 3, maxPoints: 10 },
  { id: 'c2', name: 'Need', weight: 1, maxPoints: 5 },
];

const { key, version, schema, uiSchema } = compileScoringForm(SCHOLARSHIP_ID, CRITERIA);
export const SCORING_FORM = { key, version, schema, uiSchema };

export function points(overrides: Partial<Points> = {}): Points {
  return {
    scoringForm: SCORING_FORM as Points['scoringForm'],
    mine: null,
    reviewers: [{ reviewerId: 'r9', name: 'Ada Lovelace', points: { c1: 8, c2: 3 }, total: 72.5, updatedAt: '2026-11-24T10:00:00.000Z' }],
    average: 72.5,
    reviewCount: 1,
    ...overrides,
  };
}

export function submission(blindReview = false): Submission {
  const form = compileRequirementForm(SCHOLARSHIP_ID, [requirement('motivation', 'Why you', 'text')]);
  const { firstName, lastName, email } = { firstName: 'Student', lastName: 'One', email: 'student1@example.com' };
  return {
    ...row(1),
    blindReview,
    applicant: blindReview ? null : { firstName, lastName, email, phone: null, school: 'Hillcrest High' },
    form: { key: form.key, version: form.version, schema: form.schema, uiSchema: form.uiSchema } as Submission['form'],
    answers: { [Object.keys(form.schema.properties ?? {})[0]]: 'Because I build bridges.' },
  };
}

export const MESSAGE_FORM = servedForm('provider-message', [
  { key: 'subject', name: 'Subject', dataType: 'text', section: 'message', target: 'message', validation: { required: true, maxLength: 200 } },
  { key: 'body', name: 'Message', dataType: 'textarea', section: 'message', target: 'message', validation: { required: true } },
] as Field[]);

export const REVIEWER_SIGNUP = servedForm('reviewer-signup', [
  { key: 'firstName', name: 'First name', dataType: 'text', section: 'reviewer-signup', target: 'account', validation: { required: true } },
  { key: 'lastName', name: 'Last name', dataType: 'text', section: 'reviewer-signup', target: 'account', validation: { required: true } },
] as Field[]);

export const DRAWN: Winners = {
  winners: [{ ...row(2), status: 'Winner' }],
  decisions: [
    { id: 'd1', method: 'draw', seed: 'ab'.repeat(32), count: 1, candidateIds: [row(1).id, row(2).id], winnerIds: [row(2).id], decidedAt: '2026-11-25T10:00:00.000Z' },
  ],
};

const ok = (data: unknown) => apiAnswer(200, { statusCode: 200, data });

export interface ReviewApi {
  blindReview?: boolean;
  winners?: Winners;
  /** How many of the first list answers say the eligibility is being judged again. */
  eligibilityUpdatingAnswers?: number;
}

/** The review API as the server answers it, for one scholarship; returns the mocks. */
export function serveReview(setup: ReviewApi = {}) {
  const blind = setup.blindReview ?? false;
  let updatingAnswers = setup.eligibilityUpdatingAnswers ?? 0;
  const get = mockApi('GET').mockImplementation(async (path, init) => {
    const params = (init as { params?: { path?: Record<string, string> } } | undefined)?.params?.path ?? {};
    const forms: Record<string, unknown> = { 'provider-message': MESSAGE_FORM, 'reviewer-signup': REVIEWER_SIGNUP };
    if (path === '/api/v1/forms/{formKey}') return forms[params.formKey] ? ok(forms[params.formKey]) : apiAnswer(404, { description: 'No such form' });
    if (path === '/api/v1/providers/scholarships') return ok([scholarshipDetail({ status: 'published', applicationsCount: 2 })]);
    if (path === '/api/v1/providers/scholarships/overview') return ok(overviewOf([scholarshipDetail({ status: 'published', applicationsCount: 2 })]));
    if (path === '/api/v1/scholarships/{id}/applicants') return ok(applicantsList(blind, updatingAnswers-- > 0));
    if (path === '/api/v1/scholarships/{id}/review-settings') return ok({ blindReview: blind });
    if (path === '/api/v1/scholarships/{id}/activity') return ok({ days: [{ date: '2026-11-23', count: 0 }, { date: '2026-11-24', count: 2 }] });
    if (path === '/api/v1/scholarships/{id}/winners') return ok(setup.winners ?? { winners: [], decisions: [] });
    if (path === '/api/v1/scholarships/{id}/applicants/{applicantId}') return ok(submission(blind));
    if (path === '/api/v1/scholarship/{id}/applicants/{applicantId}/points') return ok(points());
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const post = mockApi('POST').mockResolvedValue(apiAnswer(404, { description: 'not mocked' }));
  const put = mockApi('PUT').mockResolvedValue(apiAnswer(404, { description: 'not mocked' }));
  return { get, post, put };
}

/** The query a GET of the applicants list was made with, last call first. */
export function listQueries(get: Mock<(path: string, init?: unknown) => Promise<unknown>>): Record<string, unknown>[] {
  return get.mock.calls
    .filter(([path]) => path === '/api/v1/scholarships/{id}/applicants')
    .map(([, init]) => (init as { params: { query: Record<string, unknown> } }).params.query)
    .reverse();
}

