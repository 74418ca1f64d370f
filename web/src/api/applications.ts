import { MESSAGES } from '@scholarmatch/schemas';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ApiError, dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { withValidator, type FormDefinition } from './forms';
import { SaveError } from './profile';
import type { components } from '@scholarmatch/sdk/schema';
import { scholarshipKeys } from './scholarships';
import { embedReferralFor } from '../session/embed-referral';

type Schemas = components['schemas'];

/** One requirement's answer in an application: its key, the answer (absent: unanswered) and the requirement's field. */
export type ApplicantField = Schemas['ApplicationFieldDto'];

/**
 * The applicant's application: status (null: not applied yet), the pinned form version, the
 * answers, and after a submission kept as a Draft the required answers missing.
 */
export type ApplicantDetails = Schemas['ApplicantDetailsDto'];

/** One requirement's answer as the server takes it; null means unanswered. */
export type RequirementAnswer = Schemas['RequirementAnswerDto'];

/** Save draft or submit. */
export type ApplicationSubmission = Schemas['SubmitApplicationDto'];

/** Easy Apply (ids alone) or bulk apply with a CV's publicUrl (SubmitScholarshipsDto). */
export type BulkApplication = Schemas['SubmitScholarshipsDto'];

/** The original success text for Easy Apply and bulk apply (as in the original product). */
export const APPLIED_TEXT = MESSAGES.scholarshipApplied;

/** One application in the tracker: where it stands, its status events oldest first, its essays and messages (docs/applications.md). */
export type TrackedApplication = Schemas['TrackedApplicationDto'];

/** One step of an application's history: 'Draft', 'Submitted', or a review status. */
export type StatusEvent = TrackedApplication['events'][number];

/** Which applications the tracker lists: all, or only drafts asking for an essay (the upload page's chooser). */
export type TrackerFilter = 'all' | 'essay-drafts';

/** Applications a page of the tracker asks for. */
export const TRACKER_PAGE_SIZE = 20;

/** Under the scholarships' keys, so signing in or out drops them with the rest of the person's data. */
export const applicationKeys = {
  form: (scholarshipId: string) => [...scholarshipKeys.all, 'requirement-form', scholarshipId] as const,
  details: (scholarshipId: string) => [...scholarshipKeys.all, 'application', scholarshipId] as const,
  tracker: (filter: TrackerFilter) => [...scholarshipKeys.all, 'tracker', filter] as const,
};

async function fetchTrackerPage(filter: TrackerFilter, offset: number, signal: AbortSignal) {
  const { data, error, response } = await api.GET('/api/v1/scholarships/me/applications', {
    params: { query: { ...(filter === 'essay-drafts' && { status: 'Draft' as const, essay: true }), offset, limit: TRACKER_PAGE_SIZE } },
    signal,
  });
  if (!data) throw new ApiError(error, response.status);
  return { applications: data.data, total: data.meta.total };
}

/**
 * The applicant's applications with their status history, latest change first, 20 at a time.
 * Asked again on each visit: the provider moves statuses meanwhile.
 */
export function trackerQueryOptions(filter: TrackerFilter) {
  return infiniteQueryOptions({
    queryKey: applicationKeys.tracker(filter),
    queryFn: ({ pageParam, signal }) => fetchTrackerPage(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.applications.length, 0);
      return last.applications.length > 0 && loaded < last.total ? loaded : undefined;
    },
    staleTime: 0,
    retry: shouldRetry,
  });
}

async function fetchRequirementForm(id: string, signal: AbortSignal): Promise<FormDefinition> {
  return withValidator(dataOf(await api.GET('/api/v1/scholarships/{id}/form', { params: { path: { id } }, signal })));
}

/** The scholarship's requirement form, in the version the applicant's application is pinned to. */
export function requirementFormQueryOptions(scholarshipId: string) {
  return queryOptions({
    queryKey: applicationKeys.form(scholarshipId),
    queryFn: ({ signal }) => fetchRequirementForm(scholarshipId, signal),
    // The pinned version only changes when an application starts, which this page does itself.
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  });
}

async function fetchApplicantDetails(id: string, signal: AbortSignal): Promise<ApplicantDetails> {
  return dataOf(await api.GET('/api/v1/scholarships/{id}/applicants/get-applicant-details', { params: { path: { id } }, signal }));
}

/** The applicant's own application to a scholarship: its status and answers (none yet: status null). */
export function applicantDetailsQueryOptions(scholarshipId: string) {
  return queryOptions({
    queryKey: applicationKeys.details(scholarshipId),
    queryFn: ({ signal }) => fetchApplicantDetails(scholarshipId, signal),
    staleTime: 0,
    retry: shouldRetry,
  });
}

/** The answers as the form holds them: an object keyed by each requirement's key. */
export function answersOf(details: ApplicantDetails): Record<string, unknown> {
  return Object.fromEntries(details.applicantFields.map((answer) => [answer.key, answer.fieldValue]));
}

/**
 * Saves a draft or submits (POST submit-individual-scholarship), with the embedded card's referral
 * when the student came through one (session/embed-referral.ts). A refusal with field problems
 * (400 INVALID_ANSWERS) is a SaveError carrying them for the form.
 */
export async function submitApplication(submission: ApplicationSubmission): Promise<ApplicantDetails> {
  const referral = submission.referral ?? embedReferralFor(submission.scholarshipId);
  const body = referral ? { ...submission, referral } : submission;
  const { data, error, response } = await api.POST('/api/v1/scholarships/submit-individual-scholarship', { body });
  if (!data) throw new SaveError(error, response.status);
  return data.data;
}

/** Easy Apply (one id, no requirements) and bulk apply with a CV (POST submit-scholarships), naming those the student came to through a sponsor's card. */
export async function applyToScholarships(application: BulkApplication): Promise<string[]> {
  const embedReferrals = application.scholarshipId.filter((id) => embedReferralFor(id));
  const body = embedReferrals.length ? { ...application, embedReferrals } : application;
  const { data, error, response } = await api.POST('/api/v1/scholarships/submit-scholarships', { body });
  if (!data) throw new ApiError(error, response.status);
  return data.data.applied;
}

/** The queries this page keeps itself (it stores the answer of each save): not fetched again after one. */
const KEPT_BY_THE_PAGE = new Set(['requirement-form', 'application']);

/**
 * An application changed: the lists, My Scholarships, the details' badge and the dashboard tiles
 * show it, so they are fetched again (those on screen at once, the others when next shown).
 */
export async function refreshAfterApplying(queryClient: QueryClient): Promise<void> {
  // The dashboard summary is among the scholarships' keys.
  await queryClient.invalidateQueries({
    queryKey: scholarshipKeys.all,
    predicate: (query) => !KEPT_BY_THE_PAGE.has(String(query.queryKey[scholarshipKeys.all.length])),
  });
}
