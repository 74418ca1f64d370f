import { ariaDescribedByIds } from '@rjsf/utils';
import { useLayoutEffect } from 'react';
import { takeFocus, type HandoverWidgetProps } from './handover';
import { Select } from 'chakra-react-select';
import type { FieldOption } from '@scholarmatch/schemas';
import { enumValueOf, searchableSelectProps, toFieldOptions } from './select-options';

/**
 * A long list (countries, majors): type to filter. react-select renders the options only while
 * the menu is open, so a form with many long lists stays light.
 */
export default function SearchableSelectWidget(props: HandoverWidgetProps) {
  const { id, value, options, placeholder, disabled, readonly, required, rawErrors, onChange, onBlur, onFocus, handover } = props;
  // A search typed into the stand-in (lazy-widgets.tsx) goes on here, with the focus and the caret.
  useLayoutEffect(() => takeFocus(document.getElementById(id) as HTMLInputElement | null, handover), []);
  const choices = toFieldOptions(options.enumOptions);
  const selected = choices.find((choice) => choice.value === String(value)) ?? null;

  return (
    <Select<FieldOption>
      {...searchableSelectProps}
      inputId={id}
      defaultInputValue={handover?.text}
      defaultMenuIsOpen={Boolean(handover?.text)}
      name={id}
      options={choices}
      value={selected}
      placeholder={placeholder || 'Type to search…'}
      isClearable={!required}
      disabled={disabled}
      readOnly={readonly}
      invalid={Boolean(rawErrors?.length)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(choice) => onChange(choice ? enumValueOf(options.enumOptions, choice.value) : options.emptyValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
