import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, PASSWORD_MESSAGES, PASSWORD_POLICY } from '@scholarmatch/schemas';
import { Transform } from 'class-transformer';
import { trim } from '../../common/transforms.js';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { APPLICANT_TYPES, type ApplicantType } from '../../users/user.entity.js';

/** A password as the policy wants it (schemas/src/domain/password.ts). */
export function PasswordRules(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: MESSAGES.passwordRequired })(target, key);
    MinLength(PASSWORD_POLICY.minLength, { message: PASSWORD_MESSAGES.tooShort })(target, key);
    MaxLength(PASSWORD_POLICY.maxLength, { message: PASSWORD_MESSAGES.tooLong })(target, key);
  };
}

/** Sign-up (seed 000 section 3): the seed's payload; the two consents are recorded when sent. */
export class SignUpDto {
  @ApiProperty({ example: 'Maya', maxLength: 100 })
  @Transform(trim)
  @IsString({ message: MESSAGES.firstNameRequired })
  @IsNotEmpty({ message: MESSAGES.firstNameRequired })
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ example: 'Lopez', maxLength: 100 })
  @Transform(trim)
  @IsString({ message: MESSAGES.lastNameRequired })
  @IsNotEmpty({ message: MESSAGES.lastNameRequired })
  @MaxLength(100)
  lastName: string;

  @ApiProperty({ example: 'maya@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.emailInvalid })
  @MaxLength(320)
  email: string;

  @ApiProperty({ description: "International format: '+', country code, number", example: '+12025550143' })
  @IsString({ message: MESSAGES.phoneRequired })
  @Matches(/^\+?\d{4,20}$/, { message: MESSAGES.phoneDigitsOnly })
  phone: string;

  @ApiProperty({ minLength: PASSWORD_POLICY.minLength, maxLength: PASSWORD_POLICY.maxLength })
  @PasswordRules()
  password: string;

  @ApiPropertyOptional({ enum: APPLICANT_TYPES, default: 'STUDENT' })
  @IsOptional()
  @IsIn(APPLICANT_TYPES)
  applicantType?: ApplicantType;

  @ApiPropertyOptional({ type: String, enum: ['false'], description: "Sent as 'false' by the seed's client (boolean false is accepted too); a new account always starts false" })
  @IsOptional()
  @IsIn(['false', false], { message: 'isProfileUpdate must be false at sign-up' })
  isProfileUpdate?: 'false' | false;

  @ApiPropertyOptional({ type: String, enum: ['false'], description: "Sent as 'false' by the seed's client (boolean false is accepted too); a new account always starts false" })
  @IsOptional()
  @IsIn(['false', false], { message: 'isScholarshipApplied must be false at sign-up' })
  isScholarshipApplied?: 'false' | false;

  @ApiPropertyOptional({ description: 'The applicant agreed to calls and texts (recorded with the time)' })
  @IsOptional()
  @IsBoolean()
  consentToContact?: boolean;

  @ApiPropertyOptional({ description: 'The applicant accepted the terms, privacy policy and official rules (recorded with the time)' })
  @IsOptional()
  @IsBoolean()
  acceptTerms?: boolean;
}
