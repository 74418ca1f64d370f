import type { ScholarshipEntity } from './scholarship.entity.js';

/**
 * The scholarship editor is the served form `scholarship-editor` (docs/providers.md). Its system
 * fields map to the scholarship's columns here, and only here; answers of fields an admin adds to
 * that form are kept in `details`.
 */
export const SCHOLARSHIP_EDITOR_FORM = 'scholarship-editor';

const KEYS = {
  title: 'title',
  awardAmount: 'awardAmount',
  awardCount: 'awardCount',
  deadline: 'deadline',
  description: 'description',
  recurrence: 'recurrence',
  slug: 'slug',
} as const;

const SYSTEM_KEYS = new Set<string>(Object.values(KEYS));

type Answers = Record<string, unknown>;

/** The amount of one award and how many there are: equal awards, or one award of the whole. */
function awardsOf(row: Pick<ScholarshipEntity, 'amounts' | 'award'>): { amount?: number; count?: number } {
  if (row.amounts.length) {
    const equal = row.amounts.every((amount) => amount === row.amounts[0]);
    // Unequal amounts (set through the JSON API) read as one award of their sum.
    return equal ? { amount: row.amounts[0], count: row.amounts.length } : { amount: row.amounts.reduce((a, b) => a + b, 0), count: 1 };
  }
  return row.award ? { amount: row.award, count: 1 } : {};
}

/** The editor form's answers of a stored scholarship. */
export function editorAnswersOf(row: ScholarshipEntity): Answers {
  const { amount, count } = awardsOf(row);
  const answers: Answers = { ...row.details, [KEYS.title]: row.title, [KEYS.recurrence]: row.recurrenceConfig.repeat ?? 'none' };
  if (amount !== undefined) answers[KEYS.awardAmount] = amount;
  if (count !== undefined) answers[KEYS.awardCount] = count;
  if (row.deadline) answers[KEYS.deadline] = row.deadline;
  if (row.description) answers[KEYS.description] = row.description;
  if (row.slug) answers[KEYS.slug] = row.slug;
  return answers;
}

/**
 * Writes the editor's answers (already kept and validated by the served form: HTML sanitised,
 * non-answers dropped) onto the row. The form is the whole editor, so what it leaves out is
 * cleared, except the title a row cannot lose.
 */
export function applyEditorAnswers(row: ScholarshipEntity, answers: Answers): void {
  const title = answers[KEYS.title];
  if (typeof title === 'string' && title.trim()) row.title = title.trim();
  const amount = answers[KEYS.awardAmount];
  const count = answers[KEYS.awardCount];
  const before = awardsOf(row);
  // Unchanged awards keep their stored amounts (unequal ones set through the JSON API included).
  if (amount !== before.amount || count !== before.count) {
    row.amounts = typeof amount === 'number' ? Array.from({ length: typeof count === 'number' ? count : 1 }, () => amount) : [];
    row.award = null;
  }
  const deadline = typeof answers[KEYS.deadline] === 'string' ? (answers[KEYS.deadline] as string) : null;
  const repeat = answers[KEYS.recurrence] === 'yearly' ? 'yearly' : 'none';
  row.deadline = deadline;
  row.recurrenceConfig = { repeat, ...(deadline ? { deadline } : {}) };
  row.description = typeof answers[KEYS.description] === 'string' ? (answers[KEYS.description] as string) : '';
  row.slug = typeof answers[KEYS.slug] === 'string' ? (answers[KEYS.slug] as string) : null;
  row.details = Object.fromEntries(Object.entries(answers).filter(([key]) => !SYSTEM_KEYS.has(key)));
}

/** 'First-Gen STEM Award 2027!' -> 'first-gen-stem-award-2027': a slug made from a title. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/g, '');
  return slug || 'scholarship';
}
