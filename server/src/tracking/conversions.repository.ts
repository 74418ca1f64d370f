import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Conversion } from './conversion.js';

/** The stored conversions (docs/payments.md, "Conversions"). */
@Injectable()
export class ConversionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores the conversion once per dedupe key; its id, or null when the key was already stored. */
  async insertOnce(conversion: Conversion): Promise<string | null> {
    const [row] = (await this.db.query(
      `INSERT INTO conversions (kind, user_id, amount_cents, note, link_id, source_id, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [conversion.kind, conversion.userId, conversion.amountCents, conversion.note ?? null, conversion.linkId ?? null, conversion.sourceId ?? null, conversion.dedupeKey],
    )) as { id: string }[];
    return row?.id ?? null;
  }

  async markForwarded(id: string): Promise<void> {
    await this.db.query(`UPDATE conversions SET forwarded_at = now() WHERE id = $1`, [id]);
  }
}
