/**
 * The field vocabulary: every data type a form field can have, with its validation options and
 * UI hints. Field definitions are rows of the `form_fields` table; the compiler turns them into
 * JSON Schema + UI schema. Adding a type means: add it to FIELD_TYPES, give it a compiler entry
 * (compiler/field-compilers.ts) and, only if no existing widget fits, a widget in web/src/forms/.
 */

export const FIELD_TYPES = [
  'text',
  'textarea',
  'editor',
  'number',
  'select',
  'searchSelect',
  'multiSelect',
  'date',
  'monthYear',
  'checkbox',
  'boolean',
  'file',
  'link',
  'email',
  'phone',
  'zip',
  'grade',
  'essay',
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];

/** One choice of a select-like field. Stored as an ordered list so the order shown is the order kept. */
export interface FieldOption {
  value: string;
  label: string;
}

/**
 * Validation options. Which ones apply depends on the data type (each type's compiler reads the
 * ones it understands; see compiler/field-compilers.ts).
 * Every message may be overridden per field in `messages`; otherwise the catalogue's default is used.
 */
export interface FieldValidation {
  required?: boolean;
  /** text-like */
  minLength?: number;
  maxLength?: number;
  /** number */
  minimum?: number;
  /** number: whole numbers only (an amount in dollars, a count) */
  wholeNumber?: boolean;
  maximum?: number;
  /** date: the person must be at least this many whole years old (date of birth) */
  minAgeYears?: number;
  /** date: the date may not be later than today */
  notAfterToday?: boolean;
  /** monthYear: earliest year selectable */
  fromYear?: number;
  /** monthYear: latest year selectable is the current year plus this many years */
  maxYearsAhead?: number;
  /** multiSelect */
  maxItems?: number;
  /** file: accepted extensions (e.g. ".pdf") and the size limit */
  accept?: string[];
  maxSizeBytes?: number;
  /** text: the answer must equal the answer of this other field of the form (confirm password) */
  sameAs?: string;
  /** text: a regular expression the whole answer must match (a slug) */
  pattern?: string;
  /** textarea and essay: at most this many words (a requirement's word limit) */
  maxWords?: number;
  /** Per-field overrides of catalogue messages, keyed by message kind (see MessageKind). */
  messages?: Partial<Record<MessageKind, string>>;
}

/** UI hints: how the browser presents the field. Never a rule (rules live in FieldValidation). */
export interface FieldUi {
  placeholder?: string;
  help?: string;
  /** searchSelect: the API path that answers `?q=` with `{ data: FieldOption[] }` */
  searchUrl?: string;
  /** searchSelect: accept a value that is not among the suggestions */
  allowFreeText?: boolean;
  /** phone: ISO 3166 alpha-2 code of the country preselected when the visitor's is unknown */
  defaultCountry?: string;
  /** select: render as radio buttons instead of a drop-down */
  radio?: boolean;
  /** checkbox: shown checked and not changeable (fixed consents) */
  disabled?: boolean;
  /** grade: marking systems offered (defaults to all) */
  markingSystems?: MarkingSystem[];
  /** text: a secret (password): masked while typed, never prefilled */
  secret?: boolean;
  /** A heading shown above this field, opening a group of the fields after it ('Manage your data') */
  heading?: string;
  /** The chat's wording when it asks this field (docs/chat.md); derived from the name when unset. */
  question?: string;
}

/** A field is shown only when another field of the same form has one of the given values. */
export interface FieldCondition {
  fieldKey: string;
  in: string[];
}

/**
 * Where an answer is stored: `account` fields are columns of the person (names, e-mail, phone,
 * date of birth, the sign-up's password and consents); `profile` fields are the applicant's
 * `applicantFields` (matching uses them); `application` fields are a requirement form's answers.
 * The provider studio's forms (docs/providers.md): `organisation` fields are the provider's
 * organisation, `scholarship` fields a scholarship's editor, `requirement` fields one requirement
 * of the requirement builder. Review (docs/review.md): `rank-criterion` fields one criterion of a
 * scholarship's rubric, `message` fields a provider's message to applicants. Support
 * (docs/support.md): `support` fields a support request or a contact message.
 */
export const FIELD_TARGETS = ['account', 'profile', 'application', 'organisation', 'scholarship', 'requirement', 'rank-criterion', 'message', 'support'] as const;
export type FieldTarget = (typeof FIELD_TARGETS)[number];

export interface FieldDefinition {
  id: number;
  key: string;
  name: string;
  dataType: FieldType;
  options?: FieldOption[];
  validation?: FieldValidation;
  ui?: FieldUi;
  /** The form section the field belongs to; a form is a list of sections. */
  section: string;
  order: number;
  target: FieldTarget;
  visibleWhen?: FieldCondition;
  active?: boolean;
  /**
   * The code relies on this field (an account column, or a profile answer that checkout, essays or
   * the demo catalogue read): it cannot be deactivated nor change its type (docs/decisions.md).
   */
  system?: boolean;
}

/**
 * A form: a titled, ordered list of sections; its fields are the active fields of those sections.
 * `fields` borrows single fields of other sections, shown first in the order listed (the sign-up
 * form asks for the names, e-mail and phone the profile tabs own, without their other fields).
 */
export interface FormLayout {
  key: string;
  title: string;
  description?: string;
  sections: string[];
  fields?: string[];
}

export const MARKING_SYSTEMS = ['Percentage', '10CGPA', 'GPA'] as const;
export type MarkingSystem = (typeof MARKING_SYSTEMS)[number];

/** The value of a `grade` field. `gpa` is always recomputed by the server from the other two. */
export interface GradeValue {
  markingSystem: MarkingSystem;
  grade: number;
  gpa?: number;
}

export type MessageKind =
  | 'required'
  | 'type'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'minimum'
  | 'maximum'
  | 'format'
  | 'enum'
  | 'minAge'
  | 'notAfterToday'
  | 'monthYear'
  | 'monthYearRange'
  | 'maxItems'
  | 'percentage'
  | 'cgpa10'
  | 'gpa4'
  | 'sameAs'
  | 'maxWords';
