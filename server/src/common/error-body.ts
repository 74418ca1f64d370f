import { ApiDefaultResponse, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FieldError } from '@scholarmatch/schemas';

export class FieldErrorDto implements FieldError {
  @ApiProperty({ description: "Dot path of the field ('dob', 'gpa.grade'); '' for the whole body", example: 'dob' })
  path: string;

  @ApiProperty({ example: 'Please select your date of birth!' })
  message: string;
}

/** A published scholarship a refusal is about, by its public facts (its title is on its public page too). */
export class RefusedScholarshipDto {
  @ApiProperty({ example: '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Women in STEM Scholarship' })
  title: string;
}

/** The one error body every 4xx and 5xx carries (docs/api.md). */
export class ErrorBodyDto {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({ description: 'HTTP reason phrase', example: 'Bad Request' })
  error: string;

  @ApiProperty({ description: 'Short machine-friendly summary', example: 'Validation failed' })
  message: string;

  @ApiProperty({ description: 'The sentence to show to a person', example: 'Please select your date of birth!' })
  description: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Field-level problems, to show under each field' })
  errors?: FieldErrorDto[];

  @ApiPropertyOptional({ description: 'Stable code for clients that branch on the kind of failure', example: 'FORM_NOT_FOUND' })
  errorCode?: string;

  @ApiPropertyOptional({
    type: RefusedScholarshipDto,
    description: 'The scholarship a membership refusal (SUBSCRIPTION_REQUIRED on its details) is about, so the client can name it',
  })
  scholarship?: RefusedScholarshipDto;
}

/** Thrown by services for a 4xx with a human description (and optional field errors). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly description: string,
    readonly options: { message?: string; errors?: FieldError[]; errorCode?: string; scholarship?: RefusedScholarshipDto } = {},
  ) {
    super(options.message ?? description);
  }
}

/**
 * Documents the error body on every operation of a controller: whatever the route, a failure is a
 * 4xx with a description, 503 while the database is unreachable, or 500 'Server Error'.
 */
export const ApiErrorResponses = () =>
  ApiDefaultResponse({
    type: ErrorBodyDto,
    description: 'Any failure: a 4xx with a description, 503 while the database is unreachable, or 500 "Server Error"',
  });
