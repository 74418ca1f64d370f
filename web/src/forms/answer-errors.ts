/** A field the server refused: its path and the sentence to show under it. */
export type FieldError = { path: string; message: string };

/** The server judges a served form's answers at `answers.{field}`; the form shows them at `{field}`. */
export function answerErrors(errors: FieldError[]): FieldError[] {
  return errors.filter((error) => error.path.startsWith('answers.')).map((error) => ({ ...error, path: error.path.slice('answers.'.length) }));
}

/** For a server that names a field at `answers.{field}` or at `{field}` alike: every error, at `{field}`. */
export function unprefixedAnswerErrors(errors: FieldError[]): FieldError[] {
  return errors.map((error) => ({ ...error, path: error.path.replace(/^answers\./, '') }));
}
