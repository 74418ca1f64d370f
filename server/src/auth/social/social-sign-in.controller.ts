import { Body, Controller, Get, Ip, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { ok } from '../../common/api-response.js';
import { ApiErrorResponses } from '../../common/error-body.js';
import { RateLimited } from '../../common/rate-limit.js';
import { AppConfig } from '../../config/app-config.js';
import { Public } from '../auth.decorators.js';
import { AuthorizationUrlResponseDto, GoogleCallbackDto, GoogleSessionResponseDto, SocialProvidersResponseDto } from './social-sign-in.dto.js';
import { SocialSignInService } from './social-sign-in.service.js';
import { OperationId } from '../../common/operation-id.js';

/** Social sign-in (docs/chat.md, "Social sign-in"): Google through OpenID Connect, when configured. */
@ApiTags('users')
@ApiErrorResponses()
@Controller('users/auth')
export class SocialSignInController {
  constructor(
    private readonly socialSignIn: SocialSignInService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('social-providers')
  @ApiOperation({ description: 'No token needed: which social sign-ins this server is configured for (`google: true` when Google sign-in is set up), so the browser shows only the buttons that work.', summary: 'Which social sign-ins this server offers (public): the browser shows only those' })
  @ApiOkResponse({ type: SocialProvidersResponseDto })
  @OperationId('listSocialProviders')
  providers() {
    return ok({ google: this.socialSignIn.configured });
  }

  @Public()
  @RateLimited()
  @Get('google')
  @ApiOperation({
    summary: "Starts a Google sign-in (public, rate-limited): the address of Google's sign-in page",
    description: '404 SOCIAL_SIGN_IN_OFF when Google sign-in is not configured; 503 when Google cannot be reached. The sign-in must finish within 10 minutes.',
  })
  @ApiOkResponse({ type: AuthorizationUrlResponseDto })
  @OperationId('startGoogleSignIn')
  async start() {
    // The configured address, never the request's Host header, which the client chooses.
    return ok(await this.socialSignIn.start(this.config.publicUrl));
  }

  @Public()
  @RateLimited({ group: 'login' })
  @Post('user-google')
  @ApiOperation({
    summary: 'Finishes a Google sign-in (public; rate-limited with the login): the session',
    description:
      'The code and state Google sent the browser back with, and the binding the start answered to this browser. The account linked to that Google identity, else the account ' +
      'with the same e-mail when Google vouches the person owns it (linked from then on; its password and other sign-ins end; 409 GOOGLE_EMAIL_NOT_TRUSTED otherwise), else a new ' +
      "applicant (isNewUser). 400 GOOGLE_LOGIN_FAILED ('Error in Google Login') for an unknown, used, expired or another browser's sign-in, or a code Google refuses.",
  })
  @ApiCreatedResponse({ type: GoogleSessionResponseDto })
  @OperationId('finishGoogleSignIn')
  async finish(@Body() body: GoogleCallbackDto, @Ip() ip: string) {
    const { session, isNewUser } = await this.socialSignIn.finish(body, ip);
    return { statusCode: 201, message: MESSAGES.loggedIn, data: { ...session, isNewUser } };
  }
}
