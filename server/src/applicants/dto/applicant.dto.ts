import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';
import { UserDto } from '../../users/dto/user.dto.js';
import { APPLICANT_TYPES, type ApplicantType } from '../../users/user.entity.js';

/** The forms an applicant fills about themselves; a PUT names the one it came from. */
export const PROFILE_FORM_KEYS = ['registration', 'profile-basic', 'profile-education', 'profile-contact'] as const;
export type ProfileFormKey = (typeof PROFILE_FORM_KEYS)[number];

/** What an answer may be, for the OpenAPI document (the form's schema judges the value itself). */
/** Any answer a field can have, as the OpenAPI document describes it. */
export const FIELD_VALUE_SCHEMAS = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'array', items: { type: 'string' } },
  { type: 'object', additionalProperties: true },
];

class FieldKeyDto {
  @ApiProperty({ example: 'citizenship' }) key: string;
  @ApiProperty({ example: 'Citizenship' }) name: string;
  @ApiProperty({ example: 'select' }) dataType: string;
}

/** One stored answer, in the original shape. */
export class ApplicantFieldDto {
  @ApiProperty({ example: 4 }) fieldId: number;

  @ApiProperty({
    description: "The answer: a string (option value, text, 'YYYY-MM' date), a list of strings (multiSelect) or an object (grade: { markingSystem, grade, gpa })",
    example: 'us',
    oneOf: FIELD_VALUE_SCHEMAS,
  })
  fieldValue: unknown;

  @ApiProperty({ type: FieldKeyDto }) field: FieldKeyDto;
}

/** The applicant and their profile answers (as in the original product). */
export class ApplicantDto extends UserDto {
  @ApiProperty({ type: [ApplicantFieldDto] })
  applicantFields: ApplicantFieldDto[];
}

export class ApplicantResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ApplicantDto })
  data: ApplicantDto;
}

class ApplicantWrapperDto {
  @ApiProperty({ type: ApplicantDto })
  applicant: ApplicantDto;
}

export class UpdatedApplicantResponseDto extends ApiResponseBase {
  @ApiProperty({ type: ApplicantWrapperDto })
  data: ApplicantWrapperDto;
}

/** One submitted answer: the field's id and its value (an empty value removes the answer). */
export class ApplicantFieldInputDto {
  @ApiProperty({ example: 4 })
  @Type(() => Number)
  @IsInt({ message: 'fieldId must be a whole number' })
  @Min(1)
  fieldId: number;

  @ApiProperty({ description: 'The answer (see ApplicantFieldDto.fieldValue); empty or null removes it', example: 'us', oneOf: FIELD_VALUE_SCHEMAS, nullable: true })
  @Allow()
  fieldValue: unknown;
}

/**
 * PUT register-applicants/{id} (as in the original product): account fields plus `applicantFields`. The
 * answers are merged into the stored ones by field and validated against the compiled schema of
 * the form named by `formKey`, exactly as the browser validated them.
 */
export class UpdateApplicantDto {
  @ApiPropertyOptional({ example: 'profile-basic', enum: PROFILE_FORM_KEYS, default: 'registration', description: 'The form the answers come from' })
  @IsOptional()
  @IsIn(PROFILE_FORM_KEYS)
  formKey?: ProfileFormKey;

  @ApiPropertyOptional({ example: 'Maya' }) @IsOptional() @IsString() @MaxLength(100) firstName?: string;
  @ApiPropertyOptional({ example: 'Lopez' }) @IsOptional() @IsString() @MaxLength(100) lastName?: string;
  @ApiPropertyOptional({ example: 'maya.lopez@example.com' }) @IsOptional() @IsString() @MaxLength(320) email?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD', example: '2007-04-12' })
  @IsOptional()
  @IsString({ message: 'dob must be a string' })
  @MaxLength(10)
  dob?: string;

  @ApiPropertyOptional({ example: '+12025550143' }) @IsOptional() @IsString() @MaxLength(32) phone?: string;

  @ApiPropertyOptional({ example: 'STUDENT', enum: APPLICANT_TYPES })
  @IsOptional()
  @IsIn(APPLICANT_TYPES)
  applicantType?: ApplicantType;

  @ApiPropertyOptional({ oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }], example: true, description: "Sent by the original client; the server owns this flag (set once registration is complete)" })
  @IsOptional()
  @IsIn(['true', 'false', true, false])
  isProfileUpdate?: string | boolean;

  @ApiPropertyOptional({ oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }], example: false, description: "Sent by the original client; the server owns this flag (set by the sweepstakes)" })
  @IsOptional()
  @IsIn(['true', 'false', true, false])
  isScholarshipApplied?: string | boolean;

  @ApiPropertyOptional({ type: [ApplicantFieldInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ApplicantFieldInputDto)
  applicantFields?: ApplicantFieldInputDto[];
}

