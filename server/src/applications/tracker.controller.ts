import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { TrackerQueryDto, TrackerResponseDto } from './dto/tracker.dto.js';
import { TrackerService } from './tracker.service.js';
import { OperationId } from '../common/operation-id.js';

/** The applicant's application tracker (docs/applications.md, "The application tracker"). */
@ApiTags('applications')
@ApiErrorResponses()
@ApiBearerAuth()
@Roles('applicant')
@Controller('scholarships')
export class TrackerController {
  constructor(private readonly tracker: TrackerService) {}

  @Get('me/applications')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Your applications with their status history (the application tracker)',
    description:
      "Every application of the caller, latest change first, each with its status events oldest first ('Draft', 'Submitted', then the provider's review statuses), the essays its form asks for, and how many inbox messages are about its scholarship. `status` and `essay=true` narrow the list.",
  })
  @ApiOkResponse({ type: TrackerResponseDto })
  @OperationId('listApplicationTracker')
  async list(@CurrentUser() caller: Caller, @Query() query: TrackerQueryDto) {
    const { applications, meta } = await this.tracker.page(caller, query);
    return { statusCode: 200, data: applications, meta };
  }
}
