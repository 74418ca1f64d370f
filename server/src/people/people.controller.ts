import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import {
  ComplimentaryMembershipDto,
  PasswordResetSentResponseDto,
  PeopleListQueryDto,
  PeopleListResponseDto,
  PersonDetailResponseDto,
  PersonMembershipResponseDto,
} from './dto/people.dto.js';
import { PeopleService } from './people.service.js';
import { OperationId } from '../common/operation-id.js';

const DEFAULT_LIMIT = 50;
const personId = () => uuidOf('person');

/** The staff console's people (docs/console.md, "People"). */
@ApiTags('admin')
@ApiErrorResponses()
@ApiBearerAuth()
@Controller('admin/people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Get()
  @Roles('admin', 'support')
  @ApiOperation({ description: 'Admins and support staff: accounts whose name or e-mail contains `search`, optionally of one `role`, newest first, paged by `offset` and `limit` with `meta.total` (docs/console.md).', summary: 'Accounts found by name or e-mail, newest first, paged (admins and support staff)' })
  @ApiOkResponse({ type: PeopleListResponseDto })
  @OperationId('listPeople')
  async list(@Query() query: PeopleListQueryDto) {
    const { rows, total } = await this.people.list({ search: query.search, role: query.role }, query.offset ?? 0, query.limit ?? DEFAULT_LIMIT);
    return { statusCode: 200, data: rows, meta: { total } };
  }

  @Get(':id')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: "One person: account, profile answers, applications, memberships with their payment events, recent inbox messages (admins and support staff)",
    description: '404 USER_NOT_FOUND for an unknown id.',
  })
  @ApiOkResponse({ type: PersonDetailResponseDto })
  @OperationId('getPerson')
  async detail(@Param('id', personId()) id: string) {
    return ok(await this.people.detail(id));
  }

  @Post(':id/cancel-membership')
  @Roles('admin')
  @ApiOperation({
    summary: "Stop the renewal of a person's membership: it stays until its period ends, as the member's own Cancel (admins)",
    description: '404 when the person or their membership is unknown; 409 ALREADY_CANCELLED; 502 when the provider does not answer. Audited.',
  })
  @ApiCreatedResponse({ type: PersonMembershipResponseDto })
  @OperationId('cancelPersonMembership')
  async cancelMembership(@Param('id', personId()) id: string, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Membership cancelled at the end of its period', data: await this.people.cancelMembership(id, actor) };
  }

  @Post(':id/complimentary-membership')
  @Roles('admin')
  @ApiOperation({
    summary: 'Grant an applicant a membership at no price until the end of a date (admins)',
    description: '400 for a date before today or more than 5 years ahead, or an empty reason; 404 USER_NOT_FOUND; 409 NOT_APPLICANT, or ALREADY_SUBSCRIBED while a paid membership grants access. Audited with its reason.',
  })
  @ApiCreatedResponse({ type: PersonMembershipResponseDto })
  @OperationId('grantComplimentaryMembership')
  async grantComplimentary(@Param('id', personId()) id: string, @Body() body: ComplimentaryMembershipDto, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Complimentary membership granted', data: await this.people.grantComplimentary(id, body.endsOn, body.reason, actor) };
  }

  @Post(':id/password-reset')
  @Roles('admin', 'support')
  @ApiOperation({
    summary: 'E-mail the person a password reset code, the one the forgot-password page sends (admins and support staff)',
    description: '404 USER_NOT_FOUND; 429 OTP_RESEND_TOO_SOON within a minute of the last code; 503 when the e-mail cannot be sent. Audited.',
  })
  @ApiCreatedResponse({ type: PasswordResetSentResponseDto })
  @OperationId('sendPersonPasswordReset')
  async sendPasswordReset(@Param('id', personId()) id: string, @Actor() actor: AuditActor) {
    return { statusCode: 201, message: 'Password reset e-mail sent', data: await this.people.sendPasswordReset(id, actor) };
  }
}
