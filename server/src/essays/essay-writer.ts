export const ESSAY_KINDS = ['essay', 'outline'] as const;
export type EssayKind = (typeof ESSAY_KINDS)[number];

export type EssaySource = 'ai' | 'offline';

/** What an essay is written from: facts the server looked up, never text the browser composed. */
export interface EssayRequest {
  kind: EssayKind;
  applicant: { firstName: string; lastName: string; school?: string; fieldOfStudy?: string };
  /** The scholarship the essay is for; its description as plain text. */
  scholarship?: { title: string; description: string };
  /** The applicant's own extra instruction, appended to the prompt. */
  instructions?: string;
}

/**
 * Writes an essay or an outline as HTML (which the caller still sanitises). A port (docs/architecture.md): an OpenAI-compatible endpoint when LLM_BASE_URL is set, otherwise the offline
 * generator. Services depend on this class only.
 */
export abstract class EssayWriter {
  /** Shown to the applicant, so an offline draft is never mistaken for the assistant's. */
  abstract readonly source: EssaySource;

  /** Human description of who writes the essays, for the start-up log. */
  abstract readonly destination: string;

  /** Rejects on any failure, or as soon as `signal` aborts. */
  abstract write(request: EssayRequest, signal: AbortSignal): Promise<string>;
}
