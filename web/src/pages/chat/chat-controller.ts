import { MESSAGES } from '@scholarmatch/schemas';
import { ApiError } from '../../api/api-error';
import type { ChatFlow, ChatHandle, ChatQuestion, ChatSummaryRow, ChatTurn, ChatTurnData } from '../../api/chat';
import type { StoredSession } from '../../session/session-store';
import { linksOfQuestion, type ChatLink } from './chat-legal-links';

/** One bubble of the conversation. */
export interface ChatMessage {
  id: number;
  from: 'assistant' | 'person';
  text: string;
  tone?: 'error' | 'success';
  hint?: string | null;
  /** The details to confirm before a sign-up is saved. */
  summary?: ChatSummaryRow[];
  /** Pages the question refers to (the consent's Terms, Privacy Policy and Official Rules). */
  links?: ChatLink[];
}

/** A button under the conversation: a choice of the assistant's, or an answer to a question with choices. */
export interface ChatOption {
  label: string;
  choose: () => void;
  /** The step the conversation leads to (a solid button); the others are outlined. */
  primary?: boolean;
}

/** What the page shows. */
export interface ChatView {
  messages: ChatMessage[];
  options: ChatOption[];
  /** The question waiting for an answer; its `input` says how it is answered. */
  question: ChatQuestion | null;
  /** The assistant is 'typing' (the loading bubble). */
  loading: boolean;
  /** Why the message box refused what was sent. */
  composerError: string | null;
}

/** What the conversation needs from outside: the server, the clock and the rest of the app. */
export interface ChatEnvironment {
  questions(flow: ChatFlow): Promise<ChatQuestion[]>;
  turn(flow: ChatFlow, chat: ChatHandle | undefined, turn: ChatTurn): Promise<ChatTurnData>;
  /** The loading bubble's pause, so a question never flashes (seed: 200 to 500 ms). */
  pause(): Promise<void>;
  /** Stores the session and leaves the chat after `afterMs` (1,500 after a sign-up, 500 after a login). */
  signedIn(session: StoredSession, flow: ChatFlow, afterMs: number): void;
  manualLogin(): void;
  manualSignUp(): void;
  /** Social sign-in (Google), offered only when the server has it configured. */
  social: { offered(): boolean; start(): Promise<void> };
  /** A success message of the server's, shown as a notification (docs/chat.md, "Sign-up"). */
  notify(text: string): void;
}

/** The original redirect delays after a chat signs someone in. */
export const AFTER_SIGN_UP_MS = 1500;
export const AFTER_LOGIN_MS = 500;

export const GREETING = "Hi, I'm Lenny, the ScholarMatch assistant. Would you like to log in or sign up?";
const CHOOSE_AN_OPTION = 'Please choose one of the options above.';
const ANSWER_WITH_THE_FORM = 'Please answer with the form above.';

const EMPTY_VIEW: ChatView = { messages: [], options: [], question: null, loading: false, composerError: null };

/** The texts a turn's failure is shown with (docs/chat.md, "In the browser"), by the server's error code. */
type FailureHandler = (error: ApiError) => void;

/**
 * The chat sign-up and login (docs/chat.md, "In the browser"): the conversation's script around
 * the server's turns. Questions, their order and their rules are the server's (made from the served
 * forms); this only says them, sends the answers and offers the next steps the original client gives.
 */
export class ChatController {
  private view: ChatView = EMPTY_VIEW;
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  /** Bumped by a restart: what an older conversation's call brings back is dropped. */
  private generation = 0;
  private mode: ChatFlow | undefined;
  private flow: ChatFlow = 'signUp';
  private chat: ChatHandle | undefined;
  private questions: ChatQuestion[] = [];

  constructor(private readonly env: ChatEnvironment) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = () => this.view;

  /** A new conversation (also what closing the chat does): greeting, then Login or Signup, or straight to `mode`. */
  start(mode?: ChatFlow): void {
    this.generation += 1;
    this.mode = undefined;
    this.chat = undefined;
    this.view = EMPTY_VIEW;
    this.say(GREETING);
    if (mode) this.chooseMode(mode);
    else this.offer([{ label: 'Login', choose: () => this.chooseMode('login') }, { label: 'Signup', choose: () => this.chooseMode('signUp') }]);
  }

