import { NativeSelect } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { LazyMultiSelectWidget, LazySearchableSelectWidget } from './lazy-widgets';
import { enumValueOf, LONG_LIST_THRESHOLD, toFieldOptions } from './select-options';

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

/** The `select` widget: native for short lists, searchable for long ones, multiple for arrays. */
export default function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <LazyMultiSelectWidget {...props} />;
  const optionCount = props.options.enumOptions?.length ?? 0;
  return optionCount > LONG_LIST_THRESHOLD ? <LazySearchableSelectWidget {...props} /> : <NativeSelectWidget {...props} />;
}
