import { Body, Controller, Get, HttpCode, Ip, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Public, Roles } from '../auth/auth.decorators.js';
import { SessionResponseDto } from '../auth/dto/session.dto.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { RateLimited } from '../common/rate-limit.js';
import { FormAnswersDto } from '../scholarships/dto/provider-scholarship.dto.js';
import {
  AccountSessionsResponseDto,
  InviteStaffDto,
  PublicStaffInvitationResponseDto,
  SetRoleDto,
  StaffInvitationResponseDto,
  StaffListResponseDto,
} from './dto/staff.dto.js';
import { StaffService } from './staff.service.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { OperationId } from '../common/operation-id.js';

const ENDS_SESSIONS = "The person's next request with an access token issued before is refused on every replica (401 SESSION_ENDED).";

/** Staff accounts, their invitations, and an admin's control of anyone's sessions (docs/console.md, "Roles and sessions"). */
@ApiTags('admin')
@ApiErrorResponses()
@Controller()
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Post('admin/staff-invitations')
  @Idempotent()
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Invite a staff member (admin or support) by e-mail: a link valid 7 days, once (admins)',
    description: 'An address that already has an account is refused (409 ACCOUNT_EXISTS): staff accounts are never made from a sign-up. A new invitation to the same address replaces the open one.',
  })
  @ApiCreatedResponse({ type: StaffInvitationResponseDto })
  @OperationId('inviteStaff')
  async invite(@Actor() actor: AuditActor, @Body() body: InviteStaffDto) {
    return { statusCode: 201, message: 'Invitation sent', data: await this.staff.invite(actor, body.email, body.role) };
  }

  @Get('admin/staff')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ description: 'Admins only. Every staff account (admins and support) with its role, lock and creation date, and the staff invitations not accepted yet with their expiry (docs/console.md).', summary: 'Staff accounts (admins and support) and the invitations not accepted yet (admins)' })
  @ApiOkResponse({ type: StaffListResponseDto })
  @OperationId('listStaff')
  async list() {
    return ok(await this.staff.list());
  }

  @Public()
  @Get('staff-invitations/:token')
  @ApiOperation({ summary: 'A staff invitation by its token: the address and role (public)', description: 'Unknown or used: 404 INVITATION_NOT_FOUND; expired: 410 INVITATION_EXPIRED.' })
  @ApiOkResponse({ type: PublicStaffInvitationResponseDto })
  @OperationId('getStaffInvitation')
  async invitation(@Param('token') token: string) {
    return ok(await this.staff.invitation(token));
  }

  @Public()
  @RateLimited()
  @Post('staff-invitations/:token/accept')
  @ApiOperation({ description: 'No token needed, rate-limited: the invitation\'s token from the e-mail plus names and password (the served reviewer-signup form) create the staff account with the invited role and sign it in (201 with the session). Unknown or used token 404 INVITATION_NOT_FOUND, expired 410 INVITATION_EXPIRED, invalid answers 400 INVALID_ANSWERS, an address taken meanwhile 409 EMAIL_TAKEN.', summary: "Accept a staff invitation with the served reviewer-signup form's answers (names and password): the staff account and its session" })
  @ApiCreatedResponse({ type: SessionResponseDto })
  @OperationId('acceptStaffInvitation')
  async accept(@Param('token') token: string, @Body() body: FormAnswersDto, @Ip() ip: string) {
    return { statusCode: 201, message: 'Welcome aboard', data: await this.staff.accept(token, body.answers, ip) };
  }

  @Post('admin/users/:id/end-sessions')
  @Roles('admin')
  @ApiBearerAuth()
  @HttpCode(200)
  @ApiOperation({ summary: "End every session of an account: its access tokens stop working and its refresh tokens are revoked (admins)", description: ENDS_SESSIONS })
  @ApiOkResponse({ type: AccountSessionsResponseDto })
  @OperationId('endSessions')
  async endSessions(@Actor() actor: AuditActor, @Param('id', uuidOf('user')) id: string) {
    return ok(await this.staff.endSessions(actor, id), 'Sessions ended');
  }

  @Post('admin/users/:id/lock')
  @Roles('admin')
  @ApiBearerAuth()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Lock an account: no login (403 ACCOUNT_LOCKED) and no session until unlocked (admins)',
    description: `${ENDS_SESSIONS} An admin cannot lock their own account (409 CANNOT_LOCK_SELF).`,
  })
  @ApiOkResponse({ type: AccountSessionsResponseDto })
  @OperationId('lockAccount')
  async lock(@Actor() actor: AuditActor, @Param('id', uuidOf('user')) id: string) {
    return ok(await this.staff.lock(actor, id), 'Account locked');
  }

  @Post('admin/users/:id/unlock')
  @Roles('admin')
  @ApiBearerAuth()
  @HttpCode(200)
  @ApiOperation({ description: 'Admins only. Lifts an account\'s lock (an admin\'s lock or the login lock-out) and forgets the failed log-in attempts on its e-mail, so the person can sign in at once; recorded in the audit log. An unknown account is 404 USER_NOT_FOUND.', summary: "Unlock an account; the login lock-out's failed attempts on its e-mail are forgotten too (admins)" })
  @ApiOkResponse({ type: AccountSessionsResponseDto })
  @OperationId('unlockAccount')
  async unlock(@Actor() actor: AuditActor, @Param('id', uuidOf('user')) id: string) {
    return ok(await this.staff.unlock(actor, id), 'Account unlocked');
  }

  @Put('admin/users/:id/role')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({
    summary: "Change a staff account's role (admins)",
    description: `${ENDS_SESSIONS} A refresh then gives a token with the new role. Only staff accounts (409 NOT_STAFF); an admin cannot demote themself (409 CANNOT_DEMOTE_SELF).`,
  })
  @ApiOkResponse({ type: AccountSessionsResponseDto })
  @OperationId('setStaffRole')
  async setRole(@Actor() actor: AuditActor, @Param('id', uuidOf('user')) id: string, @Body() body: SetRoleDto) {
    return ok(await this.staff.setRole(actor, id, body.role), 'Role changed');
  }
}
