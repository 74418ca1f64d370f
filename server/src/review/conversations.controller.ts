import { Body, Controller, Get, Header, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, KeyScope, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { ConversationResponseDto, ReplyDto, ThreadsQueryDto, ThreadsResponseDto, UnreadRepliesResponseDto } from './dto/conversation.dto.js';
import { ConversationsService } from './conversations.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

const messageId = uuidOf('message');
const applicationId = uuidOf('application');

/** The applicant's side of a conversation (docs/inbox.md, "Conversations"): from one of their inbox messages. */
@ApiTags('inbox')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('applicant')
@Controller('inbox')
export class ApplicantConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get(':id/conversation')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'The signed-in person\'s side of a provider conversation: given one of their inbox messages from a provider, the provider\'s messages and their own replies about that application, oldest first. A message that is not theirs is 404 MESSAGE_NOT_FOUND; one that starts no conversation 400 NOT_A_CONVERSATION.', summary: "The conversation a provider's message to the caller belongs to: the provider's messages and the caller's replies, oldest first" })
  @ApiOkResponse({ type: ConversationResponseDto })
  @OperationId('getMyConversation')
  async conversation(@CurrentUser() caller: Caller, @Param('id', messageId) id: string) {
    return ok(await this.conversations.forApplicant(caller, id));
  }

  @Post(':id/replies')
  @Idempotent()
  @ApiOperation({ description: 'The applicant answers a provider\'s message about their application with the served message-reply form; the reply lands in the provider\'s studio inbox as unread. Invalid answers are 400 INVALID_ANSWERS; a message that is not theirs 404 MESSAGE_NOT_FOUND.', summary: "Replies to a provider's message about the caller's application (the served message-reply form); the provider reads it in the studio inbox" })
  @ApiCreatedResponse({ type: ConversationResponseDto })
  @OperationId('replyToProvider')
  async reply(@CurrentUser() caller: Caller, @Param('id', messageId) id: string, @Body() body: ReplyDto) {
    return { statusCode: 201, message: 'Reply sent', data: await this.conversations.reply(caller, id, body.answers) };
  }
}

/** The studio inbox (docs/inbox.md, "Conversations"): the scholarships' owner reads and answers applicants' replies. */
@ApiTags('provider review')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('provider')
@Controller('providers/inbox')
export class ProviderInboxController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'The scholarships\' owner: their conversations with applicants, latest first, each with the applicant (or \'Applicant {reference}\' under blind review), the latest message\'s preview and the unread replies; `unread=true` keeps those with unread replies, paged by `offset` and `limit`.', summary: "The provider's conversations with applicants, latest first, with unread replies counted (owner)" })
  @ApiOkResponse({ type: ThreadsResponseDto })
  @OperationId('listProviderConversations')
  @KeyScope('read_applications')
  async threads(@CurrentUser() caller: Caller, @Query() query: ThreadsQueryDto) {
    return ok(await this.conversations.threads(caller, { unread: query.unread, offset: query.offset ?? 0, limit: query.limit ?? 20 }));
  }

  @Get('unread-count')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'The scholarships\' owner: how many applicants\' replies they have not read yet, across all their scholarships, for the studio sidebar\'s badge. Not cached.', summary: "Unread replies from applicants (the studio sidebar's badge)" })
  @ApiOkResponse({ type: UnreadRepliesResponseDto })
  @OperationId('countProviderUnreadReplies')
  @KeyScope('read_applications')
  async unreadCount(@CurrentUser() caller: Caller) {
    return ok(await this.conversations.unreadForProvider(caller));
  }

  @Get(':applicationId')
  @Header('cache-control', 'no-store')
  @ApiOperation({ description: 'The scholarships\' owner: the whole conversation about one submitted application, oldest first; reading it marks the applicant\'s replies read. An application that is not theirs or not submitted is 404 CONVERSATION_NOT_FOUND.', summary: "One application's conversation; reading it marks the applicant's replies read (owner)" })
  @ApiOkResponse({ type: ConversationResponseDto })
  @OperationId('getProviderConversation')
  @KeyScope('read_applications')
  async conversation(@CurrentUser() caller: Caller, @Param('applicationId', applicationId) id: string) {
    return ok(await this.conversations.forProvider(caller, id));
  }

  @Post(':applicationId/messages')
  @Idempotent()
  @ApiOperation({ description: 'The scholarships\' owner answers in the conversation about one application with the served message-reply form: the applicant gets it in their inbox and by e-mail, from the organisation. Invalid answers 400 INVALID_ANSWERS; not theirs 404 CONVERSATION_NOT_FOUND.', summary: "Answers in the conversation (the served message-reply form): the applicant's inbox and e-mail, from the organisation (owner)" })
  @ApiCreatedResponse({ type: ConversationResponseDto })
  @OperationId('answerApplicant')
  @KeyScope('write_messages')
  async answer(@CurrentUser() caller: Caller, @Param('applicationId', applicationId) id: string, @Body() body: ReplyDto) {
    return { statusCode: 201, message: 'Message sent', data: await this.conversations.answer(caller, id, body.answers) };
  }
}
