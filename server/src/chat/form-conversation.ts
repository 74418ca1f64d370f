import { Injectable } from '@nestjs/common';
import {
  chatQuestionOf,
  CHAT_ANSWERING,
  nextChatField,
  readChatAnswer,
  showChatAnswer,
  type ChatQuestion,
  type FieldDefinition,
} from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';
import { FormsService } from '../forms/forms.service.js';
import type { ChatState } from './chat-sessions.js';

/** One row of the summary a chat shows before it acts on the answers. */
export interface ChatSummaryRow {
  answer_key: string;
  label: string;
  value: string;
}

/**
 * A served form asked as a conversation (docs/chat.md): its questions come from the form's
 * fields, and each answer is read by the field type's chat entry, then judged by the form's own
 * compiled rule with the answers given so far (so 'Passwords do not match!' and 'Please enter only
 * digits!' are the form's words). A field an admin adds to the form is asked with no change here.
 */
@Injectable()
export class FormConversation {
  constructor(private readonly forms: FormsService) {}

  async fields(formKey: string): Promise<FieldDefinition[]> {
    return (await this.forms.getForm(formKey)).fields;
  }

  async questions(formKey: string): Promise<ChatQuestion[]> {
    return (await this.fields(formKey)).map((field) => chatQuestionOf(formKey, field));
  }

  /**
   * Reads and judges one answer to field `key`. `text` is what was typed or chosen; `value` an
   * answer given through the form engine (a field no text can answer). Returns the value to keep
   * (undefined for a skipped optional question); a 400 with the form's message otherwise, whose
   * path is `answerKey`, the key the turn named the field by.
   */
  async judge(
    formKey: string,
    key: string,
    given: { text?: string; value?: unknown },
    state: ChatState,
    answerKey = key,
  ): Promise<{ field: FieldDefinition; value: unknown }> {
    const field = (await this.fields(formKey)).find((candidate) => candidate.key === key);
    if (!field) throw new ApiError(400, 'This chat does not ask that question.', { errorCode: 'UNKNOWN_QUESTION' });
    const viaForm = CHAT_ANSWERING[field.dataType].input(field).kind === 'form';
    if (viaForm !== (given.value !== undefined)) {
      throw new ApiError(400, viaForm ? 'This question is answered through its form (value).' : 'This question is answered with text (answer).', {
        errorCode: 'ANSWER_KIND',
      });
    }
    const value = viaForm ? given.value : readChatAnswer(field, given.text ?? '');
    const { errors, answers } = await this.forms.validate(formKey, { ...state.answers, ...state.secrets, [key]: value });
    const own = errors.find((error) => error.path === key || error.path.startsWith(`${key}.`));
    if (own) throw new ApiError(400, own.message, { errorCode: 'INVALID_ANSWER', errors: [{ ...own, path: answerKey }] });
    return { field, value: answers[key] };
  }

  /**
   * Keeps a judged answer: a secret sealed, anything else in the answers. Answering a field again
   * asks again the fields that must equal it (a confirmation of a changed password).
   */
  async record(formKey: string, field: FieldDefinition, value: unknown, state: ChatState): Promise<void> {
    const secret = field.ui?.secret === true;
    delete state.answers[field.key];
    delete state.secrets[field.key];
    if (value !== undefined) {
      if (secret) state.secrets[field.key] = String(value);
      else state.answers[field.key] = value;
    }
    if (state.asked.has(field.key)) {
      for (const dependent of await this.fields(formKey)) {
        if (dependent.validation?.sameAs === field.key) {
          state.asked.delete(dependent.key);
          delete state.secrets[dependent.key];
          delete state.answers[dependent.key];
        }
      }
    }
    state.asked.add(field.key);
  }

  /** The next question of the form, or undefined when all are asked. */
  async next(formKey: string, state: ChatState): Promise<ChatQuestion | undefined> {
    const field = nextChatField(await this.fields(formKey), state.asked, state.answers);
    return field && chatQuestionOf(formKey, field);
  }

  /** Every question asked whose condition still holds, with its answer as shown back. */
  async summary(formKey: string, state: ChatState): Promise<ChatSummaryRow[]> {
    const fields = (await this.fields(formKey)).filter(
      (field) => state.asked.has(field.key) && (!field.visibleWhen || field.visibleWhen.in.includes(String(state.answers[field.visibleWhen.fieldKey]))),
    );
    return fields.map((field) => ({
      answer_key: field.key,
      label: field.name,
      value: showChatAnswer(field, state.answers[field.key] ?? state.secrets[field.key]),
    }));
  }

  /** Every answer given, secrets included: what the chat acts on at its end. */
  everything(state: ChatState): Record<string, unknown> {
    return { ...state.answers, ...state.secrets };
  }
}
