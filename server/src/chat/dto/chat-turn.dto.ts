import { ApiProperty, ApiPropertyOptional, IntersectionType, PartialType, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { AccessDto } from '../../auth/dto/session.dto.js';
import { UserDto } from '../../users/dto/user.dto.js';
import { FIELD_VALUE_SCHEMAS } from '../../applicants/dto/applicant.dto.js';
import { SignUpDto } from '../../applicants/dto/sign-up.dto.js';
import { APPLICANT_TYPES, type ApplicantType } from '../../users/user.entity.js';

export const CHAT_ACTIONS = ['submit', 'forgotPassword', 'resendOtp'] as const;
export const QUESTION_TYPES = ['signUp', 'login'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The longest typed answer a chat takes (a password may be long; nothing else is). */
const ANSWER_MAX_LENGTH = 2000;

/** One turn of a sign-up or login chat (docs/chat.md): an answer to a question, or a step the person chose. */
export class ChatTurnDto {
  @ApiPropertyOptional({ example: 'signup.email', description: "The question's `_id` (the original client sends it; informative only)", maxLength: 200 })
  @IsOptional() @IsString() @MaxLength(200)
  question_id?: string;

  @ApiPropertyOptional({ example: 'What is your email address?', description: 'The question as shown (the original client sends it; informative only)', maxLength: 500 })
  @IsOptional() @IsString() @MaxLength(500)
  question?: string;

  @ApiPropertyOptional({
    description:
      "The question answered: its `answer_key` (a field key of the chat's form; a login chat's are the original ones: email, password, generate_otp, otp, newPassword, " +
      'and the login form takes its own userName and currentPassword too)',
    example: 'email',
  })
  @IsOptional() @IsString() @Matches(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'answer_key must be a field key' })
  answer_key?: string;

  @ApiPropertyOptional({ example: 'maya.lopez@example.com', description: "What was typed or chosen (a choice's value); '' skips an optional question", maxLength: ANSWER_MAX_LENGTH })
  @IsOptional() @IsString() @MaxLength(ANSWER_MAX_LENGTH)
  answer?: string;

  @ApiPropertyOptional({
    description: "An answer given through the form engine, for a question whose input kind is 'form' (a file's address, a grade)",
    example: 3.6,
    oneOf: FIELD_VALUE_SCHEMAS,
  })
  @IsOptional()
  value?: unknown;

  @ApiPropertyOptional({ example: 'submit',
    enum: CHAT_ACTIONS,
    description: "A step instead of an answer: 'submit' saves a sign-up after its summary; 'forgotPassword' and 'resendOtp' e-mail a login chat's person a code",
  })
  @IsOptional() @IsIn(CHAT_ACTIONS)
  action?: (typeof CHAT_ACTIONS)[number];
}

/** The original sign-up payload, which its client sends as the sign-up chat's last call. */
export const SEED_SIGNUP_PAYLOAD_KEYS = ['firstName', 'lastName', 'email', 'phone', 'password', 'applicantType', 'isProfileUpdate', 'isScholarshipApplied'] as const;

/**
 * A turn of a sign-up chat: an answer, a step, or the original whole sign-up payload, which ends
 * the chat as `submit` does once it agrees with the answers given (docs/chat.md, "Sign-up").
 */
export class SignUpChatTurnDto extends IntersectionType(
  ChatTurnDto,
  PartialType(PickType(SignUpDto, ['firstName', 'lastName', 'email', 'phone', 'password', 'isProfileUpdate', 'isScholarshipApplied'] as const)),
) {
  // Not picked: the sign-up's documents a default, which would make it required in generated client types.
  @ApiPropertyOptional({ example: 'STUDENT', enum: APPLICANT_TYPES, description: 'As at sign-up; STUDENT when absent' })
  @IsOptional() @IsIn(APPLICANT_TYPES)
  applicantType?: ApplicantType;
}

export class ChatIdQueryDto {
  @ApiPropertyOptional({ description: 'The chat (its `_id`), which alone continues it; absent on the first turn, which opens it', format: 'uuid' })
  @IsOptional() @IsUUID('all', { message: 'id must be the _id of a chat' })
  id?: string;
}

export class QuestionsQueryDto {
  @ApiProperty({ enum: QUESTION_TYPES })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsIn(QUESTION_TYPES, { message: "questionType must be 'signUp' or 'login'" })
  questionType: QuestionType;
}

export class ChatChoiceDto {
  @ApiProperty({ example: 'college-senior' }) value: string;
  @ApiProperty({ example: 'College senior' }) label: string;
}

export class ChatInputDto {
  @ApiProperty({ example: 'typed', enum: ['typed', 'choice', 'form'], description: 'Typed in the message box, picked from choices, or answered through the form engine (the field of the served form)' })
  kind: 'typed' | 'choice' | 'form';

  @ApiPropertyOptional({ example: 'text', enum: ['text', 'email', 'tel', 'password', 'number', 'date', 'url'], description: 'For typed answers: the kind of text box' })
  type?: string;

  @ApiPropertyOptional({ type: [ChatChoiceDto], description: 'For choices: the buttons, in order' })
  choices?: ChatChoiceDto[];
}

/** The original question (`_id`, `question`, `answer`, `answer_key`, `hint`), made from a field of a served form. */
export class ChatQuestionDto {
  @ApiProperty({ example: 'signup.firstName' }) _id: string;
  @ApiProperty({ example: 'What is your first name?' }) question: string;
  @ApiProperty({ example: '', description: "Always '' when served" }) answer: string;
  @ApiProperty({ example: 'firstName', description: 'The field key a turn names when it answers' }) answer_key: string;
  @ApiProperty({ example: null, type: String, nullable: true }) hint: string | null;
  @ApiProperty({ example: false, description: 'May be skipped' }) optional: boolean;
  @ApiProperty({ type: ChatInputDto }) input: ChatInputDto;
}

export class ChatQuestionsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [ChatQuestionDto] })
  data: ChatQuestionDto[];
}

