import { useCallback, useRef, useState } from 'react';
import { toPath, type RJSFValidationError } from '@rjsf/utils';

/** RJSF's id scheme: the form's id prefix ('root') + the property path joined with '_' ('.gpa.grade' -> 'root_gpa_grade'). */
function fieldIdOf(property: string | undefined, idPrefix: string): string {
  return [idPrefix, ...toPath(property ?? '')].join('_');
}

/** A field and the parts inside it share an id prefix: touching 'root_gpa_grade' touches 'root_gpa'. */
function isRelated(errorFieldId: string, touchedId: string): boolean {
  return (
    errorFieldId === touchedId ||
    errorFieldId.startsWith(`${touchedId}_`) ||
    touchedId.startsWith(`${errorFieldId}_`)
  );
}

/**
 * When errors appear. Before the first submit, a field shows its errors once the person has
 * changed or left it, checked when they leave it (cheap, and nobody is told off about fields they
 * have not reached yet). From the first submit on, every error shows and is re-checked as they
 * type, so a message disappears the moment it is fixed.
 *
 * The state lives in refs because RJSF calls `visibleErrors` from inside its own validation,
 * which may run before React re-renders this component.
 */
export function useErrorVisibility(idPrefix = 'root') {
  const touchedIds = useRef(new Set<string>());
  const submittedRef = useRef(false);
  const [submitted, setSubmitted] = useState(false);

  const markTouched = useCallback((id: string | undefined) => {
    if (id) touchedIds.current.add(id);
  }, []);

  const markSubmitted = useCallback(() => {
    submittedRef.current = true;
    setSubmitted(true);
  }, []);

  const visibleErrors = useCallback((errors: RJSFValidationError[]): RJSFValidationError[] => {
    if (submittedRef.current) return errors;
    const touched = [...touchedIds.current];
    return errors.filter((error) => {
      const errorFieldId = fieldIdOf(error.property, idPrefix);
      return touched.some((id) => isRelated(errorFieldId, id));
    });
  }, [idPrefix]);

  return {
    liveValidate: submitted ? ('onChange' as const) : ('onBlur' as const),
    markTouched,
    markSubmitted,
    visibleErrors,
  };
}
