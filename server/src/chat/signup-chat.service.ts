import { Injectable } from '@nestjs/common';
import { chatQuestionOf, MESSAGES, type ChatQuestion } from '@scholarmatch/schemas';
import { AccountsService } from '../applicants/accounts.service.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { ApiError } from '../common/error-body.js';
import { UsersRepository } from '../users/users.repository.js';
import { ChatSessions, type ChatTurnOutcome } from './chat-sessions.js';
import { FormConversation, type ChatSummaryRow } from './form-conversation.js';
import type { ChatTurnDto } from './dto/chat-turn.dto.js';

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

  turn(chatId: string | undefined, chatToken: string | undefined, turn: ChatTurnDto, clientIp: string): Promise<ChatTurnOutcome<SignUpTurn>> {
    return this.chats.turn('signUp', chatId, { token: chatToken }, async (state) => {
      if (turn.action === 'submit') {
        const rest = await this.conversation.next(SIGNUP_FORM, state);
        if (rest) throw new ApiError(400, 'Please answer every question before saving.', { errorCode: 'CHAT_INCOMPLETE' });
        const session = await this.accounts.signUp(signUpBody(this.conversation.everything(state)), clientIp);
        state.ended = true;
        return { message: MESSAGES.chatSignedUpNotice, session };
      }
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
}

/** The sign-up payload of a chat's answers: the seed's fields by name, the form's others as `answers`. */
function signUpBody(all: Record<string, unknown>) {
  const { firstName, lastName, email, phone, password, ...answers } = all;
  return {
    firstName: String(firstName ?? ''),
    lastName: String(lastName ?? ''),
    email: String(email ?? ''),
    phone: String(phone ?? ''),
    password: String(password ?? ''),
    applicantType: 'STUDENT' as const,
    isProfileUpdate: 'false' as const,
    isScholarshipApplied: 'false' as const,
    answers,
  };
}
