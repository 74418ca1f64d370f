import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../audit/actor.decorator.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { Public, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { AdminPlanResponseDto, AdminPlansResponseDto, PlansResponseDto, UpdatePlanDto } from './dto/plans.dto.js';
import { PlansService } from './plans.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('subscriptions')
@ApiErrorResponses()
@Controller()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Public()
  @Get('subscription-plans')
  @ApiOperation({ description: 'No token needed: the membership plans on offer, in display order, each with its monthly price, what one billing period costs, its benefits and the payment provider\'s price id. The price charged always comes from the server.', summary: 'The membership plans offered (public): price per month, benefits, the provider price id' })
  @ApiOkResponse({ type: PlansResponseDto })
  @OperationId('listPlans')
  async list() {
    return ok(await this.plans.offered());
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Get('admin/subscription-plans')
  @ApiOperation({ description: 'Admins only. Every membership plan, including those no longer offered (`active: false`), with its price in cents and its sort order, for the plans page of the console.', summary: 'Every plan, offered or not (admins)' })
  @ApiOkResponse({ type: AdminPlansResponseDto })
  @OperationId('listAllPlans')
  async adminList() {
    return ok(await this.plans.all());
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Patch('admin/subscription-plans/:id')
  @ApiOperation({
    summary: "Change a plan (admins): title, monthly price in cents, months billed, benefits, the provider's price id, order, offered",
    description: 'Applies to checkouts opened afterwards; running memberships keep what they were sold.',
  })
  @ApiOkResponse({ type: AdminPlanResponseDto })
  @OperationId('updatePlan')
  async update(@Param('id', uuidOf('plan')) id: string, @Body() body: UpdatePlanDto, @Actor() actor: AuditActor) {
    return ok(await this.plans.update(id, body, actor));
  }
}