export class ChatSummaryRowDto {
  @ApiProperty({ example: 'email' }) answer_key: string;
  @ApiProperty({ example: 'First Name' }) label: string;
  @ApiProperty({ example: 'maya.lopez@example.com', description: 'As shown back; a secret is masked' }) value: string;
}

/** What a turn answers: the chat, what the assistant says next, and the session when the person is signed in. */
export class ChatTurnDataDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: 'The chat: send it as `?id=` with later turns. Whoever has it continues the chat, so keep it as a secret' })
  _id: string;

  @ApiPropertyOptional({ example: 'ct_6a1f3e9c2b7d4e8f', description: 'Only on the turn that opened the chat: the X-Chat-Token header a later turn may send (optional; the _id alone continues the chat)' })
  chatToken?: string;

  @ApiPropertyOptional({ example: 'Thanks! What is your password?', description: "The assistant's words for this turn" })
  message?: string;

  @ApiPropertyOptional({ example: true, description: 'Sign-up, on the e-mail question: false when an account has that e-mail (the answer is not kept)' })
  available?: boolean;

  @ApiPropertyOptional({ type: ChatQuestionDto, nullable: true, description: 'The next question; null when none is left' })
  next?: ChatQuestionDto | null;

  @ApiPropertyOptional({ type: [ChatSummaryRowDto], description: "Sign-up: every question answered, to confirm ('Are the following details correct ?')" })
  summary?: ChatSummaryRowDto[];

  @ApiPropertyOptional({ example: true, description: 'Login recovery: the code was right, the new password comes next' })
  otp?: boolean;

  @ApiPropertyOptional({ example: true, description: 'The chat signed the person in (then user and the tokens are here)' })
  success?: boolean;

  @ApiPropertyOptional({ type: UserDto }) user?: UserDto;
  @ApiPropertyOptional({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI5YjJlN2QxNCJ9.signature' }) accessToken?: string;
  @ApiPropertyOptional({ example: 'r1_5f0c9a7e2b8d4c16a3e9f7b2d1c8e4a6' }) refreshToken?: string;
  @ApiPropertyOptional({ example: '203.0.113.7' }) clientIp?: string;
  @ApiPropertyOptional({ type: AccessDto, description: "The person's access, as the original client reads it" }) access?: AccessDto;
}

export class ChatTurnResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ChatTurnDataDto })
  data: ChatTurnDataDto;
}
