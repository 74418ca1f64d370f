import type { UploadPurpose } from '../domain/uploads.js';
import { REQUIREMENT_KINDS, requirementOptionsOf, type Requirement, type RequirementKind } from './requirements.js';

/**
 * The requirement builder edits each requirement through the served form `requirement-editor`
 * (docs/providers.md). These are the keys of its system fields and how their answers become a
 * requirement; answers of fields an admin adds to that form are kept in `extra`. Shared by the
 * server (which stores the result) and the browser (whose live preview compiles the same
 * requirements), so both make the same requirement, answer key and form version.
 */
export const REQUIREMENT_EDITOR_KEYS = {
  title: 'requirementTitle',
  kind: 'requirementKind',
  description: 'requirementDescription',
  optional: 'requirementOptional',
  wordLimit: 'wordLimit',
  fileKinds: 'fileKinds',
} as const;

const SYSTEM_KEYS = new Set<string>(Object.values(REQUIREMENT_EDITOR_KEYS));

/** 'Personal essay' -> 'personalEssay': a requirement's answer key when the provider gives none. */
export function requirementKeyFromTitle(title: string): string {
  const words = title.normalize('NFKD').replace(/[^A-Za-z0-9 ]/g, ' ').trim().split(/\s+/).filter(Boolean);
  const key = words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join('');
  return /^[A-Za-z]/.test(key) ? key.slice(0, 64) : `requirement${key}`.slice(0, 64);
}

/** A builder entry: the requirement's stable id and key (once it has them) and its editor answers. */
export interface RequirementDraft {
  id?: string;
  key?: string;
  answers: Record<string, unknown>;
}

function kindOf(value: unknown): RequirementKind {
  return (REQUIREMENT_KINDS as readonly unknown[]).includes(value) ? (value as RequirementKind) : 'text';
}

/**
 * The requirements of a builder's entries, in order. An entry keeps its key once it has one (an
 * answer key never moves under applicants' drafts); a new one gets a key from its title, made
 * unique within the form. `newId` names entries that have no id yet.
 */
export function requirementsFromDrafts(drafts: readonly RequirementDraft[], newId: (index: number) => string): Requirement[] {
  const used = new Set(drafts.map((draft) => draft.key).filter((key): key is string => !!key));
  return drafts.map((draft, index) => {
    const answers = draft.answers;
    const title = String(answers[REQUIREMENT_EDITOR_KEYS.title] ?? '').trim();
    const kind = kindOf(answers[REQUIREMENT_EDITOR_KEYS.kind]);
    let key = draft.key;
    if (!key) {
      const base = requirementKeyFromTitle(title || `requirement ${index + 1}`);
      key = base;
      // The number is kept whole even when the base fills the key's 64 characters.
      for (let n = 2; used.has(key); n++) key = `${base.slice(0, 64 - String(n).length)}${n}`;
      used.add(key);
    }
    const description = answers[REQUIREMENT_EDITOR_KEYS.description];
    const wordLimit = answers[REQUIREMENT_EDITOR_KEYS.wordLimit];
    const fileKinds = answers[REQUIREMENT_EDITOR_KEYS.fileKinds];
    const options = requirementOptionsOf(kind, {
      wordLimit: typeof wordLimit === 'number' ? wordLimit : undefined,
      fileKinds: fileKinds === 'image' || fileKinds === 'document' ? (fileKinds as UploadPurpose) : undefined,
    });
    const extra = Object.fromEntries(Object.entries(answers).filter(([name]) => !SYSTEM_KEYS.has(name)));
    return {
      id: draft.id ?? newId(index),
      title,
      ...(typeof description === 'string' && description.trim() ? { description: description.trim() } : {}),
      optional: answers[REQUIREMENT_EDITOR_KEYS.optional] === true,
      field: { key, name: title, dataType: kind },
      ...(options ? { options } : {}),
      ...(Object.keys(extra).length ? { extra } : {}),
    };
  });
}

/** The builder entry of a stored requirement (the inverse of requirementsFromDrafts). */
export function draftOfRequirement(requirement: Requirement): RequirementDraft {
  const answers: Record<string, unknown> = {
    ...(requirement.extra ?? {}),
    [REQUIREMENT_EDITOR_KEYS.title]: requirement.title,
    [REQUIREMENT_EDITOR_KEYS.kind]: requirement.field.dataType,
    [REQUIREMENT_EDITOR_KEYS.optional]: requirement.optional,
  };
  if (requirement.description) answers[REQUIREMENT_EDITOR_KEYS.description] = requirement.description;
  if (requirement.options?.wordLimit !== undefined) answers[REQUIREMENT_EDITOR_KEYS.wordLimit] = requirement.options.wordLimit;
  if (requirement.options?.fileKinds !== undefined) answers[REQUIREMENT_EDITOR_KEYS.fileKinds] = requirement.options.fileKinds;
  return { id: requirement.id, key: requirement.field.key, answers };
}
