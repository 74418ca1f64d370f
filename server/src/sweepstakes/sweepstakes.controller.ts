import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { SweepstakesEntryResponseDto, SweepstakesResponseDto } from './dto/sweepstakes.dto.js';
import { SweepstakesService } from './sweepstakes.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('sweepstakes')
@ApiErrorResponses()
@ApiBearerAuth()
@Roles('applicant')
@Controller()
export class SweepstakesController {
  constructor(private readonly sweepstakes: SweepstakesService) {}

  @Get('sweepstakes/current')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Applicants only. The sweepstakes running now (title, description, end) and whether the caller has entered it; `data` is null when none runs, rather than a 404 (docs/decisions.md). Not cached.', summary: 'The sweepstakes running now and whether you entered it (data null when none runs)' })
  @ApiOkResponse({ type: SweepstakesResponseDto })
  @OperationId('getCurrentSweepstakes')
  async current(@CurrentUser() caller: Caller) {
    return ok(await this.sweepstakes.current(caller));
  }

  @Post('register-applicants/apply-scholarship/:sweepstakesId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Enter the sweepstakes',
    description: "`msg`: 'Successfully applied for scholarship', 'Already applied for scholarship', or 'Please update your profile' (registration not completed).",
  })
  @ApiOkResponse({ type: SweepstakesEntryResponseDto })
  @OperationId('enterSweepstakes')
  async apply(@CurrentUser() caller: Caller, @Param('sweepstakesId', uuidOf('sweepstakes')) id: string) {
    const msg = await this.sweepstakes.apply(caller, id);
    return ok({ msg }, msg);
  }
}
