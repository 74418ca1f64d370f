import { Injectable } from '@nestjs/common';
import { planPriceString } from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';
import type { AdminPlanDto, PlanDto, UpdatePlanDto } from './dto/plans.dto.js';
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

const adminPlanDto = (plan: PlanRow): AdminPlanDto => ({ ...planDto(plan), monthlyAmountCents: plan.monthlyAmountCents, sortOrder: plan.sortOrder, active: plan.active });

/** The membership plans as the public page and the admins see them (docs/payments.md). */
@Injectable()
export class PlansService {
  constructor(private readonly plans: PlansRepository) {}

  async offered(): Promise<PlanDto[]> {
    return (await this.plans.list(true)).map(planDto);
  }

  async all(): Promise<AdminPlanDto[]> {
    return (await this.plans.list(false)).map(adminPlanDto);
  }

  async update(id: string, change: UpdatePlanDto): Promise<AdminPlanDto> {
    const plan = await this.plans.update(id, change);
    if (!plan) throw new ApiError(404, 'There is no such plan.', { errorCode: 'PLAN_NOT_FOUND' });
    return adminPlanDto(plan);
  }
}
