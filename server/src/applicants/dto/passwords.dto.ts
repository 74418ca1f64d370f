import { ApiProperty } from '@nestjs/swagger';
import { MESSAGES, PASSWORD_POLICY } from '@scholarmatch/schemas';
import { Transform } from 'class-transformer';
import { trim } from '../../common/transforms.js';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { PasswordRules } from './sign-up.dto.js';

export class ForgotPasswordDto {
  @ApiProperty({ example: 'maya@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: MESSAGES.emailRequired })
  @MaxLength(320)
  email: string;
}

export class VerifyOtpDto extends ForgotPasswordDto {
  @ApiProperty({ description: 'The 6-digit code from the e-mail', example: '042917' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'The OTP is 6 digits.' })
  otp: string;
}

export class ResetPasswordDto extends VerifyOtpDto {
  @ApiProperty({ example: 'N3w#Passw0rd!', minLength: PASSWORD_POLICY.minLength, maxLength: PASSWORD_POLICY.maxLength })
  @PasswordRules()
  newPassword: string;
}

export class UpdatePasswordDto {
  @ApiProperty({ example: 'Str0ng#Passw0rd', description: 'The current password' })
  @IsString({ message: MESSAGES.changePasswordAllFields })
  @IsNotEmpty({ message: MESSAGES.changePasswordAllFields })
  @MaxLength(PASSWORD_POLICY.maxLength)
  lastPwd: string;

  @ApiProperty({ example: 'Str0ng#Passw0rd', description: 'The new password', minLength: PASSWORD_POLICY.minLength, maxLength: PASSWORD_POLICY.maxLength })
  @PasswordRules()
  password: string;
}
