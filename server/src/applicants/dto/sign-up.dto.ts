import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, PASSWORD_MESSAGES, PASSWORD_POLICY } from '@scholarmatch/schemas';
import { Transform } from 'class-transformer';
import { trim } from '../../common/transforms.js';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { APPLICANT_TYPES, type ApplicantType } from '../../users/user.entity.js';

/** A password as the policy wants it (schemas/src/domain/password.ts). */
export function PasswordRules(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: MESSAGES.passwordRequired })(target, key);
    MinLength(PASSWORD_POLICY.minLength, { message: PASSWORD_MESSAGES.tooShort })(target, key);
    MaxLength(PASSWORD_POLICY.maxLength, { message: PASSWORD_MESSAGES.tooLong })(target, key);
  };
}

/**
 * Sign-up (as in the original product): the original payload, checked here for its shape only. Its rules and
 * words (names, e-mail, phone, password policy, confirmation, consents) are the served `signup`
 * form's, applied by AccountsService with the same validator as the browser (docs/decisions.md,
 * "Sign-up is the served form").
 */
export class SignUpDto {
  @ApiProperty({ example: 'Maya', description: "The sign-up form's rules apply (GET /forms/signup)" })
  @Transform(trim)
  @IsString({ message: MESSAGES.firstNameRequired })
  firstName: string;

  @ApiProperty({ example: 'Lopez' })
  @Transform(trim)
  @IsString({ message: MESSAGES.lastNameRequired })
  lastName: string;

  @ApiProperty({ example: 'maya@example.com' })
  @Transform(trim)
  @IsString({ message: MESSAGES.emailRequired })
  email: string;

  @ApiProperty({ description: "International format: '+', country code, number (a missing '+' is added)", example: '+12025550143' })
  @Transform(trim)
  @IsString({ message: MESSAGES.phoneRequired })
  phone: string;

  @ApiProperty({ example: 'Str0ng#Passw0rd', minLength: PASSWORD_POLICY.minLength, maxLength: PASSWORD_POLICY.maxLength })
  @IsString({ message: MESSAGES.passwordRequired })
  password: string;

  @ApiPropertyOptional({ example: 'Str0ng#Passw0rd', description: "Not in the original client's payload: checked against password when sent" })
  @IsOptional()
  @IsString({ message: MESSAGES.confirmPasswordRequired })
  confirmPassword?: string;

  @ApiPropertyOptional({ example: 'STUDENT', enum: APPLICANT_TYPES, default: 'STUDENT' })
  @IsOptional()
  @IsIn(APPLICANT_TYPES)
  applicantType?: ApplicantType;

  @ApiPropertyOptional({ example: 'false', type: String, enum: ['false'], description: "Sent as 'false' by the original client (boolean false is accepted too); a new account always starts false" })
  @IsOptional()
  @IsIn(['false', false], { message: 'isProfileUpdate must be false at sign-up' })
  isProfileUpdate?: 'false' | false;

  @ApiPropertyOptional({ example: 'false', type: String, enum: ['false'], description: "Sent as 'false' by the original client (boolean false is accepted too); a new account always starts false" })
  @IsOptional()
  @IsIn(['false', false], { message: 'isScholarshipApplied must be false at sign-up' })
  isScholarshipApplied?: 'false' | false;

  @ApiPropertyOptional({ example: true, description: "Not in the original client's payload: when sent it must be true (the form's consent), and it is recorded with the time" })
  @IsOptional()
  @IsBoolean()
  consentToContact?: boolean;

  @ApiPropertyOptional({ example: true, description: "Not in the original client's payload: when sent it must be true (the form's consent), and it is recorded with the time" })
  @IsOptional()
  @IsBoolean()
  acceptTerms?: boolean;

  @ApiPropertyOptional({ example: { howDidYouHear: 'school-counselor' },
    type: 'object',
    additionalProperties: true,
    description: "Answers to the sign-up form's other fields (ones an admin added), by field key: judged by the form, and a profile field's answer is kept in the profile",
  })
  @IsOptional()
  @IsObject()
  answers?: Record<string, unknown>;
}
