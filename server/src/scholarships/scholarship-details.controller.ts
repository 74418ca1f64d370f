import { Body, Controller, Get, Header, HttpCode, Ip, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Public, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import {
  EligibilityFiltersDto,
  EligibilityStatsResponseDto,
  MyScholarshipsQueryDto,
  MyScholarshipsResponseDto,
  ScholarshipDetailResponseDto,
} from './dto/scholarship-detail.dto.js';
import { PublicEligibilityStats } from './public-eligibility-stats.js';
import { ScholarshipDetailsService } from './scholarship-details.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('scholarships')
@ApiErrorResponses()
@Controller('scholarships')
export class ScholarshipDetailsController {
  constructor(
    private readonly details: ScholarshipDetailsService,
    private readonly publicStats: PublicEligibilityStats,
  ) {}

  @Public()
  @Get('eligible-scholarships/stats')
  @Header('cache-control', 'public, max-age=60')
  @ApiOperation({ description: 'No token needed: how many scholarships are open and their combined value in US dollars, for the public pages. Cached for 60 seconds (`Cache-Control: public, max-age=60`).', summary: 'How many open scholarships there are and their combined value (public)' })
  @ApiOkResponse({ type: EligibilityStatsResponseDto })
  @OperationId('getCatalogueStats')
  async stats() {
    return ok(await this.publicStats.stats());
  }

  @Public()
  @Post('eligible-scholarships/stats')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Eligibility stats for a partial profile: the sign-up teaser (public)',
    description:
      "Open scholarships none of whose rules fails on the given answers (keyed 'field.{fieldId}' or 'field.{fieldKey}'): for a student's whole profile, their recommendations plus what they could unlock. A rule on a field not given does not exclude. Cached for ten minutes per exact answers; answer sets not cached yet are limited per client IP (TEASER_COUNTS_PER_MINUTE, 429 RATE_LIMITED).",
  })
  @ApiOkResponse({ type: EligibilityStatsResponseDto })
  @OperationId('getTeaserStats')
  async statsFor(@Body() body: EligibilityFiltersDto, @Ip() clientIp: string) {
    return ok(await this.publicStats.stats(body.eligiblityFilters, clientIp));
  }

  @ApiBearerAuth()
  @Roles('applicant')
  @Get('me/scholarships')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Applicants only. The caller\'s own applications (My Scholarships), newest change first, as scholarship cards with `scholarshipStatus` and `updatedAt`; `status=Received` is the Applied tab, `status=Draft` the drafts. Unpaged (the browser pages by 6).', summary: "The applicant's applications: Received (the Applied tab) and Draft (applicants)" })
  @ApiOkResponse({ type: MyScholarshipsResponseDto })
  @OperationId('listMyApplications')
  async mine(@CurrentUser() caller: Caller, @Query() query: MyScholarshipsQueryDto) {
    return ok(await this.details.mine(caller, query.status));
  }

  @ApiBearerAuth()
  @Roles('applicant')
  @Get(':id')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'One scholarship with its requirements and the match explanation (applicants; members, or own Draft/Received)',
    description: 'Non-members get 403 with errorCode SUBSCRIPTION_REQUIRED unless they have a Draft or Received application to it.',
  })
  @ApiOkResponse({ type: ScholarshipDetailResponseDto })
  @OperationId('getScholarship')
  async detail(@CurrentUser() caller: Caller, @Param('id', uuidOf('scholarship')) id: string) {
    return ok(await this.details.detail(caller, id));
  }
}
