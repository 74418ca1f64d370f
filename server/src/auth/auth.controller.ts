import { Body, Controller, Get, HttpCode, Ip, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import type { FastifyReply } from 'fastify';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { RateLimited } from '../common/rate-limit.js';
import { toUserDto, UserResponseDto } from '../users/dto/user.dto.js';
import { type Caller, CurrentUser, DuringEnrolment, Public } from './auth.decorators.js';
import { AuthService } from './auth.service.js';
import { LoginDto, RefreshDto } from './dto/login.dto.js';
import { SessionResponseDto, RenewedSessionResponseDto } from './dto/session.dto.js';
import { Sessions } from './sessions.js';
import { MfaChallengeResponseDto } from './totp/staff-totp.dto.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('users')
@ApiErrorResponses()
@Controller('users')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: Sessions,
  ) {}

  @Public()
  @RateLimited({ group: 'login' })
  @Post('auth/login')
  @ApiOperation({
    summary: 'Log in with e-mail and password (public, rate-limited)',
    description:
      'Failures are 400 with errorCode EMAIL_NOT_FOUND or WRONG_PASSWORD. After LOGIN_MAX_FAILURES failures for one account from one IP, ' +
      'that pair gets 429 (errorCode LOGIN_LOCKED) for LOGIN_LOCK_MINUTES, even with the right password. Per IP: AUTH_RATE_LIMIT_PER_MINUTE, shared with the chat login (POST login/chats). ' +
      'A staff account with the second factor on is answered 200 { mfaRequired: true, challenge } instead of a session (docs/staff-security.md, "Second factor").',
  })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @ApiOkResponse({ type: MfaChallengeResponseDto, description: 'A staff account with the second factor on: send the code to POST /users/auth/login/totp with this challenge' })
  @OperationId('logIn')
  async login(@Body() body: LoginDto, @Ip() ip: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const outcome = await this.auth.loginWithForm(body.userName, body.password, ip);
    if ('mfaRequired' in outcome) {
      reply.status(200);
      return { statusCode: 200, message: 'Enter the code from your authenticator app.', data: outcome };
    }
    return { statusCode: 201, message: MESSAGES.loggedIn, data: outcome };
  }

  @Public()
  @RateLimited(120)
  @Post('auth/refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: "Exchange a refresh token for a new access and refresh token, with the person's access (public)",
    description: 'Each refresh token works once. Presenting a spent one revokes every token of its sign-in (401 TOKEN_REUSED).',
  })
  @ApiOkResponse({ type: RenewedSessionResponseDto })
  @OperationId('refreshSession')
  async refresh(@Body() body: RefreshDto) {
    return ok(await this.sessions.renew(body.refreshToken));
  }

  @Public()
  @Post('auth/logout')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Log out: revoke the refresh token and its sign-in (public: works with an expired access token)',
    description: 'The access token stays valid until it expires (at most 15 minutes); the browser forgets it.',
  })
  @ApiOkResponse({ type: ApiResponseBase })
  @OperationId('logOut')
  async logout(@Body() body: RefreshDto) {
    await this.sessions.end(body.refreshToken);
    return { statusCode: 200, message: 'Logged out' };
  }

  @ApiBearerAuth()
  @DuringEnrolment()
  @Get('me')
  @ApiOperation({ description: 'Answers the account behind the bearer token as the browser stores it (`userInfo`): names, e-mail, role and the profile, application and membership flags; never a secret. Any signed-in role, also while a staff member is still enrolling the second factor.', summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserResponseDto })
  @OperationId('getCurrentUser')
  async me(@CurrentUser() caller: Caller) {
    return ok(toUserDto(await this.auth.signedInUser(caller.id)));
  }
}
