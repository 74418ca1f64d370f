import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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
    await this.db.query(`INSERT INTO mail_outbox (to_address, subject, text_body, html_body, from_name) VALUES ($1, $2, $3, $4, $5)`, [
      message.to,
      message.subject,
      message.text,
      message.html ?? null,
      message.fromName ?? null,
    ]);
  }

  /** The newest `limit` messages, to one address (any letter case) when `to` is given. */
  async findLatest(options: { to?: string; limit: number }): Promise<OutboxMessage[]> {
    const rows = (await this.db.query(
      `SELECT id, to_address, from_name, subject, text_body, html_body, created_at FROM mail_outbox
        WHERE $1::text IS NULL OR lower(to_address) = lower($1)
        ORDER BY created_at DESC, id DESC LIMIT $2`,
      [options.to ?? null, options.limit],
    )) as { id: string; to_address: string; from_name: string | null; subject: string; text_body: string; html_body: string | null; created_at: Date }[];
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
