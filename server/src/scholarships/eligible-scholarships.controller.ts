import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import {
  CountResponseDto,
  DashboardSummaryResponseDto,
  EligibleScholarshipListResponseDto,
  EligibleScholarshipsQueryDto,
  StatsResponseDto,
} from './dto/eligible-scholarships.dto.js';
import { EligibleScholarshipsService } from './eligible-scholarships.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('scholarships')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('applicant')
@Controller('scholarships')
export class EligibleScholarshipsController {
  constructor(private readonly eligible: EligibleScholarshipsService) {}

  @Get('mine-eligible-scholarships')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'The published scholarships the applicant is eligible for: the recommendations (applicants)',
    description:
      'Open scholarships whose every rule the applicant’s answers meet (evaluated in PostgreSQL); a profile save shows in the next call. withoutRequirement=true keeps the Easy Apply ones; false or absent, every recommendation.',
  })
  @ApiOkResponse({ type: EligibleScholarshipListResponseDto })
  @OperationId('listEligibleScholarships')
  async list(@CurrentUser() caller: Caller, @Query() query: EligibleScholarshipsQueryDto) {
    return ok(await this.eligible.list(caller, query));
  }

  @Get('stats')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Applicants only. `yourRecommendation`: how many open scholarships the caller\'s profile meets every rule of, the same number as the profile header\'s \'Eligible for N\' and the dashboard\'s (docs/matching.md, "The counts"). Not cached.', summary: 'Scholarship stats: yourRecommendation, the recommendations count (applicants)' })
  @ApiOkResponse({ type: StatsResponseDto })
  @OperationId('getMatchStats')
  async stats(@CurrentUser() caller: Caller) {
    return ok({ yourRecommendation: await this.eligible.recommendationCount(caller) });
  }

  @Get('dashboard-summary')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: "The dashboard's tiles and the unlock hint (applicants)",
    description:
      'appliedScholarship (Received applications), yourRecommendation (the recommendations, as scholarships/stats and the list count), scholarshipAmount (their value, USD), expiringSoon (14 days), and unlock { count, totalValue } for the scholarships a missing profile answer keeps out.',
  })
  @ApiOkResponse({ type: DashboardSummaryResponseDto })
  @OperationId('getDashboardSummary')
  async dashboardSummary(@CurrentUser() caller: Caller) {
    return ok(await this.eligible.summary(caller));
  }

  @Get('mine-eligible-scholarships/count')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Applicants only. Takes the same filters as GET mine-eligible-scholarships (`withoutRequirement`, `requirementFields`) and answers how many scholarships that list holds, from the day\'s stored match aggregates (docs/matching.md). Not cached.', summary: 'How many scholarships the list would give, with the same filters (applicants)' })
  @ApiOkResponse({ type: CountResponseDto })
  @OperationId('countEligibleScholarships')
  async count(@CurrentUser() caller: Caller, @Query() query: EligibleScholarshipsQueryDto) {
    return ok(await this.eligible.count(caller, query));
  }
}
