import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { FieldErrorDto } from '../../common/error-body.js';

export class ValidateFormDto {
  @ApiProperty({ example: { gpa: 3.6 }, type: 'object', additionalProperties: true, description: 'The answers, keyed by field key' })
  @IsObject({ message: 'data must be an object of answers keyed by field key' })
  data: Record<string, unknown>;
}

export class FormValidationDto {
  @ApiProperty({ example: false })
  valid: boolean;

  @ApiProperty({ description: 'The form version the answers were checked against', example: '1d8e88eeceae9f2a' })
  version: string;

  @ApiProperty({ type: [FieldErrorDto] })
  errors: FieldErrorDto[];

  @ApiProperty({ example: { gpa: 3.6 }, type: 'object', additionalProperties: true, description: 'The answers as the server would store them' })
  data: Record<string, unknown>;
}

export class FormValidationResponseDto extends ApiResponseBase {
  @ApiProperty({ type: FormValidationDto })
  data: FormValidationDto;
}
