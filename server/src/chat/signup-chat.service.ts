import { Injectable } from '@nestjs/common';
import { chatQuestionOf, MESSAGES, type ChatQuestion } from '@scholarmatch/schemas';
import { AccountsService } from '../applicants/accounts.service.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { ApiError } from '../common/error-body.js';
import { UsersRepository } from '../users/users.repository.js';
import { ChatSessions, type ChatState, type ChatTurnOutcome } from './chat-sessions.js';
import { FormConversation, type ChatSummaryRow } from './form-conversation.js';
import { SEED_SIGNUP_PAYLOAD_KEYS, type SignUpChatTurnDto } from './dto/chat-turn.dto.js';
import type { SignUpDto } from '../applicants/dto/sign-up.dto.js';

/** The form a sign-up chat asks: the same one the sign-up page renders. */
export const SIGNUP_FORM = 'signup';

/** What a sign-up turn answers (docs/chat.md, "Sign-up"). */
export interface SignUpTurn {
  message?: string;
  /** On the e-mail question: false when an account has it (the answer is not kept). */
  available?: boolean;
  next?: ChatQuestion | null;
  /** Every question answered: the details to confirm before the account is made. */
  summary?: ChatSummaryRow[];
  session?: SessionDto;
}

/**
 * Sign-up by chat: the served `signup` form, one field per turn, then a summary to confirm, then
 * the same sign-up as the form's (AccountsService: the form's rules, the password policy, the
 * consents recorded).
 */
@Injectable()
export class SignUpChatService {
  constructor(
    private readonly chats: ChatSessions,
    private readonly conversation: FormConversation,
    private readonly accounts: AccountsService,
    private readonly users: UsersRepository,
  ) {}

  turn(chatId: string | undefined, chatToken: string | undefined, turn: SignUpChatTurnDto, clientIp: string): Promise<ChatTurnOutcome<SignUpTurn>> {
    return this.chats.turn('signUp', chatId, { token: chatToken }, async (state) => {
      const payload = seedPayloadOf(turn);
      if (payload) {
        if (turn.answer_key !== undefined || turn.answer !== undefined || turn.value !== undefined || (turn.action && turn.action !== 'submit')) {
          throw new ApiError(400, 'A turn either answers one question or ends the sign-up with its details, not both.', { errorCode: 'TURN_AMBIGUOUS' });
        }
        return this.signUp(state, payload, clientIp);
      }
      if (turn.action === 'submit') return this.signUp(state, {}, clientIp);
      if (turn.action) throw new ApiError(400, `A sign-up chat has no '${turn.action}' step.`, { errorCode: 'UNKNOWN_ACTION' });
      if (!turn.answer_key) throw new ApiError(400, 'Say which question this answers (answer_key).', { errorCode: 'ANSWER_KEY_MISSING' });

      const { field, value } = await this.conversation.judge(SIGNUP_FORM, turn.answer_key, { text: turn.answer, value: turn.value }, state);
      const isEmail = field.dataType === 'email' && field.target === 'account';
      if (isEmail && typeof value === 'string' && (await this.users.emailTaken(value))) {
        // The e-mail question again, also when it was an edit of an answer given before.
        return { available: false, message: MESSAGES.chatEmailTaken, next: chatQuestionOf(SIGNUP_FORM, field) };
      }
      await this.conversation.record(SIGNUP_FORM, field, value, state);
      const next = await this.conversation.next(SIGNUP_FORM, state);
      return {
        ...(isEmail ? { available: true } : {}),
        next: next ?? null,
        ...(next ? {} : { message: MESSAGES.chatConfirmDetails, summary: await this.conversation.summary(SIGNUP_FORM, state) }),
      };
    });
  }

  /**
   * The end of the chat: every question answered, then the same sign-up as the form's. The original
   * client sends its whole payload here; it must say what the chat was told.
   */
  private async signUp(state: ChatState, payload: SeedPayload, clientIp: string): Promise<SignUpTurn> {
    const rest = await this.conversation.next(SIGNUP_FORM, state);
    if (rest) throw new ApiError(400, 'Please answer every question before saving.', { errorCode: 'CHAT_INCOMPLETE' });
    await this.checkAgreement(state, payload);
    const session = await this.accounts.signUp(signUpBody(this.conversation.everything(state), payload), clientIp);
    state.ended = true;
    return { message: MESSAGES.chatSignedUpNotice, session };
  }

  /**
   * Each answer of the payload is read and judged as if it were typed in the chat (the form's rule
   * and words), then compared with the answer the chat kept: a difference is a 400 naming the field.
   */
  private async checkAgreement(state: ChatState, payload: SeedPayload): Promise<void> {
    // The payload's flags and applicant type are no questions of the form: nothing to agree with.
    const questionKeys = new Set((await this.conversation.fields(SIGNUP_FORM)).map((field) => field.key));
    for (const [key, sent] of Object.entries(payload)) {
      if (!questionKeys.has(key) || sent === undefined) continue;
      const { field, value } = await this.conversation.judge(SIGNUP_FORM, key, { text: String(sent) }, state);
      if (value !== (state.answers[key] ?? state.secrets[key])) {
        const message = `The ${field.name} sent (${key}) is not the one given in this chat.`;
        throw new ApiError(400, `${message} Send the details the chat confirmed, or answer that question again first.`, {
          errorCode: 'CHAT_ANSWER_MISMATCH',
          errors: [{ path: key, message }],
        });
      }
    }
  }
}

type SeedPayload = Partial<Pick<SignUpChatTurnDto, (typeof SEED_SIGNUP_PAYLOAD_KEYS)[number]>>;

/** The original sign-up payload in a turn, or undefined when the turn carries none of it. */
function seedPayloadOf(turn: SignUpChatTurnDto): SeedPayload | undefined {
  const sent = SEED_SIGNUP_PAYLOAD_KEYS.filter((key) => turn[key] !== undefined);
  return sent.length ? Object.fromEntries(sent.map((key) => [key, turn[key]])) : undefined;
}

/**
 * The sign-up payload of a chat's answers: the original fields by name, the form's others as
 * `answers`; the applicant type and the original flags as the payload sent them, if it did.
 */
function signUpBody(all: Record<string, unknown>, payload: SeedPayload): SignUpDto {
  const { firstName, lastName, email, phone, password, ...answers } = all;
  return {
    firstName: String(firstName ?? ''),
    lastName: String(lastName ?? ''),
    email: String(email ?? ''),
    phone: String(phone ?? ''),
    password: String(password ?? ''),
    applicantType: payload.applicantType ?? 'STUDENT',
    isProfileUpdate: payload.isProfileUpdate ?? 'false',
    isScholarshipApplied: payload.isScholarshipApplied ?? 'false',
    answers,
  };
}
