import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Updateable } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { SubscriptionPlans } from '../database/database-types.js';
import { kyselyFor, kyselyOf } from '../database/kysely.js';

export interface PlanRow {
  id: string;
  productId: string;
  title: string;
  monthlyAmountCents: number;
  intervalMonths: number;
  description: string;
  mostPopular: boolean;
  priceId: string;
  sortOrder: number;
  active: boolean;
}

export type PlanChange = Partial<Omit<PlanRow, 'id' | 'productId'>>;

/** A plan's columns as PlanRow names them. */
const COLUMNS = [
  'id',
  'product_id as productId',
  'title',
  'monthly_amount_cents as monthlyAmountCents',
  'interval_months as intervalMonths',
  'description',
  'most_popular as mostPopular',
  'price_id as priceId',
  'sort_order as sortOrder',
  'active',
] as const;

const CHANGE_COLUMNS = {
  title: 'title',
  monthlyAmountCents: 'monthly_amount_cents',
  intervalMonths: 'interval_months',
  description: 'description',
  mostPopular: 'most_popular',
  priceId: 'price_id',
  sortOrder: 'sort_order',
  active: 'active',
} as const satisfies Record<keyof PlanChange, keyof SubscriptionPlans>;

/** The columns a change writes (those it gives a value), under the table's names. */
function changedColumns(change: PlanChange): Updateable<SubscriptionPlans> {
  const columns: Updateable<SubscriptionPlans> = {};
  for (const [key, value] of Object.entries(change) as [keyof PlanChange, never][]) if (value !== undefined) columns[CHANGE_COLUMNS[key]] = value;
  return columns;
}

/** The membership plans (docs/payments.md, "Plans"). */
@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(onlyActive: boolean): Promise<PlanRow[]> {
    let query = kyselyOf(this.db).selectFrom('subscription_plans').select(COLUMNS);
    if (onlyActive) query = query.where('active', '=', true);
    return query.orderBy('sort_order').orderBy('interval_months').execute();
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * One plan; inside a transaction, read on its connection (a second pooled one could be waited
   * for), and with `lock` held until it ends (the state a change replaces).
   */
  async find(id: string, manager?: EntityManager, lock = false): Promise<PlanRow | null> {
    const query = kyselyFor(manager ?? this.db).selectFrom('subscription_plans').select(COLUMNS).where('id', '=', id);
    const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
    return row ?? null;
  }

  async update(id: string, change: PlanChange, manager?: EntityManager): Promise<PlanRow | null> {
    const row = await kyselyFor(manager ?? this.db)
      .updateTable('subscription_plans')
      .set({ ...changedColumns(change), updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ?? null;
  }
}
