import { ariaDescribedByIds } from '@rjsf/utils';
import { useLayoutEffect } from 'react';
import { takeFocus, type HandoverWidgetProps } from './handover';
import { Select } from 'chakra-react-select';
import type { FieldOption } from '@scholarmatch/schemas';
import { enumValueOf, searchableSelectProps, toFieldOptions } from './select-options';

/**
 * Several choices from a list (array of enum strings). Once `maxItems` are chosen the remaining
 * options are disabled rather than letting the person pick one more and then telling them off.
 */
export default function MultiSelectWidget(props: HandoverWidgetProps) {
  const { id, value, schema, options, placeholder, disabled, readonly, rawErrors, onChange, onBlur, onFocus, handover } = props;
  // A search typed into the stand-in (lazy-widgets.tsx) goes on here, with the focus and the caret.
  useLayoutEffect(() => takeFocus(document.getElementById(id) as HTMLInputElement | null, handover), []);
  const choices = toFieldOptions(options.enumOptions);
  const selectedValues = Array.isArray(value) ? value.map(String) : [];
  const selected = choices.filter((choice) => selectedValues.includes(choice.value));
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const isFull = selected.length >= maxItems;

  return (
    <Select<FieldOption, true>
      {...searchableSelectProps}
      isMulti
      inputId={id}
      defaultInputValue={handover?.text}
      defaultMenuIsOpen={Boolean(handover?.text)}
      name={id}
      options={choices}
      value={selected}
      placeholder={placeholder || 'Choose one or more…'}
      closeMenuOnSelect={false}
      // Several picks in a row: keep the input (and a phone's keyboard) open between them.
      blurInputOnSelect={false}
      isOptionDisabled={() => isFull}
      noOptionsMessage={() => 'No more options'}
      disabled={disabled}
      readOnly={readonly}
      invalid={Boolean(rawErrors?.length)}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(chosen) => onChange(chosen.map((choice) => enumValueOf(options.enumOptions, choice.value)))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
