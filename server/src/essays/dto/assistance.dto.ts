import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';

export class AssistanceQuestionDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'How do I write a strong personal statement?' }) question: string;
}

export class AssistanceAnswerDto extends AssistanceQuestionDto {
  @ApiProperty({ example: '<p>Start with a moment that changed how you see your goals…</p>', description: 'Sanitised HTML' }) answer: string;
}

export class AssistanceQuestionsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: [AssistanceQuestionDto] })
  data: AssistanceQuestionDto[];
}

export class AssistanceAnswerResponseDto extends ApiResponseBase {
  @ApiProperty({ type: AssistanceAnswerDto })
  data: AssistanceAnswerDto;
}
