import { Input } from '@chakra-ui/react';
import {
  ariaDescribedByIds,
  getInputProps,
  type BaseInputTemplateProps,
} from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

/**
 * The plain input behind text, number, e-mail and link fields. It renders only the control: the
 * label comes from FieldTemplate, whose `Field.Root id` equals this input's id.
 */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, type, value, schema, options, placeholder, required, disabled, readonly, autofocus } = props;
  const { onChange, onChangeOverride, onBlur, onFocus } = props;
  const inputProps = getInputProps(schema, type, options);

  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  const handleBlur = ({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value);
  const handleFocus = ({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value);

  return (
    <Input
      id={id}
      name={htmlName || id}
      value={value ?? ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      onChange={onChangeOverride ?? handleChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
      aria-describedby={ariaDescribedByIds(id)}
      {...inputProps}
    />
  );
}
