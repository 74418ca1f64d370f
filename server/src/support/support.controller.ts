import { Body, Controller, Get, Header, Ip, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { MESSAGES } from '@scholarmatch/schemas';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { type Caller, CurrentUser, Roles, SignedInOptional } from '../auth/auth.decorators.js';
import { ApiResponseBase, ok } from '../common/api-response.js';
import { ApiErrorResponses, ErrorBodyDto } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { RateLimited } from '../common/rate-limit.js';
import {
  AddSupportDto,
  OwnSupportListQueryDto,
  OwnSupportRequestListResponseDto,
  SupportAnswerDto,
  SupportRequestResponseDto,
  SupportThreadResponseDto,
} from './dto/support.dto.js';
import { ReplyDto } from '../review/dto/conversation.dto.js';
import { SupportService } from './support.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

const OWN_DEFAULT_LIMIT = 20;
const requestId = uuidOf('support request');

/** Support requests and contact messages (docs/support.md). */
@ApiTags('support')
@ApiErrorResponses()
@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @SignedInOptional()
  @RateLimited()
  @Post('scholarships/add-support')
  @Idempotent()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Sends a support request (signed in, with `query`) or a contact message (anyone); rate-limited',
    description:
      "Judged by the served form of its kind ('support-request', 'contact-message'): 400 INVALID_ANSWERS with the form's words. A support request needs a signed-in caller " +
      "(401) and takes the account's name and e-mail. Stored first, then e-mailed to the support desk. 201 'We have received your query, we will get back to you soon.'",
  })
  @ApiCreatedResponse({ type: ApiResponseBase })
  @OperationId('createSupportRequest')
  async add(@Body() body: AddSupportDto, @CurrentUser() caller: Caller | undefined, @Ip() ip: string) {
    await this.support.add(body, caller, ip);
    return { statusCode: 201, message: MESSAGES.supportThanks };
  }

  @ApiBearerAuth()
  @Get('support-requests')
  @ApiOperation({
    summary: "The caller's own support requests (and contact messages sent signed in), newest first, with their status and answers",
    description: 'Only the caller\'s: nobody sees anyone else\'s requests here (admins list them under /admin/support-requests).',
  })
  @ApiOkResponse({ type: OwnSupportRequestListResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'Not signed in' })
  @OperationId('listMySupportRequests')
  async listOwn(@CurrentUser() caller: Caller, @Query() query: OwnSupportListQueryDto) {
    const { rows, total } = await this.support.listOwn(caller, query.offset ?? 0, query.limit ?? OWN_DEFAULT_LIMIT);
    return { statusCode: 200, data: rows, meta: { total } };
  }

  @ApiBearerAuth()
  @Header('cache-control', 'no-store')
  @Get('support-requests/:id/thread')
  @ApiOperation({
    summary: "One of the caller's own requests as a thread: the request, the staff's answers and the caller's replies, oldest first",
    description: "Anyone else's request, or an unknown id: 404 SUPPORT_REQUEST_NOT_FOUND. The staff's internal notes are never in it.",
  })
  @ApiOkResponse({ type: SupportThreadResponseDto })
  @OperationId('getSupportThread')
  async thread(@CurrentUser() caller: Caller, @Param('id', requestId) id: string) {
    return ok(await this.support.ownThread(caller, id));
  }

  @ApiBearerAuth()
  @Post('support-requests/:id/replies')
  @Idempotent()
  @ApiOperation({
    summary: "Replies to one of the caller's own requests (the served message-reply form): the request is open again and waits for staff from now",
    description: "Anyone else's request, or an unknown id: 404 SUPPORT_REQUEST_NOT_FOUND. Bad answers: 400 INVALID_ANSWERS at `answers.replyBody`.",
  })
  @ApiCreatedResponse({ type: SupportThreadResponseDto })
  @OperationId('replyToSupport')
  async reply(@CurrentUser() caller: Caller, @Param('id', requestId) id: string, @Body() body: ReplyDto) {
    return { statusCode: 201, message: 'Reply sent', data: await this.support.reply(caller, id, body.answers) };
  }

  @ApiBearerAuth()
  @Roles('admin', 'support')
  @Post('admin/support-requests/:id/answer')
  @Idempotent()
  @ApiOperation({
    summary: "Answers a request again or for the first time (admins and support staff): one more message of its thread, to the person's inbox and e-mail when they have an account, else by e-mail",
    description: '404 for an unknown request; the answer is sanitised rich text and may not be empty (400 ANSWER_EMPTY).',
  })
  @ApiCreatedResponse({ type: SupportRequestResponseDto })
  @OperationId('answerSupportRequest')
  async answer(@Param('id', requestId) id: string, @Body() body: SupportAnswerDto, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Answer sent', data: await this.support.answer(id, body.answer, actor) };
  }
}
