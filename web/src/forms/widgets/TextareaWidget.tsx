import { Textarea } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** Several lines of plain text. */
export default function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, options, placeholder, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 5;

  return (
    <Textarea
      id={id}
      name={htmlName || id}
      value={typeof value === 'string' ? value : ''}
      rows={rows}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      autoresize
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
