import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, Public, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { FormResponseDto, ValidatorModuleQueryDto } from '../forms/dto/form.dto.js';
import { requirementValidatorUrl, sendValidatorModule, StandaloneValidators, VALIDATOR_MODULE_DESCRIPTION, VALIDATOR_MODULE_EXAMPLE } from '../forms/standalone-validators.js';
import { ApplicationsService } from './applications.service.js';
import { BulkApplyService } from './bulk-apply.service.js';
import { RequirementForms } from './requirement-forms.js';
import {
  ApplicantDetailsResponseDto,
  BulkApplyResponseDto,
  FormVersionQueryDto,
  SubmitApplicationDto,
  SubmitScholarshipsDto,
} from './dto/application.dto.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('applications')
@ApiErrorResponses()
@ApiBearerAuth()
@Roles('applicant')
@Controller('scholarships')
export class ApplicationsController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly bulk: BulkApplyService,
    private readonly requirementForms: RequirementForms,
    private readonly validators: StandaloneValidators,
  ) {}

  @Get(':id/form')
  @ApiOperation({
    summary: "A scholarship's requirement form as JSON Schema + UI schema (members, or their own application)",
    description:
      'The version your application is pinned to, else the current one; `?version=` asks for a given one, which never changes (cacheable). Non-members without an application to it get 403 SUBSCRIPTION_REQUIRED.',
  })
  @ApiOkResponse({ type: FormResponseDto })
  @OperationId('getRequirementForm')
  async form(
    @CurrentUser() caller: Caller,
    @Param('id', uuidOf('scholarship')) id: string,
    @Query() query: FormVersionQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { key, version, schema, uiSchema } = await this.applications.form(caller, id, query.version);
    // A named version never changes; the default one moves with the provider's edits and the pin.
    reply.header('cache-control', query.version ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    return ok({ key, version, schema, uiSchema, validatorUrl: requirementValidatorUrl(id, version) });
  }

  @Get(':id/form/validator.js')
  @Public()
  @ApiOperation({ summary: "A requirement form version's validator, precompiled for the browser", description: VALIDATOR_MODULE_DESCRIPTION })
  @ApiProduces('text/javascript')
  @ApiOkResponse({ description: 'An ES module', schema: { type: 'string', example: VALIDATOR_MODULE_EXAMPLE } })
  @OperationId('getRequirementFormValidatorModule')
  async validatorModule(
    @Param('id', uuidOf('scholarship')) id: string,
    @Query() query: ValidatorModuleQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const form = await this.requirementForms.version(id, query.version);
    sendValidatorModule(request, reply, await this.validators.moduleFor(`${form.key}@${form.version}`, form));
  }

  @Get(':id/applicants/get-applicant-details')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Applicants only. The caller\'s own application to the scholarship: `status` (Draft, Received, or null when they have not started), the form version it is pinned to and the answers by requirement key. Not cached.', summary: 'Your application to a scholarship: status and answers (none yet: status null)' })
  @ApiOkResponse({ type: ApplicantDetailsResponseDto })
  @OperationId('getMyApplication')
  async details(@CurrentUser() caller: Caller, @Param('id', uuidOf('scholarship')) id: string) {
    return ok(await this.applications.details(caller, id));
  }

  @Post('submit-individual-scholarship')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save a draft (status Draft) or submit (status Received) an application',
    description:
      'Validated against the form version the application is pinned to: invalid answers are 400 INVALID_ANSWERS with `errors` by requirement key; a submission missing a required answer is kept as a Draft and returns the missing ones in `data.errors`. After the deadline 409 DEADLINE_PASSED; once Received 409 ALREADY_SUBMITTED.',
  })
  @ApiOkResponse({ type: ApplicantDetailsResponseDto })
  @OperationId('submitApplication')
  async submit(@CurrentUser() caller: Caller, @Body() body: SubmitApplicationDto) {
    const details = await this.applications.submit(caller, body);
    return ok(details, details.status === 'Received' ? MESSAGES.applicationSubmitted : MESSAGES.applicationDraftSaved);
  }

  @Post('submit-scholarships')
  @Idempotent()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Easy Apply / bulk apply with a CV (members)',
    description:
      "Applies to every listed scholarship at once, or to none: each must be open, match you, and ask for nothing or only a CV (`requirements.cv`, one of your uploads). Non-members 403 SUBSCRIPTION_REQUIRED; a scholarship that cannot take it 400 CANNOT_APPLY with `errors` at 'scholarshipId.{index}'.",
  })
  @ApiOkResponse({ type: BulkApplyResponseDto })
  @OperationId('submitApplications')
  async submitMany(@CurrentUser() caller: Caller, @Body() body: SubmitScholarshipsDto) {
    return ok({ applied: await this.bulk.apply(caller, body) }, MESSAGES.scholarshipApplied);
  }
}
