import { Injectable } from '@nestjs/common';
import { billedAmountString, planPriceString } from '@scholarmatch/schemas';
import type { AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
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
    billedAmount: billedAmountString(plan.monthlyAmountCents, plan.intervalMonths),
  };
}

const adminPlanDto = (plan: PlanRow): AdminPlanDto => ({ ...planDto(plan), monthlyAmountCents: plan.monthlyAmountCents, sortOrder: plan.sortOrder, active: plan.active });

/** The membership plans as the public page and the admins see them (docs/payments.md). */
@Injectable()
export class PlansService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly audit: AuditLog,
  ) {}

  async offered(): Promise<PlanDto[]> {
    return (await this.plans.list(true)).map(planDto);
  }

  async all(): Promise<AdminPlanDto[]> {
    return (await this.plans.list(false)).map(adminPlanDto);
  }

  /** An admin's change, audited with the plan before and after in the same transaction (docs/console.md, "Audit log"). */
  async update(id: string, change: UpdatePlanDto, actor: AuditActor): Promise<AdminPlanDto> {
    const plan = await this.plans.transaction(async (tx) => {
      const before = await this.plans.find(id, tx, true);
      const after = before && (await this.plans.update(id, change, tx));
      if (!after) return null;
      await this.audit.record({ actor, action: 'plan.updated', targetType: 'plan', targetId: id, before, after }, tx);
      return after;
    });
    if (!plan) throw new ApiError(404, 'There is no such plan.', { errorCode: 'PLAN_NOT_FOUND' });
    return adminPlanDto(plan);
  }
}
