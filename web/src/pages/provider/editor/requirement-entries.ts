import { draftOfRequirement, type RequirementDraft } from '@scholarmatch/schemas';
import type { RequirementBody, StudioRequirement } from '../../../api/providers';

/**
 * One requirement in the builder: a stable `uid` for React and drag and drop (the stored id, or a
 * new one for an unsaved requirement), and its draft (the editor form's answers, with the stored
 * id and answer key once it has them; docs/providers.md, "Requirements").
 */
export interface RequirementEntry {
  uid: string;
  draft: RequirementDraft;
}

export function entriesOf(requirements: readonly StudioRequirement[]): RequirementEntry[] {
  return requirements.map((requirement) => ({ uid: requirement.id, draft: draftOfRequirement(requirement) }));
}

/** The entries' drafts, in order (what the shared compiler turns into requirements). */
export function draftsOf(entries: readonly RequirementEntry[]): RequirementDraft[] {
  return entries.map((entry) => entry.draft);
}

/** What PUT (and the preview) take for one requirement: its editor answers, with its id once it has one. */
export function bodyOf({ draft }: RequirementEntry): RequirementBody {
  return draft.id ? { id: draft.id, answers: draft.answers } : { answers: draft.answers };
}
