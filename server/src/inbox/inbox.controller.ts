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
  @ApiOperation({ description: 'Any signed-in person: their inbox messages, newest first, paged by `offset` and `limit`; `search` filters them and `scholarshipId` keeps those about one scholarship. `meta.total` counts the matches and `meta.unread` the unread ones. Not cached.', summary: 'The caller\'s messages, newest first, optionally searched or about one scholarship; meta counts the matches and the unread' })
  @ApiOkResponse({ type: InboxListResponseDto })
  @OperationId('listInbox')
  async list(@CurrentUser() caller: Caller, @Query() query: InboxQueryDto) {
    const { messages, total, unread } = await this.inbox.list(caller.id, { search: query.search, scholarshipId: query.scholarshipId, offset: query.offset ?? 0, limit: query.limit ?? DEFAULT_LIMIT });
    return { statusCode: 200, data: messages, meta: { total, unread } };
  }

  @Get('unread-count')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Any signed-in person: how many of their inbox messages are unread, for the navigation bar\'s badge. Not cached.', summary: 'How many of the caller\'s messages are unread (the navigation bar\'s badge)' })
  @ApiOkResponse({ type: UnreadCountResponseDto })
  @OperationId('countUnreadInbox')
  async unreadCount(@CurrentUser() caller: Caller) {
    return ok({ unread: await this.inbox.unreadCount(caller.id) });
  }

  @Get(':id')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'Any signed-in person: one of their own inbox messages in full. Another person\'s message, like an unknown id, is 404 MESSAGE_NOT_FOUND. Not cached.', summary: 'One of the caller\'s messages' })
  @ApiOkResponse({ type: InboxMessageResponseDto })
  @OperationId('getInboxMessage')
  async one(@CurrentUser() caller: Caller, @Param('id', uuidOf('message')) id: string) {
    return ok(await this.inbox.one(caller.id, id));
  }

  @Put(':id/read')
  @ApiOperation({ description: 'Any signed-in person marks one of their own messages read and gets the message back; marking it again changes nothing. Another person\'s message, like an unknown id, is 404 MESSAGE_NOT_FOUND.', summary: 'Marks one of the caller\'s messages read (idempotent)' })
  @ApiOkResponse({ type: InboxMessageResponseDto })
  @OperationId('markInboxMessageRead')
  async markRead(@CurrentUser() caller: Caller, @Param('id', uuidOf('message')) id: string) {
    return ok(await this.inbox.markRead(caller.id, id));
  }
}
