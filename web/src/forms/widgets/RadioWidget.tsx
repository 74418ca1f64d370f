import { HStack, RadioGroup } from '@chakra-ui/react';
import {
  ariaDescribedByIds,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  type WidgetProps,
} from '@rjsf/utils';
import { labelId } from '../templates/field-ids';

/**
 * One choice as radio buttons. Options are keyed by index so boolean and number values (Yes/No
 * questions) work like strings. The group is named by the field's caption (`aria-labelledby`).
 */
export default function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, options, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { enumOptions = [], emptyValue } = options;
  const selectedIndex = enumOptionsIndexForValue(value, enumOptions) as string | undefined;
  const valueAt = (index: string) => enumOptionsValueForIndex(index, enumOptions, emptyValue);

  return (
    <RadioGroup.Root
      id={id}
      name={htmlName || id}
      value={selectedIndex ?? null}
      disabled={disabled}
      readOnly={readonly}
      colorPalette="brand"
      aria-labelledby={labelId(id)}
      aria-describedby={ariaDescribedByIds(id)}
      onValueChange={(details) => details.value !== null && onChange(valueAt(details.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <HStack gap="6" wrap="wrap">
        {enumOptions.map((option, index) => (
          <RadioGroup.Item key={index} value={String(index)}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
