import { Body, Controller, Get, Headers, Ip, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { SEED_ADDRESS } from '../common/addresses.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { RateLimited } from '../common/rate-limit.js';
import type { ChatTurnOutcome } from './chat-sessions.js';
import { ChatIdQueryDto, ChatQuestionsResponseDto, ChatTurnDto, ChatTurnResponseDto, QuestionsQueryDto, SignUpChatTurnDto } from './dto/chat-turn.dto.js';
import { FormConversation } from './form-conversation.js';
import { LoginChatService } from './login-chat.service.js';
import { SIGNUP_FORM, SignUpChatService } from './signup-chat.service.js';
import { OperationId } from '../common/operation-id.js';

const CHAT_TOKEN_HEADER = {
  name: 'x-chat-token',
  required: false,
  description: 'The chatToken the first turn answered (optional: ?id= alone continues the chat); when sent, it must be the chat\'s',
};

/** The turn's answer: the chat's id (and token, once), what the assistant says, and a session when it signed the person in. */
function turnBody<T extends { message?: string; session?: SessionDto }>(outcome: ChatTurnOutcome<T>) {
  const { message, session, ...rest } = outcome.result;
  return {
    statusCode: 201,
    ...(message ? { message } : {}),
    data: { _id: outcome.chatId, ...(outcome.chatToken ? { chatToken: outcome.chatToken } : {}), ...(message ? { message } : {}), ...rest, ...(session ? { success: true, ...session } : {}) },
  };
}

/** Chat sign-up and login (docs/chat.md): the served forms asked one question at a time. */
@ApiTags('chat')
@ApiErrorResponses()
@Controller()
export class ChatController {
  constructor(
    private readonly conversation: FormConversation,
    private readonly signUpChat: SignUpChatService,
    private readonly loginChat: LoginChatService,
  ) {}

  @Public()
  @Get(['questions', SEED_ADDRESS.questions])
  @ApiOperation({
    summary: "The questions a chat asks, made from the served forms (public): signUp from 'signup', login from 'login' then 'password-reset'",
    description:
      "A field added to one of those forms is a question here at once. The login chat's carry the original answer keys: email, password, generate_otp (the step that e-mails a code), otp, newPassword.",
  })
  @ApiOkResponse({ type: ChatQuestionsResponseDto })
  @OperationId('listChatQuestions')
  async questions(@Query() query: QuestionsQueryDto) {
    return ok(query.questionType === 'signUp' ? await this.conversation.questions(SIGNUP_FORM) : await this.loginChat.questions());
  }

  @Public()
  @RateLimited({ group: 'signupChat' })
  @Post(['signup/chats', SEED_ADDRESS.signUpChats])
  @ApiHeader(CHAT_TOKEN_HEADER)
  @ApiOperation({
    summary: 'One turn of a sign-up chat (public; CHAT_TURNS_PER_MINUTE per IP): an answer, or submit after the summary',
    description:
      "The first turn (no ?id) opens the chat and answers its _id (which alone continues it) and a chatToken. Each answer is judged by the served 'signup' form's rule for that field: " +
      "400 INVALID_ANSWER with the form's words. The e-mail answer says `available` (false: taken, not kept). When every question is answered, `summary` lists them; " +
      "{ action: 'submit' }, or the original client's whole sign-up payload (firstName, lastName, email, phone, password, applicantType, isProfileUpdate, isScholarshipApplied), " +
      'then signs up exactly as POST /register-applicants does and answers the session. A payload answer other than the chat\'s: 400 CHAT_ANSWER_MISMATCH naming the field. ' +
      'An unknown, expired or ended chat, or a wrong X-Chat-Token: 404 CHAT_NOT_FOUND.',
  })
  @ApiCreatedResponse({ type: ChatTurnResponseDto })
  @OperationId('takeSignUpChatTurn')
  async signUpTurn(@Query() query: ChatIdQueryDto, @Headers('x-chat-token') chatToken: string | undefined, @Body() turn: SignUpChatTurnDto, @Ip() ip: string) {
    return turnBody(await this.signUpChat.turn(query.id, chatToken, turn, ip));
  }

  @Public()
  @RateLimited({ group: 'login' })
  @Post(['login/chats', SEED_ADDRESS.loginChats])
  @ApiHeader(CHAT_TOKEN_HEADER)
  @ApiOperation({
    summary: 'One turn of a login chat (public; rate-limited together with POST /users/auth/login)',
    description:
      "email, then password (the original keys; the login form's userName and currentPassword too): the login itself, with the form login's per-account lock-out " +
      "(400 WRONG_PASSWORD or EMAIL_NOT_FOUND in the chat's words, 429 LOGIN_LOCKED). generate_otp (or { action: 'forgotPassword' | 'resendOtp' }) e-mails a code; " +
      'then otp (400 OTP_INCORRECT; `otp: true` when right) and newPassword, which resets the password and signs in.',
  })
  @ApiCreatedResponse({ type: ChatTurnResponseDto })
  @OperationId('takeLoginChatTurn')
  async loginTurn(@Query() query: ChatIdQueryDto, @Headers('x-chat-token') chatToken: string | undefined, @Body() turn: ChatTurnDto, @Ip() ip: string) {
    return turnBody(await this.loginChat.turn(query.id, chatToken, turn, ip));
  }
}