  /** What was typed into the message box. */
  send(text: string): void {
    if (this.view.loading) return;
    if (!this.mode) return this.refuse(MESSAGES.chatTypeRequired);
    if (text.trim() === '') return this.refuse(MESSAGES.chatMessageRequired);
    const question = this.view.question;
    if (question?.input.kind === 'form') return this.refuse(ANSWER_WITH_THE_FORM);
    if (!question || question.input.kind !== 'typed') {
      const option = this.view.options.find((candidate) => candidate.label.toLowerCase() === text.trim().toLowerCase());
      return option ? option.choose() : this.refuse(CHOOSE_AN_OPTION);
    }
    this.heard(question.input.type === 'password' ? '•'.repeat(Math.min(text.length, 12)) : text.trim());
    void this.answer(question, { answer: text });
  }

  /** An answer given through the form engine (a question whose input kind is 'form'). */
  answerWithValue(value: NonNullable<ChatTurn['value']>, shown: string): void {
    const question = this.view.question;
    if (!question || this.view.loading) return;
    this.heard(shown);
    void this.answer(question, { value });
  }

  private chooseMode(mode: ChatFlow, said = true): void {
    if (said) this.heard(mode === 'login' ? 'Login' : 'Signup');
    this.mode = mode;
    this.say(mode === 'login' ? 'How would you like to log in?' : 'How would you like to sign up?');
    this.offer([
      { label: 'Assistant', choose: () => void this.startAssistant(mode, 'Assistant') },
      ...(this.env.social.offered() ? [{ label: 'Social sign-in', choose: () => void this.socialSignIn() }] : []),
      { label: 'Manually', choose: () => this.leaveFor('Manually', mode === 'login' ? this.env.manualLogin : this.env.manualSignUp) },
    ]);
  }

  /** Off to Google's sign-in page; if it cannot even start, the original words. */
  private async socialSignIn(): Promise<void> {
    this.heard('Social sign-in');
    this.update({ loading: true, options: [] });
    try {
      await this.env.social.start();
    } catch {
      this.update({ loading: false });
      this.say(MESSAGES.googleLoginFailed, 'error');
      if (this.mode) this.chooseMode(this.mode, false);
    }
  }

  private leaveFor(label: string, go: () => void): void {
    this.heard(label);
    go();
  }

  /** The assistant asks the flow's questions from the first, in a new chat. */
  private async startAssistant(flow: ChatFlow, said?: string, firstAnswer?: { question: string; text: string }): Promise<void> {
    if (said) this.heard(said);
    this.mode = flow;
    this.flow = flow;
    this.chat = undefined;
    const generation = this.generation;
    this.update({ loading: true, options: [], question: null });
    try {
      const [questions] = await Promise.all([this.env.questions(flow), this.env.pause()]);
      if (generation !== this.generation) return;
      this.questions = questions;
      this.update({ loading: false });
      const first = firstAnswer && this.questionFor(firstAnswer.question);
      if (first) {
        this.heard(firstAnswer!.text);
        await this.answer(first, { answer: firstAnswer!.text });
      } else if (questions[0]) {
        this.ask(questions[0]);
      }
    } catch {
      if (generation !== this.generation) return;
      this.update({ loading: false });
      this.say(MESSAGES.chatStepFailed, 'error');
      this.offer([{ label: 'Try Again', choose: () => void this.startAssistant(flow, 'Try Again') }]);
    }
  }

  private ask(question: ChatQuestion): void {
    const links = linksOfQuestion(question.answer_key);
    this.push({ from: 'assistant', text: question.question, ...(question.hint ? { hint: question.hint } : {}), ...(links ? { links } : {}) });
    this.reopen(question);
  }

  /** The buttons that answer a question: its choices, and Skip when it may be left empty. */
  private answerButtons(question: ChatQuestion): ChatOption[] {
    const choices = question.input.kind === 'choice' ? (question.input.choices ?? []) : [];
    return [
      ...choices.map((choice) => ({
        label: choice.label,
        choose: () => {
          this.heard(choice.label);
          void this.answer(question, { answer: choice.value });
        },
      })),
      ...(question.optional ? [{ label: 'Skip', choose: () => this.skip(question) }] : []),
    ];
  }

  private skip(question: ChatQuestion): void {
    this.heard('Skip');
    void this.answer(question, { answer: '' });
  }

  private async answer(question: ChatQuestion, given: Pick<ChatTurn, 'answer' | 'value'>): Promise<void> {
    const data = await this.call({ question_id: question._id, question: question.question, answer_key: question.answer_key, ...given });
    if (data) this.after(data);
  }

