import { GRADE_RANGES, gradeToGpa } from '../domain/grade.js';
import type { FieldType, FieldValidation, GradeValue } from '../vocabulary.js';

/**
 * What each field type does to a saved answer, in one table (docs/adding-a-field-type.md). The
 * compiler table (compiler/field-compilers.ts) says how a type is asked and validated; this one
 * says what happens to the answer afterwards, wherever it is saved (profile tabs, sign-up,
 * requirement forms) and how eligibility rules compare it. No other code branches on a type.
 */

/** The eligibility operators (docs/matching.md). */
export const CRITERION_OPERATORS = ['eq', 'neq', 'in', 'nin', 'gte', 'lte', 'between', 'ageBetween', 'exists'] as const;
export type CriterionOperator = (typeof CRITERION_OPERATORS)[number];

/**
 * How an answer is compared by eligibility rules: as an option (text equality), a list of options,
 * a number, a text that sorts as a date, or not at all (only whether it is answered).
 */
export type Comparable = 'option' | 'options' | 'number' | 'text' | 'none';

/** Where in an answer a person's HTML sits, so it can be sanitised before it is stored. */
export interface RichTextSlot {
  read(value: unknown): string | undefined;
  write(value: unknown, html: string): unknown;
}

/** An upload address inside an answer, with the sub-path an error about it is shown under. */
export interface UploadReference {
  /** '' for the answer itself, else the member's dot path ('url'). */
  subPath: string;
  url: string;
}

/**
 * The SQL twin of an entry's TypeScript rules, as fragments over `a` (the stored answer, jsonb).
 * server/src/database/definitions/eligibility.ts composes them into `eligibility_answer_facts`,
 * so the SQL evaluator reads an answer as this table does (docs/matching.md, "One home for the
 * database's functions").
 */
export interface AnswerPolicySql {
  /** A condition that narrows "answered" beyond SQL_HAS_CONTENT: the twin of `answered`. */
  answered?: string;
  /** The jsonb a rule compares, NULL when the answer has none: the twin of `comparableAnswer`. */
  comparableAnswer?: string;
}

export interface AnswerPolicy {
  /**
   * Whether a value says something. Default: not absent or null, not blank text, not an empty
   * list or object (recursively); `false` is an answer ('No').
   */
  answered?(value: unknown): boolean;
  /** A value the server recomputes instead of trusting the client (the grade's 4-point GPA). */
  derive?(value: unknown): unknown;
  /** HTML written by a person, sanitised before it is stored. */
  richText?: RichTextSlot;
  /** Upload addresses in the answer: each must be one of the person's own uploads. */
  uploads?(value: unknown): UploadReference[];
  /** Several entries of the field in one payload (the original client sends one entry per chosen option). Default: the last wins. */
  merge?(previous: unknown, next: unknown): unknown;
  /** How eligibility rules compare it, and the operators that make sense for it. */
  eligibility: {
    comparable: Comparable;
    operators: readonly CriterionOperator[];
    /** The value a rule compares (a grade by its GPA); undefined when the answer has none. Default: the answer. */
    comparableAnswer?(value: unknown): unknown;
    /**
     * The builder's field for a rule's value when the type fixes it (a grade's rules ask a 4-point
     * GPA), with its label. Default: a field like the answer's own (eligibility/criterion-values.ts).
     */
    ruleValue?: { dataType: FieldType; name: string; validation: FieldValidation };
    /** The type one value of a rule is asked with, when not the answer's own (one option of a multi-select). */
    singleValueType?: FieldType;
  };
  /** The same rules in SQL, where the type has its own. Default: SQL_HAS_CONTENT, the answer itself. */
  sql?: AnswerPolicySql;
}

/** The default meaning of "answered", shared by every type that does not say otherwise. */
function hasContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.some(hasContent);
  if (value && typeof value === 'object') return Object.values(value).some(hasContent);
  return false;
}

/**
 * hasContent as the SQL evaluator reads `a`: absent, JSON null, `[]`, `{}` or blank text say
 * nothing. Nested blanks (`['']`, `{ text: ' ' }`) are never stored: the answer intake drops
 * them (answeredOnly).
 */
export const SQL_HAS_CONTENT = String.raw`NOT (a IS NULL OR a = 'null'::jsonb OR a = '[]'::jsonb OR a = '{}'::jsonb
                     OR (jsonb_typeof(a) = 'string' AND (a #>> '{}') !~ '\S'))`;

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : hasContent(value) ? [value] : []);

const OPTION = { comparable: 'option', operators: ['eq', 'neq', 'in', 'nin', 'exists'] } as const;
const ANSWERED_ONLY = { comparable: 'none', operators: ['exists'] } as const;

/** The answer is HTML itself (an `editor` field). */
const WHOLE_HTML: RichTextSlot = {
  read: (value) => (typeof value === 'string' ? value : undefined),
  write: (_value, html) => html,
};

