import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import {
  SupportAssigneeDto,
  SupportListQueryDto,
  SupportNoteInputDto,
  SupportNoteResponseDto,
  SupportRequestDetailResponseDto,
  SupportRequestListResponseDto,
  SupportStaffResponseDto,
} from './dto/support-queue.dto.js';
import { SupportRequestResponseDto } from './dto/support.dto.js';
import { SupportQueueService } from './support-queue.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

const DEFAULT_LIMIT = 50;
const requestId = () => uuidOf('support request');

/** The staff's support queue (docs/console.md, "Support queue"); the answer itself is SupportController's. */
@ApiTags('support')
@ApiErrorResponses()
@ApiBearerAuth()
@Controller()
export class SupportQueueController {
  constructor(private readonly queue: SupportQueueService) {}

  @Roles('admin', 'support')
  @Get('admin/support-requests')
  @ApiOperation({
    summary: 'Support requests and contact messages (admins): filtered, searched, paged, newest first or the oldest waiting first',
    description: '`meta.overdue` counts the open requests sent more than 24 hours ago, whatever the filters.',
  })
  @ApiOkResponse({ type: SupportRequestListResponseDto })
  @OperationId('listSupportQueue')
  async list(@Query() query: SupportListQueryDto) {
    const { status, answered, kind, olderThanHours, search } = query;
    const { rows, total, overdue } = await this.queue.list({ status, answered, kind, olderThanHours, search }, query.sort ?? 'newest', query.offset ?? 0, query.limit ?? DEFAULT_LIMIT);
    return { statusCode: 200, data: rows, meta: { total, overdue } };
  }

  @Roles('admin', 'support')
  @Get('admin/support-staff')
  @ApiOperation({ description: 'Admins and support staff: the accounts a support request may be assigned to, the admins and support staff, with their names.', summary: 'The people a support request may be assigned to: those who answer support (admins and support staff)' })
  @ApiOkResponse({ type: SupportStaffResponseDto })
  @OperationId('listSupportAssignees')
  async staff() {
    return ok(await this.queue.staff());
  }

  @Roles('admin', 'support')
  @Get('admin/support-requests/:id')
  @ApiOperation({ summary: 'One request with its answer, its internal notes, and the account it came from with their membership (admins and support staff)', description: '404 for an unknown request.' })
  @ApiOkResponse({ type: SupportRequestDetailResponseDto })
  @OperationId('getSupportRequest')
  async detail(@Param('id', requestId()) id: string) {
    return ok(await this.queue.detail(id));
  }

  @Roles('admin', 'support')
  @Post('admin/support-requests/:id/solve')
  @ApiOperation({ summary: 'Marks a request solved (admins and support staff)', description: '404 for an unknown request; 409 ALREADY_SOLVED.' })
  @ApiCreatedResponse({ type: SupportRequestResponseDto })
  @OperationId('solveSupportRequest')
  async solve(@Param('id', requestId()) id: string) {
    return { statusCode: 201, message: 'Request solved', data: await this.queue.solve(id) };
  }

  @Roles('admin', 'support')
  @Post('admin/support-requests/:id/reopen')
  @ApiOperation({ summary: 'Puts a solved request back in the queue: answered if it has an answer, else open (admins and support staff)', description: '404 for an unknown request; 409 NOT_SOLVED.' })
  @ApiCreatedResponse({ type: SupportRequestResponseDto })
  @OperationId('reopenSupportRequest')
  async reopen(@Param('id', requestId()) id: string) {
    return { statusCode: 201, message: 'Request reopened', data: await this.queue.reopen(id) };
  }

  @Roles('admin', 'support')
  @Put('admin/support-requests/:id/assignee')
  @ApiOperation({ summary: 'Assigns a request to a staff member, or unassigns it with null (admins and support staff)', description: '404 for an unknown request; 400 NOT_SUPPORT_STAFF for someone who does not answer support.' })
  @ApiOkResponse({ type: SupportRequestResponseDto })
  @OperationId('assignSupportRequest')
  async assign(@Param('id', requestId()) id: string, @Body() body: SupportAssigneeDto) {
    return ok(await this.queue.assign(id, body.staffId), body.staffId ? 'Request assigned' : 'Request unassigned');
  }

  @Roles('admin', 'support')
  @Post('admin/support-requests/:id/notes')
  @Idempotent()
  @ApiOperation({ summary: 'Adds an internal note to a request: for staff only, never shown to the person (admins and support staff)', description: '404 for an unknown request; 400 NOTE_EMPTY.' })
  @ApiCreatedResponse({ type: SupportNoteResponseDto })
  @OperationId('addSupportNote')
  async addNote(@Param('id', requestId()) id: string, @Body() body: SupportNoteInputDto, @CurrentUser() author: Caller) {
    return { statusCode: 201, message: 'Note added', data: await this.queue.addNote(id, body.text, author) };
  }
}
