import { Input, type InputProps } from '@chakra-ui/react';

/**
 * A day filter of the console's lists (a native date input). Its calendar button is a Tab stop of
 * its own inside the input, where neither :focus nor :focus-visible matches the input: the ring
 * is drawn on :focus-within so it shows there too, as the forms' DateWidget does (docs/accessibility.md).
 */
export function DayInput(props: Omit<InputProps, 'type'>) {
  return (
    <Input
      size="sm"
      type="date"
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-1px', borderColor: 'colorPalette.focusRing' }}
      {...props}
    />
  );
}
