import type { UploadPurpose } from '../domain/uploads.js';

/**
 * What a scholarship asks of an applicant (as in the original product): each requirement is
 * one question of the scholarship's requirement form (compiled with the applications work).
 */
export const REQUIREMENT_KINDS = ['file', 'link', 'checkbox', 'text', 'editor'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

/** How the requirement builder names each kind (docs/providers.md). */
export const REQUIREMENT_KIND_LABELS: Record<RequirementKind, string> = {
  file: 'File upload',
  link: 'Link',
  checkbox: 'Checkbox',
  text: 'Short answer',
  editor: 'Essay',
};

/** The options a provider may set per kind: which kinds take a word limit, which take file kinds. */
export const REQUIREMENT_KIND_OPTIONS: Record<RequirementKind, readonly (keyof RequirementOptions)[]> = {
  file: ['fileKinds'],
  link: [],
  checkbox: [],
  text: ['wordLimit'],
  editor: ['wordLimit'],
};

export interface RequirementOptions {
  /** text and essay: at most this many words. */
  wordLimit?: number;
  /** file: documents (PDF, DOC, DOCX; the default) or images (JPG, PNG). */
  fileKinds?: UploadPurpose;
}

export interface Requirement {
  id: string;
  title: string;
  description?: string;
  /** May be left empty; required ones carry the asterisk (docs/decisions.md). */
  optional: boolean;
  field: { key: string; name: string; dataType: RequirementKind };
  options?: RequirementOptions;
  /** Answers of fields an admin added to the requirement editor form (kept, not compiled). */
  extra?: Record<string, unknown>;
}

/** Only the options the kind takes, with their values: what is stored and compiled. */
export function requirementOptionsOf(kind: RequirementKind, options: RequirementOptions | undefined): RequirementOptions | undefined {
  const kept = Object.fromEntries(
    REQUIREMENT_KIND_OPTIONS[kind].filter((name) => options?.[name] !== undefined && options?.[name] !== null).map((name) => [name, options![name]]),
  ) as RequirementOptions;
  return Object.keys(kept).length ? kept : undefined;
}
