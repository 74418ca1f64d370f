import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Requirement } from '@scholarmatch/schemas';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { withValidator, type FormDefinition } from './forms';
import type { components, operations } from '@scholarmatch/sdk/schema';
import { SaveError } from './profile';

/**
 * The provider studio's calls (docs/providers.md). Shapes follow that contract; every call goes
 * through the typed client, so the session's token and renewal apply as everywhere.
 */

type Schemas = components['schemas'];

export type ScholarshipStatus = Schemas['ProviderScholarshipDto']['status'];

/** Answers of a served form, keyed by field key. */
export type Answers = Record<string, unknown>;

/**
 * One of the provider's scholarships (`GET /providers/scholarships`, `/providers/scholarships/{id}`;
 * docs/providers.md, "Scholarships"): status, deadline, slug, counts, the editor form's answers
 * (`editor`), its requirements and criteria.
 */
export type StudioScholarship = Schemas['ProviderScholarshipDto'];
export type StudioScholarshipDetail = StudioScholarship;

/** A stored requirement (docs/providers.md, "Requirements"): the shared package's shape. */
export type StudioRequirement = Requirement;

/** One eligibility rule as stored (docs/providers.md, "Eligibility"). */
export type Criterion = Schemas['EligibilityRuleDto'];

/** An operator a rule on a profile field may use, with its value form (null: the operator takes no value). */
export interface VocabularyOperator {
  operator: string;
  label: string;
  value: { schema: RJSFSchema; uiSchema: UiSchema } | null;
}

/** A profile field a rule may name (`GET /providers/criteria-vocabulary`). */
export interface VocabularyField {
  key: string;
  name: string;
  dataType: string;
  operators: VocabularyOperator[];
}

/** `POST /providers/eligibility-count`. */
export type EligibilityCount = Schemas['EligibilityCountDto'];

/** `GET /users/organisation`. */
export type Organisation = Schemas['OrganisationDto'];

/** The public page of a published scholarship (`GET /scholarships/slug/{slug}`). */
export type PublicScholarship = Schemas['PublicScholarshipDto'];

/** One requirement as PUT and the preview take it: the editor form's answers, and the stored id once it has one. */
export type RequirementBody = Schemas['RequirementDraftDto'];

export const studioKeys = {
  all: ['studio'] as const,
  scholarships: () => [...studioKeys.all, 'scholarships'] as const,
  scholarship: (id: string) => [...studioKeys.all, 'scholarship', id] as const,
  requirements: (id: string) => [...studioKeys.all, 'requirements', id] as const,
  criteria: (id: string) => [...studioKeys.all, 'criteria', id] as const,
  vocabulary: () => [...studioKeys.all, 'vocabulary'] as const,
  organisation: () => [...studioKeys.all, 'organisation'] as const,
  overview: (query: OverviewQuery) => [...studioKeys.all, 'overview', query] as const,
};

/** The applicants overview's parameters (docs/review.md, "Overview"): all optional, the server judges them. */
export type OverviewQuery = NonNullable<operations['getApplicantsOverview']['parameters']['query']>;
export type ScholarshipOverview = Schemas['ScholarshipOverviewDto'];


type Result<T> = { data?: { data: T }; error?: unknown; response: Response };

/** A save refused with field problems (400 with `errors`) is a SaveError carrying them; anything else an ApiError. */
function saved<T>(result: Result<T>): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

export const studioScholarshipsQueryOptions = queryOptions({
  queryKey: studioKeys.scholarships(),
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/scholarships', { signal })),
  retry: shouldRetry,
});