  /**
   * One turn, with the loading bubble. Answers the turn's data, or undefined when it failed (the
   * failure has been told and the next step offered).
   */
  private async call(turn: ChatTurn): Promise<ChatTurnData | undefined> {
    const generation = this.generation;
    this.update({ loading: true, options: [], question: null, composerError: null });
    try {
      const [data] = await Promise.all([this.env.turn(this.flow, this.chat, turn), this.env.pause()]);
      if (generation !== this.generation) return undefined;
      this.update({ loading: false });
      if (!this.chat) {
        // A chat the server opened without saying which (docs/chat.md, "In the browser").
        if (!data._id || !data.chatToken) {
          this.restart(MESSAGES.chatInternalError);
          return undefined;
        }
        this.chat = { id: data._id, token: data.chatToken };
      }
      return data;
    } catch (error) {
      if (generation !== this.generation) return undefined;
      this.update({ loading: false });
      this.failed(error);
      return undefined;
    }
  }

  private after(data: ChatTurnData): void {
    if (data.success && data.user && data.accessToken && data.refreshToken) {
      const session: StoredSession = { user: data.user, accessToken: data.accessToken, refreshToken: data.refreshToken, clientIp: data.clientIp, access: data.access };
      // A sign-up's bubble is the chat's own sentence; the server's message is the notification.
      if (this.flow === 'signUp') {
        this.say(MESSAGES.chatSignedUp, 'success');
        if (data.message) this.env.notify(data.message);
      } else {
        this.say(data.message ?? MESSAGES.loggedIn, 'success');
      }
      this.update({ question: null, options: [] });
      this.env.signedIn(session, this.flow, this.flow === 'signUp' ? AFTER_SIGN_UP_MS : AFTER_LOGIN_MS);
      return;
    }
    if (data.available === false) return this.emailTaken(data);
    if (data.message && !data.summary) this.say(data.message, 'success');
    if (data.next) return this.ask(data.next);
    if (data.summary) return this.confirm(data.summary);
  }

  /** The sign-up's summary: 'Are the following details correct ?', then Edit or Save and Proceed. */
  private confirm(summary: ChatSummaryRow[]): void {
    this.push({ from: 'assistant', text: MESSAGES.chatConfirmDetails, summary });
    this.offer([
      { label: 'Edit', choose: () => this.edit(summary) },
      {
        label: 'Save and Proceed',
        primary: true,
        choose: () => {
          this.heard('Save and Proceed');
          void this.call({ action: 'submit' }).then((data) => data && this.after(data));
        },
      },
    ]);
  }

  private edit(summary: ChatSummaryRow[]): void {
    this.heard('Edit');
    this.say('Which detail would you like to change?');
    this.offer(
      summary.map((row) => ({
        label: row.label,
        choose: () => {
          this.heard(row.label);
          const question = this.questionFor(row.answer_key);
          if (question) this.ask(question);
        },
      })),
    );
  }

  private emailTaken(data: Pick<ChatTurnData, 'message'>): void {
    const email = this.questions.find((question) => question.input.type === 'email');
    const taken = [...this.view.messages].reverse().find((message) => message.from === 'person')?.text ?? '';
    this.say(data.message ?? MESSAGES.chatEmailTaken, 'error');
    this.offer([
      { label: 'Login with this email', choose: () => void this.startAssistant('login', 'Login with this email', { question: 'email', text: taken }) },
      ...(email ? [{ label: 'Use another email', choose: () => (this.heard('Use another email'), this.ask(email)) }] : []),
    ]);
  }

