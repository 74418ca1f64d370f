import { MESSAGES, nameInSentence } from '../messages.js';
import type { FieldDefinition, FieldOption, FieldType } from '../vocabulary.js';

/**
 * A served form rendered as a conversation (docs/chat.md): one question per field, in the form's
 * order, each answer read here and then judged by the form's own compiled rule on the server. A
 * field added to the form is asked with no other change.
 */

/** How the browser takes an answer: typed into the message box, picked from buttons, or shown through the form engine. */
export type ChatInput =
  | { kind: 'typed'; type: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date' | 'url' }
  | { kind: 'choice'; choices: FieldOption[] }
  /** No text stands for it (a file, rich text, a grade, a month picker): the field's own widget, inline. */
  | { kind: 'form' };

/** The original question shape (`_id`, `question`, `answer`, `answer_key`, `hint`), plus how to answer it. */
export interface ChatQuestion {
  _id: string;
  question: string;
  /** Always '' when served: the original slot for the answer given. */
  answer: string;
  /** The form field's key: what a turn names when it answers this question. */
  answer_key: string;
  hint: string | null;
  /** May be skipped (an answer of '' leaves it empty). */
  optional: boolean;
  input: ChatInput;
}

/** What a chat does with one field type. */
interface ChatAnswering {
  input(field: FieldDefinition): ChatInput;
  /** The value a typed or chosen answer stands for; undefined is "no answer". The form's rule judges it next. */
  read(text: string, field: FieldDefinition): unknown;
  /** How a given answer is shown back (the summary before sign-up). */
  show?(value: unknown, field: FieldDefinition): string;
  /** A hint when the definition has none. */
  hint?: string;
}

const YES_NO: FieldOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** Text as typed, without the spaces around it; nothing typed is no answer. */
function trimmed(text: string): string | undefined {
  const value = text.trim();
  return value === '' ? undefined : value;
}

const typed = (type: Extract<ChatInput, { kind: 'typed' }>['type']): Pick<ChatAnswering, 'input' | 'read'> => ({
  input: () => ({ kind: 'typed', type }),
  read: trimmed,
});

const viaForm: ChatAnswering = { input: () => ({ kind: 'form' }), read: () => undefined };

const yesNo: ChatAnswering = {
  input: () => ({ kind: 'choice', choices: YES_NO }),
  read: (text) => (text === 'true' ? true : text === 'false' ? false : trimmed(text)),
  show: (value) => (value === true ? 'Yes' : 'No'),
};

const SECRET_SHOWN = '••••••••';

/** One entry per field type (the pattern of the compiler's and the answer policy's tables). */
export const CHAT_ANSWERING: Record<FieldType, ChatAnswering> = {
  text: {
    input: (field) => ({ kind: 'typed', type: field.ui?.secret ? 'password' : 'text' }),
    // A password is taken as typed, spaces included, like the form's password box.
    read: (text, field) => (field.ui?.secret ? (text === '' ? undefined : text) : trimmed(text)),
    show: (value, field) => (field.ui?.secret ? SECRET_SHOWN : String(value)),
  },
  textarea: typed('text'),
  editor: viaForm,
  essay: viaForm,
  number: {
    input: () => ({ kind: 'typed', type: 'number' }),
    // Not a number stays text, so the form's rule answers in its own words ('Please enter a number!').
    read: (text) => {
      const value = trimmed(text);
      return value !== undefined && Number.isFinite(Number(value)) ? Number(value) : value;
    },
  },
  select: {
    input: (field) => ({ kind: 'choice', choices: field.options ?? [] }),
    read: trimmed,
    show: (value, field) => field.options?.find((option) => option.value === value)?.label ?? String(value),
  },
  searchSelect: typed('text'),
  multiSelect: viaForm,
  date: { ...typed('date'), hint: 'As YYYY-MM-DD' },
  monthYear: viaForm,
  checkbox: yesNo,
  boolean: yesNo,
  file: viaForm,
  link: typed('url'),
  email: typed('email'),
  phone: {
    input: () => ({ kind: 'typed', type: 'tel' }),
    // The number with its country calling code, as the sign-up API takes it; anything but digits
    // stays in, so the form's rule says 'Please enter only digits!'.
    read: (text) => {
      const value = trimmed(text);
      return value === undefined || value.startsWith('+') ? value : `+${value}`;
    },
    hint: 'Digits only, starting with your country code (1 for the United States)',
  },
  zip: typed('text'),
  grade: viaForm,
};

/** The chat's wording for a field: its own `ui.question`, else one made from its name. */
export function chatQuestionText(field: FieldDefinition): string {
  if (field.ui?.question) return field.ui.question;
  const name = field.name.trim();
  // A statement to agree to ('I agree to the Terms…') or a name that is already a question.
  if (field.dataType === 'checkbox' || name.endsWith('?')) return name;
  return `What is your ${nameInSentence(name)}?`;
}

/** The question a chat asks for one field of form `formKey`. */
export function chatQuestionOf(formKey: string, field: FieldDefinition): ChatQuestion {
  const answering = CHAT_ANSWERING[field.dataType];
  return {
    _id: `${formKey}.${field.key}`,
    question: chatQuestionText(field),
    answer: '',
    answer_key: field.key,
    hint: field.ui?.help ?? field.ui?.placeholder ?? answering.hint ?? null,
    optional: field.validation?.required !== true,
    input: answering.input(field),
  };
}

/** The value a chat answer stands for, before the form's rule judges it. */
export function readChatAnswer(field: FieldDefinition, text: string): unknown {
  return CHAT_ANSWERING[field.dataType].read(text, field);
}

/** How a given answer is shown back to the person (a secret never is). */
export function showChatAnswer(field: FieldDefinition, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const show = CHAT_ANSWERING[field.dataType].show;
  if (show) return show(value, field);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : MESSAGES.answeredElsewhere;
}

/**
 * The next field to ask: the first of the form's fields (in order) not asked yet whose condition,
 * if it has one, holds for the answers given so far. Undefined when every question is done.
 */
export function nextChatField(
  fields: readonly FieldDefinition[],
  asked: ReadonlySet<string>,
  answers: Readonly<Record<string, unknown>>,
): FieldDefinition | undefined {
  return fields.find((field) => {
    if (asked.has(field.key)) return false;
    const condition = field.visibleWhen;
    return !condition || condition.in.includes(String(answers[condition.fieldKey]));
  });
}
