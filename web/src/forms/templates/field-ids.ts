import { errorId, helpId } from '@rjsf/utils';

/** The id of a field's visible label, for controls named by `aria-labelledby` (radio groups). */
export function labelId(id: string): string {
  return `${id}__label`;
}

/**
 * The ids Chakra's `Field.Root` gives its parts. `Field.Root id={id}` makes the label's `htmlFor`
 * and the control's id both `id` (RJSF's 'root_<field>'); these make the error and help texts
 * carry RJSF's ids, which `ariaDescribedByIds(id)` points every control at.
 */
export function chakraFieldIds(id: string) {
  return { label: labelId(id), errorText: errorId(id), helperText: helpId(id) };
}
