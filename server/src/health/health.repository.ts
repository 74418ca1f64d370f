import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Whether PostgreSQL answers at all. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Resolves once PostgreSQL has run a trivial statement; rejects when it cannot. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}
