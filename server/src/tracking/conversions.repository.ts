import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { kyselyOf } from '../database/kysely.js';
import type { Conversion } from './conversion.js';

/** The stored conversions (docs/payments.md, "Conversions"). */
@Injectable()
export class ConversionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores the conversion once per dedupe key; its id, or null when the key was already stored. */
  async insertOnce(conversion: Conversion): Promise<string | null> {
    const row = await kyselyOf(this.db)
      .insertInto('conversions')
      .values({
        kind: conversion.kind,
        user_id: conversion.userId,
        amount_cents: conversion.amountCents,
        note: conversion.note ?? null,
        link_id: conversion.linkId ?? null,
        source_id: conversion.sourceId ?? null,
        dedupe_key: conversion.dedupeKey,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async markForwarded(id: string): Promise<void> {
    await kyselyOf(this.db).updateTable('conversions').set({ forwarded_at: sql<Date>`now()` }).where('id', '=', id).execute();
  }
}
