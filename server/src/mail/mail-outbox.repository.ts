import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { kyselyOf } from '../database/kysely.js';
import { likePattern } from '../database/like-pattern.js';
import type { MailMessage } from './mailer.js';

export interface OutboxMessage {
  id: number;
  to: string;
  fromName: string | null;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

/** The `mail_outbox` rows: e-mails stored instead of sent. */
@Injectable()
export class MailOutboxRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async add(message: MailMessage): Promise<void> {
    await kyselyOf(this.db)
      .insertInto('mail_outbox')
      .values({ to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html ?? null, from_name: message.fromName ?? null })
      .execute();
  }

  /**
   * The newest `limit` messages, to one address (any letter case) when `to` is given; with `search`,
   * those whose address or subject holds that text (any letter case; `%` and `_` are plain characters).
   */
  async findLatest(options: { to?: string; search?: string; limit: number }): Promise<OutboxMessage[]> {
    const to = options.to ?? null;
    let latest = kyselyOf(this.db)
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'from_name', 'subject', 'text_body', 'html_body', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.limit);
    if (to !== null) latest = latest.where((eb) => eb(eb.fn('lower', ['to_address']), '=', eb.fn('lower', [eb.val(to)])));
    if (options.search) {
      const pattern = likePattern(options.search);
      latest = latest.where((eb) => eb.or([eb('to_address', 'ilike', pattern), eb('subject', 'ilike', pattern)]));
    }
    const rows = await latest.execute();
    return rows.map((row) => ({
      id: Number(row.id),
      to: row.to_address,
      fromName: row.from_name,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      createdAt: row.created_at,
    }));
  }
}
