import { ApiDefaultResponse, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FieldError } from '@scholarmatch/schemas';

export class FieldErrorDto implements FieldError {
  @ApiProperty({ description: "Dot path of the field ('dob', 'gpa.grade'); '' for the whole body", example: 'dob' })
  path: string;

  @ApiProperty({ example: 'Please select your date of birth!' })
  message: string;
}

/** The one error body every 4xx and 5xx carries (DESIGN.md section 3). */
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
}

/** Thrown by services for a 4xx with a human description (and optional field errors). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly description: string,
    readonly options: { message?: string; errors?: FieldError[]; errorCode?: string } = {},
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
