import { Body, Controller, Delete, Get, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { ApiResponseBase, ok } from '../../common/api-response.js';
import { ApiErrorResponses } from '../../common/error-body.js';
import { RateLimited } from '../../common/rate-limit.js';
import { type Caller, CurrentUser, DuringEnrolment, Public, Roles } from '../auth.decorators.js';
import { SessionResponseDto } from '../dto/session.dto.js';
import {
  RecoveryCodesResponseDto,
  TotpCodeDto,
  TotpEnrolmentResponseDto,
  TotpLoginDto,
  TotpStatusResponseDto,
} from './staff-totp.dto.js';
import { StaffTotpService } from './staff-totp.service.js';
import { OperationId } from '../../common/operation-id.js';

/** The staff's second factor (docs/staff-security.md, "Second factor"; docs/console.md, "Second factor"). */
@ApiTags('users')
@ApiErrorResponses()
@Controller('users')
export class StaffTotpController {
  constructor(private readonly totp: StaffTotpService) {}

  @ApiBearerAuth()
  @Roles('admin', 'support')
  @DuringEnrolment()
  @Get('me/totp')
  @ApiOperation({ description: 'For admins and support staff: whether the authenticator-app second factor is enabled, whether this account must have it, and how many single-use recovery codes are left. Callable during enrolment, before the second factor is on.', summary: "Whether the staff member's second factor is on, whether it is required, and recovery codes left (staff)" })
  @ApiOkResponse({ type: TotpStatusResponseDto })
  @OperationId('getSecondFactorStatus')
  async status(@CurrentUser() caller: Caller) {
    return ok(await this.totp.status(caller));
  }

  @ApiBearerAuth()
  @Roles('admin', 'support')
  @DuringEnrolment()
  @RateLimited(20)
  @Post('me/totp')
  @ApiOperation({
    summary: 'Start turning on the second factor (TOTP): a new secret, as an otpauth:// URI and in base32 (staff)',
    description: 'Starting again replaces a secret not confirmed yet; 409 TOTP_ALREADY_ON when it is on. The secret is never answered again once confirmed.',
  })
  @ApiCreatedResponse({ type: TotpEnrolmentResponseDto })
  @OperationId('startSecondFactorSetup')
  async start(@CurrentUser() caller: Caller) {
    return { statusCode: 201, data: await this.totp.start(caller) };
  }

  @ApiBearerAuth()
  @Roles('admin', 'support')
  @DuringEnrolment()
  @RateLimited(20)
  @Post('me/totp/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Turn the second factor on with a code from the app; answers ten recovery codes, this once (staff)',
    description: '400 WRONG_CODE, CODE_USED; 409 TOTP_NOT_STARTED, TOTP_ALREADY_ON. An admin who had to enrol refreshes the session afterwards to reach the console.',
  })
  @ApiOkResponse({ type: RecoveryCodesResponseDto })
  @OperationId('confirmSecondFactor')
  async confirm(@CurrentUser() caller: Caller, @Body() body: TotpCodeDto) {
    return ok(await this.totp.confirm(caller, body.code), 'Two-step verification is on.');
  }

  @ApiBearerAuth()
  @Roles('admin', 'support')
  @RateLimited(20)
  @Delete('me/totp')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Turn the second factor off with a current code (staff)',
    description: '409 TOTP_NOT_ON; 409 TOTP_REQUIRED for an admin while STAFF_MFA_REQUIRED; 400 WRONG_CODE, CODE_USED. The recovery codes are deleted.',
  })
  @ApiOkResponse({ type: ApiResponseBase })
  @OperationId('disableSecondFactor')
  async disable(@CurrentUser() caller: Caller, @Body() body: TotpCodeDto) {
    await this.totp.disable(caller, body.code);
    return { statusCode: 200, message: 'Two-step verification is off.' };
  }

  @Public()
  @RateLimited({ group: 'login' })
  @Post('auth/login/totp')
  @ApiOperation({
    summary: "Finish a login that answered { mfaRequired, challenge }: the app's code or a recovery code (public, rate-limited)",
    description:
      'Each code works once (400 CODE_USED), each recovery code once (400 WRONG_RECOVERY_CODE). Wrong codes count toward the same per-account lock-out as wrong passwords ' +
      '(429 LOGIN_LOCKED). An expired or foreign challenge is 401 CHALLENGE_INVALID.',
  })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @OperationId('logInWithSecondFactor')
  async login(@Body() body: TotpLoginDto, @Ip() ip: string) {
    return { statusCode: 201, message: MESSAGES.loggedIn, data: await this.totp.completeLogin(body.challenge, body, ip) };
  }
}
