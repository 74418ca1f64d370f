import { Input } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { latestSelectableDate } from './dates';

/** A calendar date ('YYYY-MM-DD') with the browser's date picker, bounded by `ui:options`. */
export default function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, options, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;

  return (
    <Input
      type="date"
      id={id}
      name={htmlName || id}
      value={typeof value === 'string' ? value : ''}
      max={latestSelectableDate({ latestYearsAgo: options.latestYearsAgo, notAfterToday: options.notAfterToday })}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      onChange={(event) => onChange(event.target.value || options.emptyValue)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
      // The date's calendar button is a Tab stop of its own inside the input, where neither :focus nor
      // :focus-visible matches the input: :focus-within does, so the ring shows there too (docs/accessibility.md).
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-1px', borderColor: 'colorPalette.focusRing' }}
    />
  );
}
