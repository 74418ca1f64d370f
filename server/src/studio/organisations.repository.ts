import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface OrganisationRow {
  answers: Record<string, unknown>;
  updatedAt: Date;
}

/** The organisation behind a provider account: its served form's answers (docs/providers.md). */
@Injectable()
export class OrganisationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(userId: string): Promise<OrganisationRow | undefined> {
    const [row] = (await this.db.query(`SELECT answers, updated_at AS "updatedAt" FROM organisations WHERE user_id = $1`, [userId])) as OrganisationRow[];
    return row;
  }

  /** Replaces the answers of the organisation form (its fields are the whole form). */
  async save(userId: string, answers: Record<string, unknown>): Promise<OrganisationRow> {
    const [row] = (await this.db.query(
      `INSERT INTO organisations (user_id, answers) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET answers = EXCLUDED.answers, updated_at = now()
       RETURNING answers, updated_at AS "updatedAt"`,
      [userId, JSON.stringify(answers)],
    )) as OrganisationRow[];
    return row;
  }
}
