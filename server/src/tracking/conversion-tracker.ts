import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';

/**
 * A conversion the affiliate and ad trackers hear about (docs/payments.md, "Conversions"): a lead
 * when an applicant signs up, worth 0.05, and a sale when a trial starts, worth the plan's monthly
 * price, noted 'Trial successful'.
 */
export interface Conversion {
  kind: 'lead' | 'sale';
  userId: string;
  amountCents: number;
  note?: string;
  linkId?: string | null;
  sourceId?: string | null;
  /** The same key twice is one conversion (a webhook delivered twice reports one sale). */
  dedupeKey: string;
}

/** The lead's value, in cents of a dollar (0.05). */
export const LEAD_VALUE_CENTS = 5;
export const SALE_NOTE = 'Trial successful';

/** The port: stored always; forwarded to CONVERSION_TRACKER_URL when one is configured. */
export abstract class ConversionTracker {
  abstract track(conversion: Conversion): Promise<void>;
}

@Injectable()
export class StoredConversionTracker extends ConversionTracker {
  private readonly logger = new Logger('ConversionTracker');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /** Never fails its caller: a lost conversion must not cost a sign-up or a membership. */
  async track(conversion: Conversion): Promise<void> {
    try {
      const [row] = (await this.db.query(
        `INSERT INTO conversions (kind, user_id, amount_cents, note, link_id, source_id, dedupe_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
        [conversion.kind, conversion.userId, conversion.amountCents, conversion.note ?? null, conversion.linkId ?? null, conversion.sourceId ?? null, conversion.dedupeKey],
      )) as { id: string }[];
      if (row && this.config.CONVERSION_TRACKER_URL) await this.forward(row.id, conversion);
    } catch (error) {
      this.logger.warn({ err: error, kind: conversion.kind }, 'conversion not recorded');
    }
  }

  private async forward(id: string, conversion: Conversion): Promise<void> {
    const response = await fetch(this.config.CONVERSION_TRACKER_URL!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: conversion.kind, amount: conversion.amountCents / 100, note: conversion.note, linkId: conversion.linkId, sourceId: conversion.sourceId, reference: conversion.dedupeKey }),
      signal: AbortSignal.timeout(5000),
    });
    if (response.ok) await this.db.query(`UPDATE conversions SET forwarded_at = now() WHERE id = $1`, [id]);
  }
}
