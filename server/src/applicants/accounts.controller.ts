import { Body, Controller, Get, Ip, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, Public } from '../auth/auth.decorators.js';
import { SessionResponseDto } from '../auth/dto/session.dto.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { RateLimited } from '../common/rate-limit.js';
import { AccountsService } from './accounts.service.js';
import { MinimalProfileResponseDto } from './dto/minimal-profile.dto.js';
import { ForgotPasswordDto, ResetPasswordDto, UpdatePasswordDto, VerifyOtpDto } from './dto/passwords.dto.js';
import { SignUpDto } from './dto/sign-up.dto.js';
import { PasswordResetService } from './password-reset.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('register-applicants')
@ApiErrorResponses()
@Controller('register-applicants')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @Public()
  @RateLimited()
  @Post()
  @ApiOperation({
    summary: 'Sign up as an applicant (public, rate-limited)',
    description: "201 signs the new applicant in. An e-mail already registered (any letter case): 409 'Email already exist!! Please login or try with another email'.",
  })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @OperationId('signUpApplicant')
  async signUp(@Body() body: SignUpDto, @Ip() ip: string) {
    return { statusCode: 201, message: 'User signed up successfully', data: await this.accounts.signUp(body, ip) };
  }

  @ApiBearerAuth()
  @Get('profile/minimal')
  @ApiOperation({ description: 'For the payment pages: the signed-in person\'s names, e-mail, country and ZIP code, and `providerUserId` (the payment provider\'s customer id once they have checked out). `providerAddressId` is always null: the providers used keep the address with the customer.', summary: 'The minimal profile of the signed-in applicant' })
  @ApiOkResponse({ type: MinimalProfileResponseDto })
  @OperationId('getMinimalProfile')
  async minimalProfile(@CurrentUser() caller: Caller) {
    return ok(await this.accounts.minimalProfile(caller));
  }

  @Public()
  @RateLimited()
  @Post('forgot-password')
  @ApiOperation({
    summary: 'E-mail a 6-digit password reset code (public, rate-limited)',
    description: '201 OTP sent. 400 EMAIL_NOT_FOUND; 429 OTP_RESEND_TOO_SOON within 60 s of the last code; 503 MAIL_UNAVAILABLE.',
  })
  @ApiCreatedResponse({ type: ApiResponseBase })
  @OperationId('requestPasswordReset')
  async forgotPassword(@Body() body: ForgotPasswordDto) {
    await this.passwordReset.sendCode(body.email);
    return { statusCode: 201, message: MESSAGES.otpSent };
  }

  @Public()
  @RateLimited()
  @Post('verify-otp')
  @ApiOperation({
    summary: 'Check a reset code without using it (public, rate-limited)',
    description: '400 OTP_INCORRECT (counts as a wrong try), OTP_LOCKED after 5 wrong tries, OTP_EXPIRED after 10 minutes or once used.',
  })
  @ApiCreatedResponse({ type: ApiResponseBase })
  @OperationId('verifyPasswordResetCode')
  async verifyOtp(@Body() body: VerifyOtpDto) {
    await this.passwordReset.checkCode(body.email, body.otp);
    return { statusCode: 201, message: MESSAGES.otpSubmitted };
  }

  @Public()
  @RateLimited()
  @Post('reset-password')
  @ApiOperation({
    summary: 'Set a new password with the e-mailed code, and sign in (public, rate-limited)',
    description: 'Ends every other sign-in of the account. Errors as for verify-otp.',
  })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @OperationId('resetPassword')
  async resetPassword(@Body() body: ResetPasswordDto, @Ip() ip: string) {
    const session = await this.passwordReset.reset(body.email, body.otp, body.newPassword, ip);
    return { statusCode: 201, message: MESSAGES.passwordReset, data: session };
  }

  @ApiBearerAuth()
  @RateLimited()
  @Put(':id/update-password')
  @ApiOperation({
    summary: 'Change the password (the owner only)',
    description:
      "400 'Old Password Not Matched' when lastPwd is wrong; 403 for another user's id. Ends every other sign-in and returns a new session for this one.",
  })
  @ApiOkResponse({ type: SessionResponseDto })
  @OperationId('changePassword')
  async updatePassword(
    @CurrentUser() caller: Caller,
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: UpdatePasswordDto,
    @Ip() ip: string,
  ) {
    const session = await this.accounts.changePassword(caller, id, body.lastPwd, body.password, ip);
    return { statusCode: 200, message: MESSAGES.passwordChanged, data: session };
  }
}
