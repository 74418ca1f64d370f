import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsJWT, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ApiResponseBase } from '../../common/api-response.js';

export class TotpCodeDto {
  @ApiProperty({ description: 'The 6-digit code the authenticator app shows now', example: '123456' })
  @IsString()
  @Matches(/^\s*\d{3}\s?\d{3}\s*$/, { message: 'Enter the 6-digit code from your authenticator app.' })
  code: string;
}

export class TotpLoginDto {
  @ApiProperty({ example: 'mfa_7Hq2xK9pLz4VtB1w', description: 'The `challenge` the password step answered (valid 5 minutes)' })
  @IsJWT()
  challenge: string;

  @ApiPropertyOptional({ description: 'The 6-digit code the authenticator app shows now (this or recoveryCode)', example: '123456' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  code?: string;

  @ApiPropertyOptional({ description: 'One of the recovery codes given at enrolment, each usable once', example: 'k7m2p-x9q4r' })
  @IsOptional()
  @IsString()
  @Length(1, 32)
  recoveryCode?: string;
}

export class TotpStatusDto {
  @ApiProperty({ example: true, description: 'The second factor is on: every login asks for a code' })
  enabled: boolean;

  @ApiProperty({ example: true, description: 'This account must turn it on before the console opens (admins, with STAFF_MFA_REQUIRED)' })
  required: boolean;

  @ApiProperty({ example: 1, description: 'Recovery codes not used yet (0 while it is off)' })
  recoveryCodesLeft: number;
}

export class TotpEnrolmentDto {
  @ApiProperty({ description: 'The otpauth:// URI an authenticator app reads (shown as a QR code)', example: 'otpauth://totp/ScholarMatch:ada%40example.org?issuer=ScholarMatch&secret=…&algorithm=SHA1&digits=6&period=30' })
  otpauthUri: string;

  @ApiProperty({ example: 'JBSWY3DPEHPK3PXP', description: 'The same secret in base32, for typing it into the app; never shown again once confirmed' })
  secret: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ example: ['7f3k-29qd', 'm4x8-p2ta'], type: [String], description: 'Ten single-use recovery codes, shown this once (only their hashes are kept)' })
  recoveryCodes: string[];
}

export class MfaChallengeDto {
  @ApiProperty({ example: true, enum: [true], description: 'The password was right; the account also needs a code: POST /users/auth/login/totp' })
  mfaRequired: true;

  @ApiProperty({ example: 'mfa_7Hq2xK9pLz4VtB1w', description: 'Proof of the password step, valid 5 minutes; send it with the code' })
  challenge: string;
}

export class TotpStatusResponseDto extends ApiResponseBase {
  @ApiProperty({ type: TotpStatusDto })
  data: TotpStatusDto;
}

export class TotpEnrolmentResponseDto extends ApiResponseBase {
  @ApiProperty({ type: TotpEnrolmentDto })
  data: TotpEnrolmentDto;
}

export class RecoveryCodesResponseDto extends ApiResponseBase {
  @ApiProperty({ type: RecoveryCodesDto })
  data: RecoveryCodesDto;
}

export class MfaChallengeResponseDto extends ApiResponseBase {
  @ApiProperty({ type: MfaChallengeDto })
  data: MfaChallengeDto;
}
