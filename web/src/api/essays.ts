import type { Client } from 'openapi-fetch';
import { dataOf, type ApiErrorBody } from './api-error';
import { api } from './client';

/** 'essay': a draft answer from the scholarship's title and description; 'outline': a plan from the applicant's profile. */
export type EssayKind = 'essay' | 'outline';

// Replace with components['schemas'][…] once the server's OpenAPI has it.
export interface EssayRequest {
  kind: EssayKind;
  scholarshipId?: string;
}

// Replace with components['schemas'][…] once the server's OpenAPI has it.
export interface EssayDraft {
  /** Sanitised HTML (h2/h3, paragraphs, lists). */
  content: string;
  /** 'offline': the AI assistant was unavailable and the draft was put together from the scholarship and the profile. */
  source: 'ai' | 'offline';
}

// Replace with paths['/api/v1/register-applicants/get-essay'] once the server's OpenAPI has it.
interface EssayPaths {
  '/api/v1/register-applicants/get-essay': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': EssayRequest } };
      responses: {
        201: { headers: Record<string, unknown>; content: { 'application/json': { data: EssayDraft } } };
        default: { headers: Record<string, unknown>; content: { 'application/json': ApiErrorBody } };
      };
    };
  };
}

const essays = api as unknown as Client<EssayPaths>;

/** Asks the writing assistant for a draft essay or an outline (seed 000 section 7, get-essay). */
export async function fetchEssayDraft(request: EssayRequest, signal?: AbortSignal): Promise<EssayDraft> {
  return dataOf(await essays.POST('/api/v1/register-applicants/get-essay', { body: request, signal }));
}