/** One page of the provider's scholarships with their application counts, searched and filtered by the server. */
export function overviewQueryOptions(query: OverviewQuery) {
  return queryOptions({
    queryKey: studioKeys.overview(query),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/scholarships/overview', { params: { query }, signal })),
    retry: shouldRetry,
    // The route's loader asks first; the page mounting a moment later uses that answer.
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

export function studioScholarshipQueryOptions(id: string) {
  return queryOptions({
    queryKey: studioKeys.scholarship(id),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/scholarships/{id}', { params: { path: { id } }, signal })),
    retry: shouldRetry,
  });
}

export function requirementsQueryOptions(id: string) {
  return queryOptions({
    queryKey: studioKeys.requirements(id),
    queryFn: async ({ signal }) =>
      dataOf(await api.GET('/api/v1/scholarship/{id}/requirement', { params: { path: { id } }, signal })).requirements as StudioRequirement[],
    retry: shouldRetry,
  });
}

export function criteriaQueryOptions(id: string) {
  return queryOptions({
    queryKey: studioKeys.criteria(id),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarship/{id}/criteria', { params: { path: { id } }, signal })).criteria,
    retry: shouldRetry,
  });
}

export const criteriaVocabularyQueryOptions = queryOptions({
  queryKey: studioKeys.vocabulary(),
  // The value forms are served JSON Schema + UI schema, rendered as they come.
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/criteria-vocabulary', { signal })).fields as VocabularyField[],
  // The profile fields change only when an administrator edits them.
  staleTime: 5 * 60_000,
  retry: shouldRetry,
});

export const organisationQueryOptions = queryOptions({
  queryKey: studioKeys.organisation(),
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/users/organisation', { signal })),
  retry: shouldRetry,
});

export function publicScholarshipQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['public-scholarship', slug] as const,
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarships/slug/{slug}', { params: { path: { slug } }, signal })),
    retry: shouldRetry,
  });
}

/** A new draft from the editor's answers (only the title is needed to start). */
export async function createScholarship(editor: Answers): Promise<StudioScholarshipDetail> {
  return saved(await api.POST('/api/v1/scholarships', { body: { answers: editor } }));
}

/** A draft save of the editor's answers: what is given must be valid, nothing else is required. */
export async function saveScholarship(id: string, editor: Answers): Promise<StudioScholarshipDetail> {
  return saved(await api.PUT('/api/v1/scholarships/{id}', { params: { path: { id } }, body: { answers: editor } }));
}

export async function publishScholarship(id: string): Promise<StudioScholarshipDetail> {
  return saved(await api.POST('/api/v1/providers/scholarships/{id}/publish', { params: { path: { id } } }));
}

export async function closeScholarship(id: string): Promise<StudioScholarshipDetail> {
  return saved(await api.POST('/api/v1/providers/scholarships/{id}/close', { params: { path: { id } } }));
}

/** Replaces the requirement list, in the order given (reordering is a save). */
export async function saveRequirements(id: string, requirements: RequirementBody[]): Promise<StudioRequirement[]> {
  return saved(await api.PUT('/api/v1/scholarship/{id}/requirement', { params: { path: { id } }, body: { requirements } })).requirements as StudioRequirement[];
}

/** The requirement form the server compiles from unsaved requirements, with its validator imported. */
export async function previewRequirementForm(id: string, requirements: RequirementBody[], signal?: AbortSignal): Promise<FormDefinition> {
  return withValidator(dataOf(await api.POST('/api/v1/scholarship/{id}/requirement/preview', { params: { path: { id } }, body: { requirements }, signal })));
}

/** Replaces the criteria list. */
export async function saveCriteria(id: string, criteria: Criterion[]): Promise<Criterion[]> {
  return saved(await api.PUT('/api/v1/scholarship/{id}/criteria', { params: { path: { id } }, body: { criteria } })).criteria;
}

export async function countEligible(criteria: Criterion[], signal?: AbortSignal): Promise<EligibilityCount> {
  return dataOf(await api.POST('/api/v1/providers/eligibility-count', { body: { criteria }, signal }));
}

export async function saveOrganisation(answers: Answers): Promise<Organisation> {
  return saved(await api.PUT('/api/v1/users/organisation', { body: { answers } }));
}
