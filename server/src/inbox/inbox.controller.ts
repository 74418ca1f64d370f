import { Controller, Get, Header, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { InboxListResponseDto, InboxMessageResponseDto, InboxQueryDto, UnreadCountResponseDto } from './inbox.dto.js';
import { InboxService } from './inbox.service.js';
import { OperationId } from '../common/operation-id.js';

const DEFAULT_LIMIT = 50;

/** The signed-in person's inbox (docs/inbox.md): their own messages only; another's id is a 404. */
@ApiTags('inbox')
@ApiBearerAuth()
@ApiErrorResponses()
@Controller('inbox')
export class InboxController {
  constructor(private readonly inbox: InboxService) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The caller\'s messages, newest first, optionally searched or about one scholarship; meta counts the matches and the unread' })
  @ApiOkResponse({ type: InboxListResponseDto })
  @OperationId('listInbox')
  async list(@CurrentUser() caller: Caller, @Query() query: InboxQueryDto) {
    const { messages, total, unread } = await this.inbox.list(caller.id, { search: query.search, scholarshipId: query.scholarshipId, offset: query.offset ?? 0, limit: query.limit ?? DEFAULT_LIMIT });
    return { statusCode: 200, data: messages, meta: { total, unread } };
  }

  @Get('unread-count')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'How many of the caller\'s messages are unread (the navigation bar\'s badge)' })
  @ApiOkResponse({ type: UnreadCountResponseDto })
  @OperationId('countUnreadInbox')
  async unreadCount(@CurrentUser() caller: Caller) {
    return ok({ unread: await this.inbox.unreadCount(caller.id) });
  }

  @Get(':id')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One of the caller\'s messages' })
  @ApiOkResponse({ type: InboxMessageResponseDto })
  @OperationId('getInboxMessage')
  async one(@CurrentUser() caller: Caller, @Param('id', uuidOf('message')) id: string) {
    return ok(await this.inbox.one(caller.id, id));
  }

  @Put(':id/read')
  @ApiOperation({ summary: 'Marks one of the caller\'s messages read (idempotent)' })
  @ApiOkResponse({ type: InboxMessageResponseDto })
  @OperationId('markInboxMessageRead')
  async markRead(@CurrentUser() caller: Caller, @Param('id', uuidOf('message')) id: string) {
    return ok(await this.inbox.markRead(caller.id, id));
  }
}
