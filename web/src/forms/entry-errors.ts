import type { RJSFValidationError } from '@rjsf/utils';
import type { FormDefinition } from '../api/forms';
import type { FieldError } from './answer-errors';
import { transformErrors } from './transform-errors';

export type { FieldError };

/**
 * A 400's errors for a list the server judged entry by entry (`requirements.{n}.{field}`,
 * `criteria.{n}.{field}`; docs/providers.md): each under its entry's `uid` with the path inside
 * the entry, and the ones that name no entry apart.
 */
export function errorsByEntry(
  errors: readonly FieldError[],
  list: string,
  entries: readonly { uid: string }[],
): { byUid: Record<string, FieldError[]>; general: FieldError[] } {
  const byUid: Record<string, FieldError[]> = {};
  const general: FieldError[] = [];
  const pattern = new RegExp(`^${list}\\.(\\d+)(?:\\.(.*))?$`);
  for (const error of errors) {
    const match = pattern.exec(error.path);
    const entry = match ? entries[Number(match[1])] : undefined;
    if (entry) (byUid[entry.uid] ??= []).push({ path: match?.[2] ?? '', message: error.message });
    else general.push(error);
  }
  return { byUid, general };
}

/** The problems a served form's own validator finds in one entry's answers, as dot paths. */
export function problemsOf(form: FormDefinition, answers: Record<string, unknown>): FieldError[] {
  const { errors } = form.validator.validateFormData(answers, form.schema, undefined, (found: RJSFValidationError[]) => transformErrors(found));
  return errors.map((error) => ({ path: (error.property ?? '').replace(/^\./, ''), message: error.message ?? '' }));
}
