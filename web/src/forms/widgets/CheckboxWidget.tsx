import { Checkbox, Field } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * A tick box with its label beside it. Inside FieldTemplate's `Field.Root`, Chakra gives the
 * hidden input the field's id, so the box is found by its label. A fixed consent arrives with
 * `ui:disabled` and `default: true`: shown ticked, not changeable.
 */
export default function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, label, hideLabel, required, disabled, readonly, onChange, onBlur, onFocus } = props;

  return (
    <Checkbox.Root
      checked={value === true}
      disabled={disabled}
      readOnly={readonly}
      name={htmlName || id}
      colorPalette="brand"
      alignItems="flex-start"
      onCheckedChange={({ checked }) => onChange(checked === true)}
    >
      <Checkbox.HiddenInput
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        aria-describedby={ariaDescribedByIds(id)}
      />
      <Checkbox.Control mt="0.5" />
      {!hideLabel && label ? (
        <Checkbox.Label>
          {label}
          {required ? <Field.RequiredIndicator ms="1" /> : null}
        </Checkbox.Label>
      ) : null}
    </Checkbox.Root>
  );
}
