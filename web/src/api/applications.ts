import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ApiError, dataOf, shouldRetry } from './api-error';
import type { FormDefinition } from './forms';
import { pendingClient, type PendingOperation } from './pending-routes';
import { SaveError } from './profile';
import { dashboardSummaryQueryOptions, scholarshipKeys, type ApplicationStatus } from './scholarships';

// Replace with components['schemas'][…] once the server's OpenAPI has it (docs/applications.md).
export interface ApplicantField {
  key: string;
  fieldValue?: unknown;
  field: { key: string; name: string; dataType: string };
}

// Replace with components['schemas'][…] once the server's OpenAPI has it.
export interface ApplicantDetails {
  /** null: not applied yet. */
  status: ApplicationStatus | null;
  formVersion: string | null;
  applicantFields: ApplicantField[];
  /** A submission kept as a Draft: the required answers still missing. */
  errors?: { path: string; message: string }[];
}

/** One requirement's answer as the server takes it; null means unanswered. */
export interface RequirementAnswer {
  key: string;
  fieldValue: unknown;
}

// Replace with components['schemas'][…] once the server's OpenAPI has it.
export interface ApplicationSubmission {
  scholarshipId: string;
  status: ApplicationStatus;
  formVersion?: string;
  requirements: RequirementAnswer[];
}

// Replace with components['schemas'][…] once the server's OpenAPI has it.
export interface BulkApplication {
  scholarshipId: string[];
  requirements?: { cv: string };
}

type ServedForm = { key: string; version: string; schema: Record<string, unknown>; uiSchema: Record<string, unknown> };

// Replace with the generated paths once the server's OpenAPI has them.
interface ApplicationPaths {
  '/api/v1/scholarships/{id}/form': { get: PendingOperation<ServedForm, { id: string }> };
  '/api/v1/scholarships/{id}/applicants/get-applicant-details': { get: PendingOperation<ApplicantDetails, { id: string }> };
  '/api/v1/scholarships/submit-individual-scholarship': { post: PendingOperation<ApplicantDetails, never, ApplicationSubmission> };
  '/api/v1/scholarships/submit-scholarships': { post: PendingOperation<{ applied: string[] }, never, BulkApplication> };
}

const client = pendingClient<ApplicationPaths>();

/** The seed's success text for Easy Apply and bulk apply (seed 000 section 8). */
export const APPLIED_TEXT = 'Scholarship applied successfully!';

/** Under the scholarships' keys, so signing in or out drops them with the rest of the person's data. */
export const applicationKeys = {
  form: (scholarshipId: string) => [...scholarshipKeys.all, 'requirement-form', scholarshipId] as const,
  details: (scholarshipId: string) => [...scholarshipKeys.all, 'application', scholarshipId] as const,
};

async function fetchRequirementForm(id: string, signal: AbortSignal): Promise<FormDefinition> {
  const { key, version, schema, uiSchema } = dataOf(await client.GET('/api/v1/scholarships/{id}/form', { params: { path: { id } }, signal }));
  return { key, version, schema: schema as RJSFSchema, uiSchema: uiSchema as UiSchema };
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
  return dataOf(
    await client.GET('/api/v1/scholarships/{id}/applicants/get-applicant-details', { params: { path: { id } }, signal }),
  );
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
  return Object.fromEntries(details.applicantFields.map((answer) => [answer.key ?? answer.field.key, answer.fieldValue]));
}

/**
 * Saves a draft or submits (POST submit-individual-scholarship). A refusal with field problems
 * (400 INVALID_ANSWERS) is a SaveError carrying them for the form.
 */
export async function submitApplication(submission: ApplicationSubmission): Promise<ApplicantDetails> {
  const { data, error, response } = await client.POST('/api/v1/scholarships/submit-individual-scholarship', { body: submission });
  if (!data) throw new SaveError(error, response.status);
  return data.data;
}

/** Easy Apply (one id, no requirements) and bulk apply with a CV (POST submit-scholarships). */
export async function applyToScholarships(application: BulkApplication): Promise<string[]> {
  const { data, error, response } = await client.POST('/api/v1/scholarships/submit-scholarships', { body: application });
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
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: scholarshipKeys.all,
      predicate: (query) => !KEPT_BY_THE_PAGE.has(String(query.queryKey[scholarshipKeys.all.length])),
    }),
    queryClient.invalidateQueries({ queryKey: dashboardSummaryQueryOptions.queryKey }),
  ]);
}
