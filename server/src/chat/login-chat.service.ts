import { Injectable } from '@nestjs/common';
import { MESSAGES, type ChatQuestion } from '@scholarmatch/schemas';
import { PasswordResetService } from '../applicants/password-reset.service.js';
import { AuthService } from '../auth/auth.service.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { ApiError } from '../common/error-body.js';
import { ChatSessions, type ChatState, type ChatTurnOutcome } from './chat-sessions.js';
import { FormConversation } from './form-conversation.js';
import type { ChatTurnDto } from './dto/chat-turn.dto.js';

/** The forms a login chat asks: the login's two questions, then, for a recovery, the code and the new password. */
export const LOGIN_FORM = 'login';
export const RECOVERY_FORM = 'password-reset';

/**
 * The original answer keys for the login form's fields (docs/chat.md, "Login"): the questions carry
 * them, and a turn may name a field by either. The form's keys cannot be the original ones: `email` and
 * `password` are the sign-up form's fields, whose rules differ.
 */
const SEED_KEY_OF: Record<string, string> = { userName: 'email', currentPassword: 'password' };
const FORM_KEY_OF: Record<string, string> = Object.fromEntries(Object.entries(SEED_KEY_OF).map(([form, seed]) => [seed, form]));

/** The original answer key that asks for a code by e-mail: the same step as `{ action: 'forgotPassword' }`. */
export const GENERATE_OTP = 'generate_otp';

/** A question as a login chat asks it: under the original answer key. */
function inSeedKeys(question: ChatQuestion): ChatQuestion {
  const seedKey = SEED_KEY_OF[question.answer_key];
  return seedKey ? { ...question, answer_key: seedKey } : question;
}

/** The steps of a login chat (docs/chat.md, "Login"). */
const STEP = { asking: 'asking', code: 'otp', newPassword: 'newPassword' } as const;

export interface LoginTurn {
  message?: string;
  next?: ChatQuestion | null;
  /** The code was right: the new password comes next (the original `otp` field). */
  otp?: boolean;
  session?: SessionDto;
}

/**
 * The chat's words for failures the person can act on (docs/chat.md, "Login"); the browser offers
 * the options that go with each (Forgot Password or Try Again, Signup or Try Again, Create new
 * account or Resend OTP).
 */
const CHAT_WORDS: Record<string, string> = {
  WRONG_PASSWORD: MESSAGES.chatWrongPassword,
  EMAIL_NOT_FOUND: MESSAGES.chatEmailNotFound,
  OTP_INCORRECT: MESSAGES.chatOtpIncorrect,
};

async function inChatWords<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = error instanceof ApiError ? error.options.errorCode : undefined;
    if (!code || !(code in CHAT_WORDS)) throw error;
    throw new ApiError((error as ApiError).statusCode, CHAT_WORDS[code], { errorCode: code });
  }
}

/**
 * Login by chat: the e-mail, then the password, checked by the same AuthService as the form login
 * (so the per-account lock-out counts both); a forgotten password is recovered in the chat with
 * the same e-mailed code as the forgot-password page.
 */
