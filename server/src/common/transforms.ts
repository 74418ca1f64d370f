/** class-transformer helper: surrounding spaces of a text field are not part of the answer. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** class-transformer helper: a query string's 'true' and 'false' as booleans (anything else is left for the validator to refuse). */
export const queryBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
