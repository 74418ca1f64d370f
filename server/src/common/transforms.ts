/** class-transformer helper: surrounding spaces of a text field are not part of the answer. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