@Injectable()
export class LoginChatService {
  constructor(
    private readonly chats: ChatSessions,
    private readonly conversation: FormConversation,
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  /**
   * The questions of a login chat, under the original answer keys: the login form's, the step that
   * e-mails a code (`generate_otp`, offered after a wrong password), then the recovery form's.
   */
  async questions(): Promise<ChatQuestion[]> {
    const [login, recovery] = await Promise.all([this.conversation.questions(LOGIN_FORM), this.conversation.questions(RECOVERY_FORM)]);
    return [...login.map(inSeedKeys), GENERATE_OTP_QUESTION, ...recovery];
  }

  turn(chatId: string | undefined, chatToken: string | undefined, turn: ChatTurnDto, clientIp: string): Promise<ChatTurnOutcome<LoginTurn>> {
    return this.chats.turn('login', chatId, { token: chatToken }, async (state) => {
      if (turn.action === 'forgotPassword' || turn.action === 'resendOtp' || turn.answer_key === GENERATE_OTP) return this.sendCode(state);
      if (turn.action) throw new ApiError(400, `A login chat has no '${turn.action}' step.`, { errorCode: 'UNKNOWN_ACTION' });
      if (!turn.answer_key) throw new ApiError(400, 'Say which question this answers (answer_key).', { errorCode: 'ANSWER_KEY_MISSING' });
      const given = { text: turn.answer, value: turn.value };
      if (turn.answer_key === 'otp') return this.checkCode(state, given);
      if (turn.answer_key === 'newPassword') return this.resetPassword(state, given, clientIp);
      return this.login(state, turn.answer_key, given, clientIp);
    });
  }

  /** The e-mail or the password (by the original key or the form's); with both, the login itself. */
  private async login(state: ChatState, answerKey: string, given: { text?: string; value?: unknown }, clientIp: string): Promise<LoginTurn> {
    const { field, value } = await this.conversation.judge(LOGIN_FORM, FORM_KEY_OF[answerKey] ?? answerKey, given, state, answerKey);
    state.step = STEP.asking;
    await this.conversation.record(LOGIN_FORM, field, value, state);
    const next = await this.conversation.next(LOGIN_FORM, state);
    if (next) return { next: inSeedKeys(next) };
    const { userName, currentPassword } = this.conversation.everything(state) as { userName: string; currentPassword: string };
    // A password is never kept: a wrong one is asked again.
    state.asked.delete('currentPassword');
    delete state.secrets.currentPassword;
    const session = await inChatWords(this.auth.login(userName, currentPassword, clientIp, { refuseStaff: true }));
    state.ended = true;
    return { message: MESSAGES.loggedIn, session };
  }

  private async sendCode(state: ChatState): Promise<LoginTurn> {
    const email = this.emailOf(state);
    await inChatWords(this.passwordReset.sendCode(email));
    state.step = STEP.code;
    delete state.secrets.otp;
    return { message: MESSAGES.otpSent, next: await this.question(RECOVERY_FORM, 'otp') };
  }

  private async checkCode(state: ChatState, given: { text?: string }): Promise<LoginTurn> {
    if (state.step === STEP.asking) throw outOfStep();
    const { value } = await this.conversation.judge(RECOVERY_FORM, 'otp', given, state);
    await inChatWords(this.passwordReset.checkCode(this.emailOf(state), String(value)));
    state.step = STEP.newPassword;
    state.secrets.otp = String(value);
    return { message: MESSAGES.otpSubmitted, otp: true, next: await this.question(RECOVERY_FORM, 'newPassword') };
  }

  private async resetPassword(state: ChatState, given: { text?: string }, clientIp: string): Promise<LoginTurn> {
    const code = state.secrets.otp;
    if (state.step !== STEP.newPassword || !code) throw outOfStep();
    const { value } = await this.conversation.judge(RECOVERY_FORM, 'newPassword', given, state);
    const session = await inChatWords(this.passwordReset.reset(this.emailOf(state), code, String(value), clientIp));
    state.ended = true;
    return { message: MESSAGES.passwordReset, session };
  }

  private emailOf(state: ChatState): string {
    const email = state.answers.userName;
    if (typeof email !== 'string') throw new ApiError(400, 'Please tell the chat your e-mail address first.', { errorCode: 'CHAT_OUT_OF_STEP' });
    return email;
  }

  private async question(formKey: string, key: string): Promise<ChatQuestion> {
    const question = (await this.conversation.questions(formKey)).find((candidate) => candidate.answer_key === key);
    if (!question) throw new ApiError(503, 'The password recovery questions are missing. Please try again later.', { errorCode: 'FORM_MISSING' });
    return question;
  }
}

/**
 * The step that e-mails a code, as a question: the original client knows it by its answer key. It is
 * no field of a form (nothing is typed); its answer is the button's words, not read.
 */
const GENERATE_OTP_QUESTION: ChatQuestion = {
  _id: `${LOGIN_FORM}.${GENERATE_OTP}`,
  question: 'Forgot your password? I can e-mail you a code to set a new one.',
  answer: '',
  answer_key: GENERATE_OTP,
  hint: null,
  optional: true,
  input: { kind: 'choice', choices: [{ value: 'true', label: 'Forgot Password' }] },
};

function outOfStep(): ApiError {
  return new ApiError(400, 'Please ask for a code first (Forgot Password).', { errorCode: 'CHAT_OUT_OF_STEP' });
}
