import { compileForm, type CompiledForm } from '../compiler/compile-form.js';
import type { FieldDefinition } from '../vocabulary.js';

/**
 * The rubric of a scholarship's review (docs/review.md, "Rank criteria"): weighted criteria,
 * edited through the served form `rank-criterion-editor`, and the scoring form a reviewer fills,
 * compiled from them. Shared by the server (which stores and judges) and the browser.
 */
/** The most criteria a rubric holds (the server refuses more; the builder stops offering more). */
export const MAX_RANK_CRITERIA = 20;

export interface RankCriterion {
  id: string;
  name: string;
  description?: string;
  /** Relative importance, a whole number 1..100. */
  weight: number;
  /** The most points a reviewer may give, a whole number 1..100. */
  maxPoints: number;
  /** Answers of fields an admin added to the rank-criterion-editor form. */
  extra?: Record<string, unknown>;
}

/** The keys of the rank-criterion-editor form's system fields. */
export const RANK_CRITERION_EDITOR_KEYS = {
  name: 'criterionName',
  description: 'criterionDescription',
  weight: 'criterionWeight',
  maxPoints: 'criterionMaxPoints',
} as const;

const SYSTEM_KEYS = new Set<string>(Object.values(RANK_CRITERION_EDITOR_KEYS));

/** A builder entry: the stored criterion's id (once it has one) and its editor answers. */
export interface RankCriterionDraft {
  id?: string;
  answers: Record<string, unknown>;
}

function wholeNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/** The criteria of a builder's entries, in order; `newId` names entries without an id. */
export function rankCriteriaFromDrafts(drafts: readonly RankCriterionDraft[], newId: (index: number) => string): RankCriterion[] {
  const K = RANK_CRITERION_EDITOR_KEYS;
  return drafts.map((draft, index) => {
    const answers = draft.answers;
    const description = answers[K.description];
    const extra = Object.fromEntries(Object.entries(answers).filter(([key]) => !SYSTEM_KEYS.has(key)));
    return {
      id: draft.id ?? newId(index),
      name: String(answers[K.name] ?? '').trim(),
      ...(typeof description === 'string' && description.trim() ? { description: description.trim() } : {}),
      weight: wholeNumber(answers[K.weight], 1),
      maxPoints: wholeNumber(answers[K.maxPoints], 10),
      ...(Object.keys(extra).length ? { extra } : {}),
    };
  });
}

/** The builder entry of a stored criterion (the inverse of rankCriteriaFromDrafts). */
export function draftOfRankCriterion(criterion: RankCriterion): RankCriterionDraft {
  const K = RANK_CRITERION_EDITOR_KEYS;
  const answers: Record<string, unknown> = {
    ...(criterion.extra ?? {}),
    [K.name]: criterion.name,
    [K.weight]: criterion.weight,
    [K.maxPoints]: criterion.maxPoints,
  };
  if (criterion.description) answers[K.description] = criterion.description;
  return { id: criterion.id, answers };
}

/** The form key of a scholarship's scoring form. */
export function scoringFormKey(scholarshipId: string): string {
  return `scoring-${scholarshipId}`;
}

/** One criterion as a required whole number 0..maxPoints, keyed by the criterion's id. */
function scoringField(criterion: RankCriterion, order: number): FieldDefinition {
  return {
    id: order,
    key: criterion.id,
    name: `${criterion.name} (weight ${criterion.weight}, 0–${criterion.maxPoints})`,
    dataType: 'number',
    validation: { required: true, wholeNumber: true, minimum: 0, maximum: criterion.maxPoints },
    ...(criterion.description ? { ui: { help: criterion.description } } : {}),
    section: 'scoring',
    order,
    target: 'application',
  };
}

/** The points form a reviewer fills: one number per criterion, in rubric order. Versioned by content. */
export function compileScoringForm(scholarshipId: string, criteria: readonly RankCriterion[]): CompiledForm {
  return compileForm({ key: scoringFormKey(scholarshipId), title: 'Points', sections: ['scoring'] }, criteria.map(scoringField));
}

/** The scoring form's field definitions, for validating a reviewer's answers. */
export function scoringFields(criteria: readonly RankCriterion[]): FieldDefinition[] {
  return criteria.map(scoringField);
}

/**
 * One reviewer's weighted total, 0..100 with two decimals (docs/review.md, "Points"):
 * Σ weight × min(points, maxPoints) / maxPoints ÷ Σ weight × 100; an unscored criterion counts 0.
 */
export function weightedTotal(criteria: readonly RankCriterion[], points: Readonly<Record<string, number>>): number {
  const weights = criteria.reduce((sum, c) => sum + c.weight, 0);
  if (weights === 0) return 0;
  const earned = criteria.reduce((sum, c) => sum + (c.weight * Math.min(points[c.id] ?? 0, c.maxPoints)) / c.maxPoints, 0);
  return Math.round((earned / weights) * 10_000) / 100;
}
