/**
 * A date as the product writes dates, 'DD MMMM, YYYY' (docs/decisions.md, "Memberships (web)"): '05 March, 2027'. In the
 * person's own time zone: a billing date is a moment, and this is the day it falls on for them. The rule is shared with
 * the server (`@scholarmatch/schemas`), which writes the same dates on the payment pages it serves.
 */
export { formatDayMonthYear } from '@scholarmatch/schemas';
