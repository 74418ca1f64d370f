import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

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

const COLUMNS = `id, product_id AS "productId", title, monthly_amount_cents AS "monthlyAmountCents",
  interval_months AS "intervalMonths", description, most_popular AS "mostPopular", price_id AS "priceId",
  sort_order AS "sortOrder", active`;

const CHANGE_COLUMNS: Record<keyof PlanChange, string> = {
  title: 'title',
  monthlyAmountCents: 'monthly_amount_cents',
  intervalMonths: 'interval_months',
  description: 'description',
  mostPopular: 'most_popular',
  priceId: 'price_id',
  sortOrder: 'sort_order',
  active: 'active',
};

/** The membership plans (docs/payments.md, "Plans"). */
@Injectable()
export class PlansRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(onlyActive: boolean): Promise<PlanRow[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM subscription_plans ${onlyActive ? 'WHERE active' : ''} ORDER BY sort_order, interval_months`);
  }

  /** One plan; inside a transaction, read on its connection (a second pooled one could be waited for). */
  async find(id: string, manager?: EntityManager): Promise<PlanRow | null> {
    const [row] = (await (manager ?? this.db).query(`SELECT ${COLUMNS} FROM subscription_plans WHERE id = $1`, [id])) as PlanRow[];
    return row ?? null;
  }

  async update(id: string, change: PlanChange): Promise<PlanRow | null> {
    const entries = Object.entries(change).filter(([, value]) => value !== undefined) as [keyof PlanChange, unknown][];
    const sets = entries.map(([key], index) => `${CHANGE_COLUMNS[key]} = $${index + 2}`);
    const [rows] = (await this.db.query(`UPDATE subscription_plans SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`, [
      id,
      ...entries.map(([, value]) => value),
    ])) as [PlanRow[], number];
    return rows[0] ?? null;
  }
}
