import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { EligibleScholarshipDto } from '../../scholarships/dto/eligible-scholarships.dto.js';

/** What the dashboard assistant answers from the matcher (docs/chat.md, "Dashboard assistant"). */
export const ASSISTANT_TYPES = ['recommendation', 'easy_apply', 'essay_only'] as const;
export type AssistantType = (typeof ASSISTANT_TYPES)[number];

export class AssistantQuestionDto {
  @ApiProperty({ example: 'recommendation', enum: ASSISTANT_TYPES, description: 'recommendation: every recommendation (the Your Recommendation list); easy_apply: no requirement; essay_only: only an essay' })
  @IsIn(ASSISTANT_TYPES, { message: `scholarship_type must be one of ${ASSISTANT_TYPES.join(', ')}` })
  scholarship_type: AssistantType;

  @ApiProperty({ description: 'The option as the person chose it (kept with the chat)', example: 'Show me recommendations', maxLength: 300 })
  @IsString() @MaxLength(300)
  question: string;
}

/** The original request: who asks, and what. */
export class AssistantChatDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: "The caller's own id (anyone else's is refused)" })
  @IsUUID('all', { message: 'userID must be your user id' })
  userID: string;

  @ApiProperty({ type: AssistantQuestionDto })
  @ValidateNested() @Type(() => AssistantQuestionDto)
  questionAnswer: AssistantQuestionDto;
}

export class AssistantAnswerDto {
  @ApiProperty({ example: '7d9f3b21-4e6a-4c58-8b1f-2a6e9c0d4f83', format: 'uuid', description: 'The chat: send it as `?id=` with later questions' })
  chat_id: string;

  @ApiProperty({ type: [EligibleScholarshipDto], description: "Matching open scholarships, newest first (at most 6); empty: 'Oops!! No Scholarship Found. Select from the other options.'" })
  data: EligibleScholarshipDto[];

  @ApiProperty({ example: true, description: 'False until the registration is done: the browser shows the registration form, then asks again' })
  profileComplete: boolean;
}

export class AssistantAnswerResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AssistantAnswerDto })
  data: AssistantAnswerDto;
}
