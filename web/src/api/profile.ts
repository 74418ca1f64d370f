import { MESSAGES } from '@scholarmatch/schemas';
import { queryOptions } from '@tanstack/react-query';
import type { components } from '@scholarmatch/sdk/schema';
import { ApiError, dataOf, failureText, shouldRetry } from './api-error';
import { api } from './client';
import { saveUser, type StoredUser } from '../session/session-store';

export type Applicant = components['schemas']['ApplicantDto'];
type ProfileFormKey = NonNullable<components['schemas']['UpdateApplicantDto']['formKey']>;
type FieldDefinition = components['schemas']['FieldDefinitionDto'];
/** An answer as the API types it; the form's schema (checked on both sides) decides its real shape. */
type FieldValue = components['schemas']['ApplicantFieldInputDto']['fieldValue'];

/**
 * The applicant's own properties of the API contract (UserDto): a form's answer under one of these
 * keys goes to the top level of the PUT body, every other answer into `applicantFields`.
 */
const ACCOUNT_PROPERTIES = ['firstName', 'lastName', 'email', 'phone', 'dob'] as const;

async function fetchProfile(signal: AbortSignal): Promise<Applicant> {
  return dataOf(await api.GET('/api/v1/register-applicants/profile', { signal }));
}

export const profileQueryOptions = queryOptions({
  queryKey: ['register-applicants', 'profile'],
  queryFn: ({ signal }) => fetchProfile(signal),
  // The route prefetches it; without a little freshness the page would fetch it again on mount.
  staleTime: 30_000,
  retry: shouldRetry,
});

async function fetchFieldDefinitions(signal: AbortSignal): Promise<FieldDefinition[]> {
  return dataOf(await api.GET('/api/v1/register-applicants/form-fields', { signal }));
}

/** The profile fields' ids by key: how a form's answers become the original `applicantFields`. */
export const fieldDefinitionsQueryOptions = queryOptions({
  queryKey: ['register-applicants', 'form-fields'],
  queryFn: ({ signal }) => fetchFieldDefinitions(signal),
  staleTime: 60_000,
  retry: shouldRetry,
});

/** The stored answers as a form's data: account properties and answers by field key. */
export function answersOf(applicant: Applicant): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const key of ACCOUNT_PROPERTIES) if (applicant[key]) answers[key] = applicant[key];
  for (const entry of applicant.applicantFields) answers[entry.field.key] = entry.fieldValue;
  return answers;
}

/** A failed save: the sentence for the banner and (ApiError's `fieldErrors`) the errors to show under the fields. */
export class SaveError extends ApiError {
  constructor(body: unknown, status: number) {
    super(body, status);
    this.name = 'SaveError';
  }
}

/**
 * A hand form's problems from a failed save: the server's field errors by their first path part,
 * or, when it named no field, the failure's sentence under `form`.
 */
export function problemsOf(error: unknown): Record<string, string> {
  const fields = error instanceof SaveError ? error.fieldErrors : [];
  return fields.length ? Object.fromEntries(fields.map((field) => [field.path.split('.')[0] || 'form', field.message])) : { form: failureText(error) };
}

/**
 * The original banner 'Please enter valid dob in Basic tab ' when the server refused the date of
 * birth (a 400 whose `errors` name the path `dob`: a value that is no date string, or none where
 * the form needs one); otherwise the server's description. Decided on the error's path, never on
 * the server's wording.
 */
export function saveFailureText(error: unknown): string {
  if (error instanceof SaveError && error.fieldErrors.some((problem) => problem.path === 'dob')) return MESSAGES.dobBanner;
  return failureText(error);
}

/**
 * Saves one form's answers (PUT register-applicants/{id}) in the original shape, and replaces the
 * stored user info with the returned applicant.
 */
export async function saveProfile(
  user: StoredUser,
  formKey: ProfileFormKey,
  answers: Record<string, unknown>,
  fields: FieldDefinition[],
): Promise<Applicant> {
  const idsByKey = new Map(fields.map((field) => [field.key, field.id]));
  const account = Object.fromEntries(ACCOUNT_PROPERTIES.filter((key) => key in answers).map((key) => [key, answers[key]]));
  const applicantFields = Object.entries(answers)
    .filter(([key]) => idsByKey.has(key))
    .map(([key, fieldValue]) => ({ fieldId: idsByKey.get(key)!, fieldValue: fieldValue as FieldValue }));
  const { data, error, response } = await api.PUT('/api/v1/register-applicants/{id}', {
    params: { path: { id: user.id } },
    body: { formKey, applicantType: user.applicantType ?? 'STUDENT', ...account, applicantFields },
  });
  if (!data) throw new SaveError(error, response.status);
  const { applicantFields: _answers, ...applicant } = data.data.applicant;
  saveUser(applicant);
  return data.data.applicant;
}