/** An essay is `{ text }` (HTML) or `{ url }` (an uploaded document). */
const ESSAY_TEXT: RichTextSlot = {
  read: (value) => {
    const text = asObject(value)?.text;
    return typeof text === 'string' ? text : undefined;
  },
  write: (value, html) => ({ ...asObject(value), text: html }),
};

function uploadAt(subPath: string, url: unknown): UploadReference[] {
  return typeof url === 'string' ? [{ subPath, url }] : [];
}

/** One entry per data type: a new type adds one entry (the test beside this file fails until it does). */
export const ANSWER_POLICIES: Record<FieldType, AnswerPolicy> = {
  text: { eligibility: ANSWERED_ONLY },
  textarea: { eligibility: ANSWERED_ONLY },
  editor: { richText: WHOLE_HTML, eligibility: ANSWERED_ONLY },
  essay: { richText: ESSAY_TEXT, uploads: (value) => uploadAt('url', asObject(value)?.url), eligibility: ANSWERED_ONLY },
  file: { uploads: (value) => uploadAt('', value), eligibility: ANSWERED_ONLY },
  link: { eligibility: ANSWERED_ONLY },
  email: { eligibility: ANSWERED_ONLY },
  phone: { eligibility: ANSWERED_ONLY },
  number: { eligibility: { comparable: 'number', operators: ['eq', 'neq', 'gte', 'lte', 'between', 'exists'] } },
  select: { eligibility: OPTION },
  searchSelect: { eligibility: OPTION },
  zip: { eligibility: OPTION },
  multiSelect: {
    merge: (previous, next) => [...listOf(previous), ...listOf(next)],
    eligibility: { comparable: 'options', operators: ['in', 'nin', 'exists'], singleValueType: 'select' },
  },
  // Dates compare as text ('YYYY-MM-DD' and 'YYYY-MM' sort as dates); a date of birth also by age.
  date: { eligibility: { comparable: 'text', operators: ['gte', 'lte', 'between', 'ageBetween', 'exists'] } },
  monthYear: { eligibility: { comparable: 'text', operators: ['gte', 'lte', 'between', 'exists'] } },
  // An unticked box says nothing (it is how the box starts): only a tick is an answer, and the
  // only rule a box supports is "ticked".
  checkbox: { answered: (value) => value === true, eligibility: ANSWERED_ONLY, sql: { answered: `a = 'true'::jsonb` } },
  // A yes/no question: 'No' (false) is an answer like 'Yes'. In SQL the answer's text is already
  // 'true' or 'false', so it needs no fragment of its own.
  boolean: {
    eligibility: { comparable: 'option', operators: ['eq', 'exists'], comparableAnswer: (value) => (typeof value === 'boolean' ? String(value) : value) },
  },
  // The 4-point GPA is always recomputed from the marking system and grade, and rules compare it.
  grade: {
    derive: (value) => {
      const grade = asObject(value);
      if (!grade) return value;
      const { gpa: _ignored, ...rest } = grade as Partial<GradeValue>;
      const gpa = gradeToGpa(rest.markingSystem, rest.grade);
      return gpa === undefined ? rest : { ...rest, gpa };
    },
    eligibility: {
      comparable: 'number',
      operators: ['gte', 'lte', 'between', 'exists'],
      ruleValue: {
        dataType: 'number',
        name: 'GPA (4-point scale)',
        validation: { required: true, minimum: GRADE_RANGES.GPA.min, maximum: GRADE_RANGES.GPA.max },
      },
      comparableAnswer: (value) => {
        const gpa = asObject(value)?.gpa;
        return typeof gpa === 'number' ? gpa : undefined;
      },
    },
    sql: { comparableAnswer: `CASE WHEN jsonb_typeof(a->'gpa') = 'number' THEN a->'gpa' END` },
  },
};

/** The one meaning of "answered" (drafts, profile saves, the application stepper, eligibility). */
export function isAnswered(dataType: FieldType, value: unknown): boolean {
  return (ANSWER_POLICIES[dataType].answered ?? hasContent)(value);
}

/** Two entries of one field in one payload, combined as the type says (the last wins by default). */
export function mergeRepeatedAnswer(dataType: FieldType, previous: unknown, next: unknown): unknown {
  const merge = ANSWER_POLICIES[dataType].merge;
  return merge && previous !== undefined ? merge(previous, next) : next;
}

/** The upload addresses of an answer, with their error paths ('cv', 'essay.url'). */
export function uploadsOfAnswer(field: { key: string; dataType: FieldType }, value: unknown): { path: string; url: string }[] {
  return (ANSWER_POLICIES[field.dataType].uploads?.(value) ?? []).map(({ subPath, url }) => ({
    path: subPath ? `${field.key}.${subPath}` : field.key,
    url,
  }));
}
