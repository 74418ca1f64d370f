import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Selectable, sql } from 'kysely';
import type { DataSource } from 'typeorm';
import type { WebhookEndpoints } from '../../database/database-types.js';
import { kyselyOf } from '../../database/kysely.js';

/** An endpoint as its owner sees it: never a secret, sealed or not. */
export type EndpointRow = Pick<
  Selectable<WebhookEndpoints>,
  'id' | 'url' | 'events' | 'secret_last4' | 'previous_secret_expires_at' | 'disabled_at' | 'disabled_reason' | 'consecutive_failures' | 'last_success_at' | 'created_at'
>;

const LISTED = ['id', 'url', 'events', 'secret_last4', 'previous_secret_expires_at', 'disabled_at', 'disabled_reason', 'consecutive_failures', 'last_success_at', 'created_at'] as const;

/** An organisation owner's webhook endpoints (docs/webhooks.md). Every method is scoped by the owner: another owner's endpoint is not found. */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(endpoint: { id: string; ownerId: string; url: string; events: string[]; secretSealed: Buffer; secretLast4: string }): Promise<EndpointRow> {
    return kyselyOf(this.db)
      .insertInto('webhook_endpoints')
      .values({ id: endpoint.id, owner_id: endpoint.ownerId, url: endpoint.url, events: endpoint.events, secret_sealed: endpoint.secretSealed, secret_last4: endpoint.secretLast4 })
      .returning(LISTED)
      .executeTakeFirstOrThrow();
  }

  async listOf(ownerId: string): Promise<EndpointRow[]> {
    return kyselyOf(this.db).selectFrom('webhook_endpoints').select(LISTED).where('owner_id', '=', ownerId).orderBy('created_at', 'desc').execute();
  }

  async countOf(ownerId: string): Promise<number> {
    const { count } = await kyselyOf(this.db).selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<string>().as('count')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
    return Number(count);
  }

  async find(ownerId: string, id: string): Promise<(EndpointRow & { secret_sealed: Buffer }) | undefined> {
    return kyselyOf(this.db).selectFrom('webhook_endpoints').select([...LISTED, 'secret_sealed']).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  }

  /** Changes the URL, the events, or whether it is enabled (enabling clears the failure count and the reason it was disabled). */
  async update(ownerId: string, id: string, change: { url?: string; events?: string[]; enabled?: boolean }): Promise<EndpointRow | undefined> {
    const enabling = change.enabled === true ? { disabled_at: null, disabled_reason: null, consecutive_failures: 0 } : {};
    const disabling = change.enabled === false ? { disabled_at: sql<Date>`coalesce(disabled_at, now())`, disabled_reason: sql<string>`coalesce(disabled_reason, 'Disabled by its owner.')` } : {};
    return kyselyOf(this.db)
      .updateTable('webhook_endpoints')
      .set({ ...(change.url ? { url: change.url } : {}), ...(change.events ? { events: change.events } : {}), ...enabling, ...disabling, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .returning(LISTED)
      .executeTakeFirst();
  }

  /** The new secret signs from now on; the current one is kept as the previous until `previousExpiresAt`. */
  async roll(ownerId: string, id: string, secretSealed: Buffer, secretLast4: string, previousExpiresAt: Date): Promise<EndpointRow | undefined> {
    return kyselyOf(this.db)
      .updateTable('webhook_endpoints')
      .set({
        previous_secret_sealed: sql<Buffer>`secret_sealed`,
        previous_secret_expires_at: previousExpiresAt,
        secret_sealed: secretSealed,
        secret_last4: secretLast4,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .returning(LISTED)
      .executeTakeFirst();
  }

  /** Deletes the endpoint with its deliveries and their log; false when the owner has no such endpoint. */
  async remove(ownerId: string, id: string): Promise<boolean> {
    const removed = await kyselyOf(this.db).deleteFrom('webhook_endpoints').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }

  /**
   * Disables an endpoint none of whose deliveries has succeeded since `failingSince` (docs/webhooks.md,
   * "Disabling"); answers where to tell its owner, or undefined when it was already disabled or has
   * succeeded since (so the owner is told once).
   */
  async disableIfFailingSince(id: string, failingSince: Date, reason: string): Promise<{ url: string; email: string } | undefined> {
    const { rows } = await sql<{ url: string; email: string }>`
      UPDATE webhook_endpoints e SET disabled_at = now(), disabled_reason = ${reason}, updated_at = now()
        FROM users u
       WHERE e.id = ${id} AND u.id = e.owner_id AND e.disabled_at IS NULL AND (e.last_success_at IS NULL OR e.last_success_at < ${failingSince})
      RETURNING e.url, u.email`.execute(kyselyOf(this.db));
    return rows[0];
  }
}
