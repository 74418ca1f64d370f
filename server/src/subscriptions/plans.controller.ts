import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { planPriceString } from '@scholarmatch/schemas';
import { Public, Roles } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiError, ApiErrorResponses } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { AdminPlanResponseDto, AdminPlansResponseDto, type PlanDto, PlansResponseDto, UpdatePlanDto } from './dto/plans.dto.js';
import { type PlanRow, PlansRepository } from './plans.repository.js';

function planDto(plan: PlanRow): PlanDto {
  return {
    id: plan.id,
    title: plan.title,
    price: planPriceString(plan.monthlyAmountCents),
    productId: plan.productId,
    description: plan.description,
    priceId: plan.priceId,
    mostPopular: plan.mostPopular,
    intervalMonths: plan.intervalMonths,
    billedAmount: planPriceString(plan.monthlyAmountCents * plan.intervalMonths),
  };
}

const adminPlanDto = (plan: PlanRow) => ({ ...planDto(plan), monthlyAmountCents: plan.monthlyAmountCents, sortOrder: plan.sortOrder, active: plan.active });

@ApiTags('subscriptions')
@ApiErrorResponses()
@Controller()
export class PlansController {
  constructor(private readonly plans: PlansRepository) {}

  @Public()
  @Get('subscription-plans')
  @ApiOperation({ summary: 'The membership plans offered (public): price per month, benefits, the provider price id' })
  @ApiOkResponse({ type: PlansResponseDto })
  async list() {
    return ok((await this.plans.list(true)).map(planDto));
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Get('admin/subscription-plans')
  @ApiOperation({ summary: 'Every plan, offered or not (admins)' })
  @ApiOkResponse({ type: AdminPlansResponseDto })
  async adminList() {
    return ok((await this.plans.list(false)).map(adminPlanDto));
  }

  @ApiBearerAuth()
  @Roles('admin')
  @Patch('admin/subscription-plans/:id')
  @ApiOperation({
    summary: "Change a plan (admins): title, monthly price in cents, months billed, benefits, the provider's price id, order, offered",
    description: 'Applies to checkouts opened afterwards; running memberships keep what they were sold.',
  })
  @ApiOkResponse({ type: AdminPlanResponseDto })
  async update(@Param('id', uuidOf('plan')) id: string, @Body() body: UpdatePlanDto) {
    const plan = await this.plans.update(id, body);
    if (!plan) throw new ApiError(404, 'There is no such plan.', { errorCode: 'PLAN_NOT_FOUND' });
    return ok(adminPlanDto(plan));
  }
}