  private readonly failures: Record<string, FailureHandler> = {
    // The server's reason, then the question again as a new bubble: a refusal shown only in the
    // message box's label is missed on a phone, whose keyboard covers it.
    INVALID_ANSWER: (error) => {
      this.say(error.message, 'error');
      if (this.lastQuestion) this.ask(this.lastQuestion);
    },
    WRONG_PASSWORD: (error) =>
      this.tellWithOptions(error.message, [
        ['Forgot Password', () => this.action('forgotPassword', 'Forgot Password')],
        ['Try Again', () => this.askAgain('password', 'Try Again')],
      ], true),
    EMAIL_NOT_FOUND: (error) =>
      this.tellWithOptions(error.message, [
        ['Signup', () => void this.startAssistant('signUp', 'Signup')],
        ['Try Again', () => this.askAgain('email', 'Try Again')],
      ]),
    OTP_INCORRECT: (error) =>
      this.tellWithOptions(error.message, [
        ['Create new account', () => void this.startAssistant('signUp', 'Create new account')],
        ['Resend OTP', () => this.action('resendOtp', 'Resend OTP')],
      ], true),
    OTP_EXPIRED: (error) => this.tellWithOptions(error.message, [['Resend OTP', () => this.action('resendOtp', 'Resend OTP')]]),
    OTP_LOCKED: (error) => this.tellWithOptions(error.message, [['Resend OTP', () => this.action('resendOtp', 'Resend OTP')]]),
    LOGIN_LOCKED: (error) => this.tellWithOptions(error.message, [['Forgot Password', () => this.action('forgotPassword', 'Forgot Password')]]),
    EMAIL_TAKEN: () => this.emailTaken({ message: MESSAGES.chatEmailTaken }),
    // A sign-up refused at the end (a rule changed meanwhile): the question of the first refused answer again.
    INVALID_ANSWERS: (error) => {
      this.say(error.message, 'error');
      const question = error.fieldErrors[0] && this.questionFor(error.fieldErrors[0].path.split('.')[0]);
      if (question) this.ask(question);
    },
  };

  /** A failed turn, told in the product's words, with the next steps they offer (docs/chat.md, "In the browser"). */
  private failed(error: unknown): void {
    if (!(error instanceof ApiError) || error.status === undefined) {
      this.say(MESSAGES.chatStepFailed, 'error');
      if (this.lastQuestion) this.reopen(this.lastQuestion);
      return;
    }
    const handler = error.errorCode ? this.failures[error.errorCode] : undefined;
    if (handler) return handler(error);
    if (error.status === 429) return this.tellAndAskAgain(error.message);
    if (error.status === 404) return this.restart(MESSAGES.chatServiceError);
    if (error.status === 400) return this.restart(MESSAGES.chatInternalError);
    this.say(MESSAGES.chatOtherError, 'error');
    if (this.lastQuestion) this.reopen(this.lastQuestion);
  }

  /** The last question asked (a failed answer is asked again). */
  private lastQuestion: ChatQuestion | null = null;

  private tellAndAskAgain(text: string): void {
    this.say(text, 'error');
    if (this.lastQuestion) this.reopen(this.lastQuestion);
  }

  /**
   * A failure with the original next steps. With `retype`, the question stays open too, so a
   * mistyped password or code can simply be typed again.
   */
  private tellWithOptions(text: string, options: [string, () => void][], retype = false): void {
    this.say(text, 'error');
    const question = retype && this.lastQuestion?.input.kind === 'typed' ? this.lastQuestion : null;
    this.update({ options: options.map(([label, choose]) => ({ label, choose })), question });
  }

  /** The conversation could not go on (an ended chat, a refused request): the assistant starts the flow again. */
  private restart(text: string): void {
    this.say(text, 'error');
    const flow = this.flow;
    this.offer([{ label: 'Start again', choose: () => void this.startAssistant(flow, 'Start again') }]);
  }

  private askAgain(answerKey: string, said: string): void {
    this.heard(said);
    const question = this.questionFor(answerKey);
    if (question) this.ask(question);
  }

  private action(action: 'forgotPassword' | 'resendOtp', said: string): void {
    this.heard(said);
    void this.call({ action }).then((data) => data && this.after(data));
  }

  /** The question open for an answer (again, after a refusal, without repeating it): its answer box or buttons. */
  private reopen(question: ChatQuestion): void {
    this.update({ question, options: this.answerButtons(question) });
  }

  private questionFor(answerKey: string): ChatQuestion | undefined {
    return this.questions.find((question) => question.answer_key === answerKey);
  }

  private refuse(text: string): void {
    this.update({ composerError: text });
  }

  private say(text: string, tone?: ChatMessage['tone'], hint?: string | null): void {
    this.push({ from: 'assistant', text, ...(tone ? { tone } : {}), ...(hint ? { hint } : {}) });
  }

  private heard(text: string): void {
    this.push({ from: 'person', text });
    this.update({ options: [], composerError: null });
  }

  private offer(options: ChatOption[]): void {
    this.update({ options, question: null });
  }

  private push(message: Omit<ChatMessage, 'id'>): void {
    this.update({ messages: [...this.view.messages, { id: this.nextId++, ...message }] });
  }

  private update(change: Partial<ChatView>): void {
    if (change.question) this.lastQuestion = change.question;
    this.view = { ...this.view, ...change };
    for (const listener of this.listeners) listener();
  }
}
