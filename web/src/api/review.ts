import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ReviewStatus } from '@scholarmatch/schemas';
import { dataOf, shouldRetry } from './api-error';
import type { StoredSession } from '../session/session-store';
import { api } from './client';
import { saveDownload, type BlobAnswer } from './file-names';
import type { components, operations } from '@scholarmatch/sdk/schema';
import { startSession } from './accounts';
import { SaveError } from './profile';

/**
 * Provider review's calls (docs/review.md): applicants, one submission, blind review, the rubric
 * and points, status, winners, export, activity, messages and reviewers. Served forms arrive as
 * JSON Schema + UI schema, typed here as RJSF takes them.
 */

export { ELIGIBILITIES, REVIEW_STATUSES, type Eligibility, type ReviewStatus } from '@scholarmatch/schemas';

export const SORTS = ['-submittedAt', 'submittedAt', '-score', 'score', 'name', '-name'] as const;
export type ApplicantSort = (typeof SORTS)[number];

type Schemas = components['schemas'];

/** A row of the applicants list; `id` is the application's id (docs/review.md, "Who may call"). Personal fields are null under blind review. */
export type ApplicantRow = Schemas['ApplicantRowDto'];
export type ApplicantsList = Schemas['ApplicantsPageDto'];
export type ApplicantsQuery = NonNullable<operations['listApplicants']['parameters']['query']>;

/** A served form without a validator module: the server judges what is sent with it. */
export interface ServedForm {
  key: string;
  version: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** One submission; its `form` is the requirement form version the application is pinned to. */
export type Submission = Omit<Schemas['SubmissionDto'], 'form'> & { form: ServedForm };
export type Rubric = Omit<Schemas['RubricDto'], 'scoringForm'> & { scoringForm: ServedForm };
export type ReviewerPoints = Schemas['ReviewerPointsDto'];
export type Points = Omit<Schemas['PointsDto'], 'scoringForm'> & { scoringForm: ServedForm };
export type Decision = Schemas['DecisionDto'];
export type Winners = Schemas['WinnersDto'];
export type ActivityDay = Schemas['ActivityDayDto'];
export type Invitation = Schemas['InvitationDto'];
export type Reviewer = Schemas['ReviewerDto'];
export type ReviewerList = Schemas['ReviewersDto'];
export type InvitationInfo = Schemas['PublicInvitationDto'];

/** A write refused with field problems is a SaveError carrying them (docs/review.md: `errors` at their paths). */
function saved<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

const path = (id: string) => ({ params: { path: { id } } });
const pathOf = (id: string, applicantId: string) => ({ params: { path: { id, applicantId } } });

export const reviewKeys = {
  all: ['review'] as const,
  applicants: (id: string, query?: ApplicantsQuery) => [...reviewKeys.all, 'applicants', id, ...(query ? [query] : [])] as const,
  submission: (id: string, applicantId: string) => [...reviewKeys.all, 'submission', id, applicantId] as const,
  settings: (id: string) => [...reviewKeys.all, 'settings', id] as const,
  rubric: (id: string) => [...reviewKeys.all, 'rubric', id] as const,
  points: (id: string, applicantId: string) => [...reviewKeys.all, 'points', id, applicantId] as const,
  winners: (id: string) => [...reviewKeys.all, 'winners', id] as const,
  activity: (id: string) => [...reviewKeys.all, 'activity', id] as const,
  reviewers: () => [...reviewKeys.all, 'reviewers'] as const,
  invitation: (token: string) => [...reviewKeys.all, 'invitation', token] as const,
};

/** Leaves out empty parameters, so the server's defaults apply. */
function queryOf(query: ApplicantsQuery): ApplicantsQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as ApplicantsQuery;
}

export function applicantsQueryOptions(id: string, query: ApplicantsQuery) {
  return queryOptions({
    queryKey: reviewKeys.applicants(id, query),
    queryFn: async ({ signal }) =>
      dataOf(await api.GET('/api/v1/scholarships/{id}/applicants', { params: { path: { id }, query: queryOf(query) }, signal })),
    // A new page or filter keeps the rows in sight until its answer arrives.
    placeholderData: keepPreviousData,
    // While the server judges eligibility again (new rules, a new day), ask until the new verdicts are in.
    refetchInterval: (current) => (current.state.data?.eligibilityUpdating ? ELIGIBILITY_POLL_MS : false),
    retry: shouldRetry,
  });
}

/** How often a list whose eligibility is being judged again asks for the new verdicts. */
const ELIGIBILITY_POLL_MS = 2_000;

export function submissionQueryOptions(id: string, applicantId: string) {
  return queryOptions({
    queryKey: reviewKeys.submission(id, applicantId),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarships/{id}/applicants/{applicantId}', { ...pathOf(id, applicantId), signal })) as Submission,
    retry: shouldRetry,
  });
}

export function reviewSettingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: reviewKeys.settings(id),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarships/{id}/review-settings', { ...path(id), signal })),
    retry: shouldRetry,
  });
}

export function rubricQueryOptions(id: string) {
  return queryOptions({
    queryKey: reviewKeys.rubric(id),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarship/{id}/rank-criteria', { ...path(id), signal })) as Rubric,
    retry: shouldRetry,
  });
}

