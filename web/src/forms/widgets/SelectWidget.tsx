import { NativeSelect } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { Select } from 'chakra-react-select';
import type { FieldOption } from '@scholarmatch/schemas';
import type { ChangeEvent } from 'react';
import MultiSelectWidget from './MultiSelectWidget';
import { enumValueOf, LONG_LIST_THRESHOLD, searchableSelectProps, toFieldOptions } from './select-options';

/** A short list: the browser's own drop-down, light and accessible. */
function NativeSelectWidget(props: WidgetProps) {
  const { id, htmlName, value, options, placeholder, disabled, readonly, onChange, onBlur, onFocus } = props;
  const choices = toFieldOptions(options.enumOptions);
  const toValue = (text: string) => (text === '' ? options.emptyValue : enumValueOf(options.enumOptions, text));

  return (
    <NativeSelect.Root disabled={disabled || readonly}>
      <NativeSelect.Field
        id={id}
        name={htmlName || id}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(toValue(event.target.value))}
        onBlur={(event) => onBlur(id, toValue(event.target.value))}
        onFocus={(event) => onFocus(id, toValue(event.target.value))}
        aria-describedby={ariaDescribedByIds(id)}
      >
        <option value="">{placeholder || 'Select…'}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A long list (countries, majors): type to filter. react-select renders the options only while
 * the menu is open, so a form with many long lists stays light.
 */
function SearchableSelectWidget(props: WidgetProps) {
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

/** The `select` widget: native for short lists, searchable for long ones, multiple for arrays. */
export default function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <MultiSelectWidget {...props} />;
  const optionCount = props.options.enumOptions?.length ?? 0;
  return optionCount > LONG_LIST_THRESHOLD ? <SearchableSelectWidget {...props} /> : <NativeSelectWidget {...props} />;
}
