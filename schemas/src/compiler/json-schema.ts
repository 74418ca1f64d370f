/** The small subset of JSON Schema and RJSF's UI schema the compiler produces. */

export type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  readOnly?: boolean;
  allOf?: JsonSchema[];
  maxProperties?: number;
  minProperties?: number;
  if?: JsonSchema;
  then?: JsonSchema;
  /** ajv-errors: message per keyword; at object level `required` maps property -> message */
  errorMessage?: Record<string, string | Record<string, string>>;
  /** project keywords, see validation/keywords.ts */
  minAge?: number;
  notAfterToday?: boolean;
  monthYearRange?: { fromYear: number; maxYearsAhead: number };
  sameAs?: string;
  maxWords?: number;
};

export type UiSchema = Record<string, unknown>;
