import { ApiProperty } from '@nestjs/swagger';
import { ApiResponseBase } from '../../common/api-response.js';

export class NewQuestionDto {
  @ApiProperty({ example: 'firstGeneration' }) key: string;
  @ApiProperty({ example: 'First-generation college student' }) name: string;
  @ApiProperty({ example: 'profile-education' }) formKey: string;
  @ApiProperty({ example: 'basic', enum: ['basic', 'education', 'contact'], description: "The profile tab's slug" }) tab: string;
}

export class NewQuestionsDto {
  @ApiProperty({ type: [NewQuestionDto] }) fields: NewQuestionDto[];
}

export class NewQuestionsResponseDto extends ApiResponseBase {
  @ApiProperty({ type: NewQuestionsDto }) data: NewQuestionsDto;
}
