import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { SetSubscriptionDto, SubscriptionStateResponseDto } from './dto/admin-subscription.dto.js';
import { MembershipsService } from './memberships.service.js';
import { OperationId } from '../common/operation-id.js';

/**
 * Until payments exist, an admin grants or ends an applicant's membership. The payments
 * work replaces this with checkout and webhooks and keeps it for support cases.
 */
@ApiTags('admin')
@ApiErrorResponses()
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/applicants')
export class AdminSubscriptionsController {
  constructor(private readonly memberships: MembershipsService) {}

  @Put(':id/subscription')
  @ApiOperation({ description: 'Admins only: switches an applicant\'s membership flag by hand for a support case, recorded in the audit log; the payment provider\'s next report about that applicant sets it again. An unknown applicant is 404 APPLICANT_NOT_FOUND.', summary: "Set an applicant's membership (admins)" })
  @ApiOkResponse({ type: SubscriptionStateResponseDto })
  @OperationId('setApplicantMembership')
  async set(@Param('id', uuidOf('applicant')) id: string, @Body() body: SetSubscriptionDto, @Actor() actor: AuditActor) {
    await this.memberships.setByAdmin(id, body.active, actor);
    return ok({ applicantId: id, isActiveSubscription: body.active });
  }
}
