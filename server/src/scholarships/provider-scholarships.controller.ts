import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { type Caller, CurrentUser, KeyScope, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import {
  CreateScholarshipDto,
  ProviderScholarshipListResponseDto,
  ProviderScholarshipResponseDto,
  ScholarshipOverviewQueryDto,
  ScholarshipOverviewResponseDto,
  UpdateScholarshipDto,
} from './dto/provider-scholarship.dto.js';
import { ProviderScholarshipsService } from './provider-scholarships.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('providers')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('provider')
@Controller('providers/scholarships')
export class ProviderScholarshipsController {
  constructor(private readonly scholarships: ProviderScholarshipsService) {}

  @Get()
  @Roles('provider', 'reviewer')
  @ApiOperation({ description: 'Providers get their own scholarships, newest first, in every status (draft, published, closed); a reviewer gets those of its organisation\'s provider. Unpaged; other roles are 403.', summary: "The provider's own scholarships, newest first (providers; a reviewer gets its organisation's)" })
  @ApiOkResponse({ type: ProviderScholarshipListResponseDto })
  @OperationId('listProviderScholarships')
  @KeyScope('read_own_scholarships')
  async list(@CurrentUser() caller: Caller) {
    return ok(await this.scholarships.list(caller));
  }

  @Get('overview')
  @Roles('provider', 'reviewer')
  @ApiOperation({
    summary: 'The applicants overview: a page of the scholarships with their application counts (providers and reviewers)',
    description:
      'Newest first; `search` matches part of the title, `status` keeps one status; drafts nobody has applied to are left out unless `emptyDrafts=true` (`hiddenEmptyDrafts` counts them). Bad parameters: 400 with a description.',
  })
  @ApiOkResponse({ type: ScholarshipOverviewResponseDto })
  @OperationId('getApplicantsOverview')
  @KeyScope('read_own_scholarships')
  async overview(@CurrentUser() caller: Caller, @Query() query: ScholarshipOverviewQueryDto) {
    return ok(await this.scholarships.overview(caller, query));
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Create a draft scholarship with its criteria and requirements (providers)',
    description: 'Criteria are checked against the profile fields: an unknown field or an operator its type does not allow is 400 INVALID_CRITERIA.',
  })
  @ApiCreatedResponse({ type: ProviderScholarshipResponseDto })
  @OperationId('createScholarship')
  @KeyScope('manage_scholarships')
  async create(@CurrentUser() caller: Caller, @Body() body: CreateScholarshipDto) {
    return { statusCode: 201, message: 'Scholarship created', data: await this.scholarships.create(caller, body) };
  }

  @Get(':id')
  @ApiOperation({ description: 'The provider\'s own scholarship with its editor answers, criteria, requirements and status. Another provider\'s scholarship, like an unknown id, is 404 SCHOLARSHIP_NOT_FOUND, so ids reveal nothing.', summary: 'One of the provider’s scholarships (another provider’s: 404)' })
  @ApiOkResponse({ type: ProviderScholarshipResponseDto })
  @OperationId('getProviderScholarship')
  @KeyScope('read_own_scholarships')
  async get(@CurrentUser() caller: Caller, @Param('id', uuidOf('scholarship')) id: string) {
    return ok(await this.scholarships.get(caller, id));
  }

  @Patch(':id')
  @ApiOperation({ description: 'Providers only, on their own scholarship: only the properties sent change, and the answer is the scholarship as saved. A closed scholarship cannot change (409 SCHOLARSHIP_CLOSED); an unknown field or operator in the criteria is 400 INVALID_CRITERIA; another provider\'s is 404.', summary: 'Edit a draft or published scholarship (a closed one: 409)' })
  @ApiOkResponse({ type: ProviderScholarshipResponseDto })
  @OperationId('updateScholarship')
  @KeyScope('manage_scholarships')
  async update(@CurrentUser() caller: Caller, @Param('id', uuidOf('scholarship')) id: string, @Body() body: UpdateScholarshipDto) {
    return ok(await this.scholarships.update(caller, id, body), 'Scholarship updated');
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ description: 'Moves the provider\'s draft to published, so matching applicants see it and it gets its public page address (`slug`). Refused with 400 NO_AMOUNT, NO_DEADLINE or DEADLINE_PASSED when it has no amount, no deadline or one in the past, and 409 NOT_A_DRAFT when it is not a draft.', summary: 'Publish a draft: it needs an amount and a deadline not in the past' })
  @ApiOkResponse({ type: ProviderScholarshipResponseDto })
  @OperationId('publishScholarship')
  @KeyScope('manage_scholarships')
  async publish(@CurrentUser() caller: Caller, @Param('id', uuidOf('scholarship')) id: string) {
    return ok(await this.scholarships.publish(caller, id), MESSAGES.scholarshipPublished);
  }

  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ description: 'The provider\'s scholarship stops taking applications and can no longer be edited (later edits are 409 SCHOLARSHIP_CLOSED). Idempotent: closing a closed scholarship answers it unchanged. Another provider\'s is 404 SCHOLARSHIP_NOT_FOUND.', summary: 'Close a scholarship: no more applications' })
  @ApiOkResponse({ type: ProviderScholarshipResponseDto })
  @OperationId('closeScholarship')
  @KeyScope('manage_scholarships')
  async close(@CurrentUser() caller: Caller, @Param('id', uuidOf('scholarship')) id: string) {
    return ok(await this.scholarships.close(caller, id), MESSAGES.scholarshipClosed);
  }
}