export function pointsQueryOptions(id: string, applicantId: string) {
  return queryOptions({
    queryKey: reviewKeys.points(id, applicantId),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarship/{id}/applicants/{applicantId}/points', { ...pathOf(id, applicantId), signal })) as Points,
    retry: shouldRetry,
  });
}

export function winnersQueryOptions(id: string) {
  return queryOptions({
    queryKey: reviewKeys.winners(id),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarships/{id}/winners', { ...path(id), signal })),
    retry: shouldRetry,
  });
}

export function activityQueryOptions(id: string, days = 30) {
  return queryOptions({
    queryKey: [...reviewKeys.activity(id), days] as const,
    queryFn: async ({ signal }) =>
      dataOf(await api.GET('/api/v1/scholarships/{id}/activity', { params: { path: { id }, query: { days } }, signal })).days,
    retry: shouldRetry,
  });
}

export const reviewersQueryOptions = queryOptions({
  queryKey: reviewKeys.reviewers(),
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/reviewers', { signal })),
  retry: shouldRetry,
});

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: reviewKeys.invitation(token),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/reviewer-invitations/{token}', { params: { path: { token } }, signal })),
    retry: shouldRetry,
  });
}

export async function saveReviewSettings(id: string, blindReview: boolean): Promise<{ blindReview: boolean }> {
  return saved(await api.PUT('/api/v1/scholarships/{id}/review-settings', { ...path(id), body: { blindReview } }));
}

/** Replaces the rubric: each criterion's editor answers, with its id once it has one. */
export async function saveRubric(id: string, criteria: { id?: string; answers: Record<string, unknown> }[]): Promise<Rubric> {
  return saved(await api.PUT('/api/v1/scholarship/{id}/rank-criteria', { ...path(id), body: { criteria } })) as Rubric;
}

export async function savePoints(id: string, applicantId: string, answers: Record<string, unknown>): Promise<Points> {
  return saved(await api.PUT('/api/v1/scholarship/{id}/applicants/{applicantId}/points', { ...pathOf(id, applicantId), body: { answers } })) as Points;
}

/** A status move's answer: the status now and, while the applicant's message waits, until when it can be undone. */
export type StatusMove = Schemas['StatusAnswerDto'];

/** Moves the status; the applicant's message leaves when `undo.until` passes, unless undone first (docs/review.md, "Status"). */
export async function moveStatus(id: string, applicantId: string, status: ReviewStatus): Promise<StatusMove> {
  return saved(await api.PUT('/api/v1/scholarships/{id}/applicants/{applicantId}/status', { ...pathOf(id, applicantId), body: { status } }));
}

/** Takes back the moves whose message has not left: the earlier status returns, nothing is sent. */
export async function undoStatus(id: string, applicantId: string): Promise<StatusMove> {
  return saved(await api.POST('/api/v1/scholarships/{id}/applicants/{applicantId}/status/undo', pathOf(id, applicantId)));
}

export async function chooseWinners(id: string, choice: { applicationIds: string[] } | { draw: { count: number } }): Promise<Winners> {
  return saved(await api.POST('/api/v1/scholarships/{id}/winners', { ...path(id), body: choice }));
}

export async function sendMessage(id: string, applicantIds: string[], answers: Record<string, unknown>): Promise<{ sent: number }> {
  return saved(await api.POST('/api/v1/scholarships/{id}/messages', { ...path(id), body: { applicantIds, answers } }));
}

export async function inviteReviewer(email: string): Promise<Invitation> {
  return saved(await api.POST('/api/v1/providers/reviewers', { body: { email } }));
}

/** Removes a reviewer (by user id) or withdraws an invitation (by its id). */
export async function removeReviewer(id: string): Promise<void> {
  dataOf(await api.DELETE('/api/v1/providers/reviewers/{id}', path(id)));
}

/**
 * Accepts an invitation with the served `reviewer-signup` form's answers; the session it answers
 * is stored like any sign-in.
 */
export async function acceptInvitation(token: string, answers: Record<string, unknown>): Promise<void> {
  startSession(saved(await api.POST('/api/v1/reviewer-invitations/{token}/accept', { params: { path: { token } }, body: { answers } })) as StoredSession);
}

/** Accepts an invitation with the invited address's existing reviewer account: its password, then its session. */
export async function joinInvitation(token: string, password: string): Promise<void> {
  startSession(saved(await api.POST('/api/v1/reviewer-invitations/{token}/join', { params: { path: { token } }, body: { password } })) as StoredSession);
}

/**
 * The CSV export (docs/review.md, "Export"). The route wants the bearer token, which a plain link
 * cannot send: the file is fetched with it and saved from a blob URL under the server's name.
 */
export async function downloadApplicantsCsv(id: string): Promise<string> {
  // parseAs 'blob': the answer's data is the file itself, not an envelope.
  const result = (await api.GET('/api/v1/scholarships/{id}/applicants-data/export', { ...path(id), parseAs: 'blob' })) as unknown as BlobAnswer;
  return saveDownload(result, `applicants-${id}.csv`);
}
