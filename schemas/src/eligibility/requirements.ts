/**
 * What a scholarship asks of an applicant (seed 000 section 3, "Requirement"): each requirement is
 * one question of the scholarship's requirement form (compiled with the applications work).
 */
export const REQUIREMENT_KINDS = ['file', 'link', 'checkbox', 'text', 'editor'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

export interface Requirement {
  id: string;
  title: string;
  description?: string;
  /** May be left empty; required ones carry the asterisk (DESIGN.md section 7). */
  optional: boolean;
  field: { key: string; name: string; dataType: RequirementKind };
}
