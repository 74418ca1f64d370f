import { compileRequirementForm } from '@scholarmatch/schemas';
import type { ApplicantDetails, ApplicationSubmission, BulkApplication } from '../../src/api/applications';
import type { Requirement, ScholarshipDetail } from '../../src/api/scholarships';
import { apiAnswer, mockApi, scholarshipDetail } from '../scholarships/fixtures';

/** Two requirements: a required text answer and an optional link. */
export const REQUIREMENTS: Requirement[] = [
  { id: 'r1', title: 'Why this scholarship', description: 'A few sentences.', optional: false, field: { key: 'whyField', name: 'Why', dataType: 'text' } },
  { id: 'r2', title: 'Portfolio', optional: true, field: { key: 'portfolio', name: 'Portfolio', dataType: 'link' } },
];

type Answer = { status: number; body: unknown };
type PostHandler = (body: unknown) => Answer | undefined;

const NO_APPLICATION: ApplicantDetails = { status: null, formVersion: null, applicantFields: [] };

/** The envelope of a success. */
export const ok = (data: unknown, message?: string): Answer => ({ status: 200, body: { statusCode: 200, message, data } });

/** The server's answer to a saved application: the status and the given answers. */
export function savedApplication(submission: ApplicationSubmission): ApplicantDetails {
  return {
    status: submission.status,
    formVersion: submission.formVersion ?? null,
    applicantFields: submission.requirements
      .flatMap(({ key, fieldValue }) => (fieldValue === null || fieldValue === undefined ? [] : [{ key, fieldValue, field: { key, name: key, dataType: 'text' as const } }])),
  };
}

interface FakeSetup {
  detail?: Partial<ScholarshipDetail>;
  application?: ApplicantDetails;
  /** The answer to POST submit-individual-scholarship; by default the application is saved as sent. */
  submit?: PostHandler;
  /** The answer to POST submit-scholarships; by default every id is applied. */
  applyMany?: PostHandler;
}

/**
 * The API of a scholarship's details page: the details, the requirement form compiled by the real
 * compiler (what the server serves), the applicant's application, and the two submission calls.
 */
export function serveApplicationApi(setup: FakeSetup = {}) {
  const detail = scholarshipDetail({ requirements: REQUIREMENTS, ...setup.detail });
  const form = compileRequirementForm(detail.id, detail.requirements as never);
  let application = setup.application ?? NO_APPLICATION;

  const get = mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/scholarships/{id}') return apiAnswer(200, { statusCode: 200, data: detail });
    if (path === '/api/v1/scholarships/{id}/form') return apiAnswer(200, { statusCode: 200, data: form });
    if (path === '/api/v1/scholarships/{id}/applicants/get-applicant-details') return apiAnswer(200, { statusCode: 200, data: application });
    if (path === '/api/v1/register-applicants/form-fields') return apiAnswer(200, { statusCode: 200, data: [] });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const post = mockApi('POST').mockImplementation(async (path, init) => {
    const body = (init as { body: unknown }).body;
    if (path === '/api/v1/scholarships/submit-individual-scholarship') {
      const answer = setup.submit?.(body);
      if (answer) return apiAnswer(answer.status, answer.body);
      application = savedApplication(body as ApplicationSubmission);
      return apiAnswer(200, { statusCode: 200, data: application });
    }
    if (path === '/api/v1/scholarships/submit-scholarships') {
      const answer = setup.applyMany?.(body);
      if (answer) return apiAnswer(answer.status, answer.body);
      return apiAnswer(200, { statusCode: 200, message: 'Scholarship applied successfully!', data: { applied: (body as BulkApplication).scholarshipId } });
    }
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  return { detail, form, get, post };
}

/** The bodies sent to `path`. */
export function bodiesSentTo(post: ReturnType<typeof mockApi>, path: string): unknown[] {
  return post.mock.calls.filter(([calledPath]) => calledPath === path).map(([, init]) => (init as { body: unknown }).body);
}
