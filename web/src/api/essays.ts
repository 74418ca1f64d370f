import { dataOf } from './api-error';
import { api } from './client';
import type { components } from '@scholarmatch/sdk/schema';

/** What the assistant writes, and for which scholarship (absent: a general essay). */
export type EssayRequest = components['schemas']['EssayRequestDto'];
/** 'essay': a draft answer from the scholarship's title and description; 'outline': a plan from the applicant's profile. */
export type EssayKind = EssayRequest['kind'];
/**
 * Sanitised HTML (headings, paragraphs, lists); `source` 'offline': the AI assistant was unavailable
 * and the built-in generator put it together from the scholarship and the profile.
 */
export type EssayDraft = components['schemas']['EssayDto'];

/** Asks the writing assistant for a draft essay or an outline (originally get-essay; docs/applications.md). */
export async function fetchEssayDraft(request: EssayRequest, signal?: AbortSignal): Promise<EssayDraft> {
  return dataOf(await api.POST('/api/v1/register-applicants/get-essay', { body: request, signal }));
}
