import { Body, Controller, Get, Ip, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, Public, Roles } from '../auth/auth.decorators.js';
import { SessionResponseDto } from '../auth/dto/session.dto.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { RateLimited } from '../common/rate-limit.js';
import { FormAnswersDto } from '../scholarships/dto/provider-scholarship.dto.js';
import { OrganisationResponseDto } from './dto/organisation.dto.js';
import { ProviderAccountsService } from './provider-accounts.service.js';
import { OperationId } from '../common/operation-id.js';

/** Provider accounts and their organisation (docs/providers.md). */
@ApiTags('provider studio')
@ApiErrorResponses()
@Controller('users')
export class ProviderAccountsController {
  constructor(private readonly accounts: ProviderAccountsService) {}

  @Public()
  @RateLimited()
  @Post('provider-signup')
  @ApiOperation({
    summary: 'Sign up a scholarship provider with its organisation (the served provider-signup form)',
    description: "Answers keyed by the form's field keys; invalid ones: 400 INVALID_ANSWERS with `errors`; an e-mail in use: 409 EMAIL_TAKEN.",
  })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @OperationId('signUpProvider')
  async signUp(@Body() body: FormAnswersDto, @Ip() ip: string) {
    return { statusCode: 201, message: 'Provider signed up successfully', data: await this.accounts.signUp(body.answers, ip) };
  }

  @Get('organisation')
  @Roles('provider')
  @ApiBearerAuth()
  @ApiOperation({ description: 'Providers only. Their organisation as the served organisation form\'s answers and the public address of its logo, for the studio\'s organisation page.', summary: "The provider's organisation: the organisation form's answers and the logo's public address" })
  @ApiOkResponse({ type: OrganisationResponseDto })
  @OperationId('getOrganisation')
  async organisation(@CurrentUser() caller: Caller) {
    return ok(await this.accounts.organisation(caller));
  }

  @Put('organisation')
  @Roles('provider')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Save the organisation (the served organisation form, whole)',
    description: 'The logo must be one of your own image uploads; once saved it is public (shown on your scholarships’ pages).',
  })
  @ApiOkResponse({ type: OrganisationResponseDto })
  @OperationId('saveOrganisation')
  async update(@CurrentUser() caller: Caller, @Body() body: FormAnswersDto) {
    return ok(await this.accounts.updateOrganisation(caller, body.answers), MESSAGES.organisationSaved);
  }
}
