import type { FieldOption } from '@scholarmatch/schemas';
import type { EnumOptionsType } from '@rjsf/utils';

/** Above this many choices a drop-down becomes searchable and renders its options only when opened. */
export const LONG_LIST_THRESHOLD = 15;

/**
 * RJSF's enum options as react-select options. Served select fields have string values; other
 * values are keyed by their text so one option type serves every list.
 */
export function toFieldOptions(enumOptions: EnumOptionsType[] | undefined): FieldOption[] {
  return (enumOptions ?? []).map((option) => ({ value: String(option.value), label: option.label }));
}

/** The enum value behind a react-select option (the original value, not its text). */
export function enumValueOf(enumOptions: EnumOptionsType[] | undefined, optionValue: string): unknown {
  return enumOptions?.find((option) => String(option.value) === optionValue)?.value ?? optionValue;
}

/** Shared look of every searchable drop-down. */
export const searchableSelectProps = {
  size: 'md',
  selectedOptionStyle: 'check',
  menuPlacement: 'auto',
  tagColorPalette: 'brand',
  focusRingColor: 'brand.focusRing',
} as const;
