import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { Select } from 'chakra-react-select';
import type { FieldOption } from '@scholarmatch/schemas';
import { enumValueOf, searchableSelectProps, toFieldOptions } from './select-options';

/**
 * A long list (countries, majors): type to filter. react-select renders the options only while
 * the menu is open, so a form with many long lists stays light.
 */
export default function SearchableSelectWidget(props: WidgetProps) {
  const { id, value, options, placeholder, disabled, readonly, required, rawErrors, onChange, onBlur, onFocus } = props;
  const choices = toFieldOptions(options.enumOptions);
  const selected = choices.find((choice) => choice.value === String(value)) ?? null;

  return (
    <Select<FieldOption>
      {...searchableSelectProps}
      inputId={id}
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
