import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ApplicantRow } from './applicant-facts.js';

/** What an essay's prompt is built from: the applicant's profile and the scholarship. */
@Injectable()
export class EssaysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The user's name and profile answers; undefined when there is no such user. */
  async findApplicant(userId: string): Promise<ApplicantRow | undefined> {
    const [row] = (await this.db.query(`SELECT first_name, last_name, profile FROM users WHERE id = $1`, [userId])) as ApplicantRow[];
    return row;
  }

  /** A published or closed scholarship's title and description (HTML); undefined for a draft or none. */
  async findVisibleScholarship(id: string): Promise<{ title: string; description: string } | undefined> {
    const [row] = (await this.db.query(`SELECT title, description FROM scholarships WHERE id = $1 AND status <> 'draft'`, [id])) as {
      title: string;
      description: string;
    }[];
    return row;
  }
}
