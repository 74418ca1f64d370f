import { Body, Controller, Delete, Get, Ip, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, Public, Roles } from '../auth/auth.decorators.js';
import { SessionResponseDto } from '../auth/dto/session.dto.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { RateLimited } from '../common/rate-limit.js';
import { FormAnswersDto } from '../scholarships/dto/provider-scholarship.dto.js';
import { InvitationResponseDto, InviteReviewerDto, JoinInvitationDto, PublicInvitationResponseDto, RemovedResponseDto, ReviewersResponseDto } from './dto/review.dto.js';
import { ReviewersService } from './reviewers.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

/** Reviewers of the provider's organisation and their invitations (docs/review.md, "Reviewers"). */
@ApiTags('provider review')
@ApiErrorResponses()
@Controller()
export class ReviewersController {
  constructor(private readonly reviewers: ReviewersService) {}

  @Post('providers/reviewers')
  @Idempotent()
  @Roles('provider')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Invite a reviewer by e-mail (a link valid 7 days, once)',
    description:
      'An address with a reviewer account that belongs to no organisation is invited (`existingAccount: true`; it accepts by logging in). ' +
      'Refused with 409 and a sentence for the inviter: an account that is not a reviewer\'s (ACCOUNT_NOT_REVIEWER), a reviewer of this organisation (ALREADY_REVIEWER) or of another (REVIEWER_OF_ANOTHER_ORGANISATION).',
  })
  @ApiCreatedResponse({ type: InvitationResponseDto })
  @OperationId('inviteReviewer')
  async invite(@CurrentUser() caller: Caller, @Body() body: InviteReviewerDto) {
    const invitation = await this.reviewers.invite(caller, body.email);
    const message = invitation.existingAccount ? `${invitation.email} already has a reviewer account: we invited it, and they accept by logging in.` : 'Invitation sent';
    return { statusCode: 201, message, data: invitation };
  }

  @Get('providers/reviewers')
  @Roles('provider')
  @ApiBearerAuth()
  @ApiOperation({ description: 'Providers only. The reviewers of the provider\'s organisation and the invitations sent and not yet accepted (docs/review.md).', summary: "The organisation's reviewers and open invitations" })
  @ApiOkResponse({ type: ReviewersResponseDto })
  @OperationId('listReviewers')
  async list(@CurrentUser() caller: Caller) {
    return ok(await this.reviewers.list(caller));
  }

  @Delete('providers/reviewers/:id')
  @Roles('provider')
  @ApiBearerAuth()
  @ApiOperation({ description: 'Providers only. Takes away a reviewer\'s access to the organisation\'s scholarships (by the reviewer\'s user id) or withdraws an open invitation (by its id). An id that is neither is 404 REVIEWER_NOT_FOUND.', summary: 'Remove a reviewer (user id) or an open invitation (its id)' })
  @ApiOkResponse({ type: RemovedResponseDto })
  @OperationId('removeReviewer')
  async remove(@CurrentUser() caller: Caller, @Param('id', uuidOf('reviewer')) id: string) {
    return ok(await this.reviewers.remove(caller, id), 'Reviewer removed');
  }

  @Public()
  @Get('reviewer-invitations/:token')
  @ApiOperation({ summary: 'An invitation by its token: who invites, to which address (public)', description: 'Unknown or used: 404 INVITATION_NOT_FOUND; expired: 410 INVITATION_EXPIRED.' })
  @ApiOkResponse({ type: PublicInvitationResponseDto })
  @OperationId('getReviewerInvitation')
  async invitation(@Param('token') token: string) {
    return ok(await this.reviewers.invitation(token));
  }

  @Public()
  @RateLimited()
  @Post('reviewer-invitations/:token/accept')
  @ApiOperation({ description: 'No token needed, rate-limited: the invitation\'s token from the e-mail plus the served reviewer-signup form\'s answers create a reviewer account for the invited address and sign it in (201 with the session). Unknown or used token 404 INVITATION_NOT_FOUND, expired 410 INVITATION_EXPIRED, an address that already has an account 409 ACCOUNT_EXISTS (use the join call).', summary: "Accept an invitation with the served reviewer-signup form's answers: a reviewer account and its session" })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @OperationId('acceptReviewerInvitation')
  async accept(@Param('token') token: string, @Body() body: FormAnswersDto, @Ip() ip: string) {
    return { statusCode: 201, message: 'Welcome aboard', data: await this.reviewers.accept(token, body.answers, ip) };
  }

  @Public()
  @RateLimited()
  @Post('reviewer-invitations/:token/join')
  @ApiOperation({
    summary: 'Accept an invitation with the invited address\'s existing reviewer account: its password, then its session',
    description: 'A wrong password is the login\'s 400 WRONG_PASSWORD (and its lockout); no account: 409 NO_ACCOUNT; an account that cannot review here: 409 as for the invitation.',
  })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @OperationId('joinReviewerInvitation')
  async join(@Param('token') token: string, @Body() body: JoinInvitationDto, @Ip() ip: string) {
    return { statusCode: 201, message: 'Welcome aboard', data: await this.reviewers.join(token, body.password, ip) };
  }
}
