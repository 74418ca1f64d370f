import { pruneHiddenValues } from '../compiler/prune.js';
import type { FieldDefinition } from '../vocabulary.js';
import { ANSWER_POLICIES, isAnswered, mergeRepeatedAnswer, uploadsOfAnswer } from './answer-policy.js';

/**
 * A form's answers through the per-type policy (answer-policy.ts): what the server keeps,
 * recomputes and checks, the same for profile tabs, sign-up and requirement forms.
 */

type Answers = Record<string, unknown>;

function byKey(fields: readonly FieldDefinition[]): Map<string, FieldDefinition> {
  return new Map(fields.map((field) => [field.key, field]));
}

/**
 * The answers as the server judges and stores them: only visible fields of the form, with derived
 * values recomputed. Validation runs on the result, so what is stored is what was checked.
 */
export function prepareAnswers(fields: readonly FieldDefinition[], data: Answers): Answers {
  const kept = pruneHiddenValues(fields, data);
  for (const field of fields) {
    const derive = ANSWER_POLICIES[field.dataType].derive;
    if (derive && field.key in kept) kept[field.key] = derive(kept[field.key]);
  }
  return kept;
}

/**
 * The answers actually given (isAnswered): a blank text, an unticked box or an empty essay is no
 * answer, so it is not stored and a draft may hold it without tripping the checks that only say
 * "answer this". A key no field names is judged by the default rule.
 */
export function answeredOnly(fields: readonly FieldDefinition[], answers: Answers): Answers {
  const fieldOf = byKey(fields);
  return Object.fromEntries(
    Object.entries(answers).filter(([key, value]) => isAnswered(fieldOf.get(key)?.dataType ?? 'text', value)),
  );
}

/** Entries `{ key, value }` as one answers object, repeated entries of a field combined as its type says. */
export function collectEntries(fields: readonly FieldDefinition[], entries: readonly { key: string; value: unknown }[]): Answers {
  const fieldOf = byKey(fields);
  const answers: Answers = {};
  for (const { key, value } of entries) {
    const field = fieldOf.get(key);
    answers[key] = field ? mergeRepeatedAnswer(field.dataType, answers[key], value) : value;
  }
  return answers;
}

/** Every upload address in the answers, by the path its error is shown under. */
export function uploadsInAnswers(fields: readonly Pick<FieldDefinition, 'key' | 'dataType'>[], answers: Answers): { path: string; url: string }[] {
  return fields.flatMap((field) => (field.key in answers ? uploadsOfAnswer(field, answers[field.key]) : []));
}
