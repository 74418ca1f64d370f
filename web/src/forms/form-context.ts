/** What the app tells every widget about the visit (RJSF's `formContext`). */
export interface SchemaFormContext {
  /** ISO 3166 alpha-2 code of the visitor's country, lower case ('us'); the phone widget's default. */
  visitorCountry?: string;
}

export function visitorCountryOf(formContext: unknown): string | undefined {
  const country = (formContext as SchemaFormContext | undefined)?.visitorCountry;
  return typeof country === 'string' && country ? country : undefined;
}
