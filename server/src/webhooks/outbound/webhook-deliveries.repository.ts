import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyOf } from '../../database/kysely.js';
import { Statement } from '../../database/statement.js';

/** The channel the delivery job listens on: sent at the commit of a cause that queued deliveries. */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries_due';

/** One delivery ready to attempt: the event, the endpoint's address and sealed secrets (the previous one while it is still valid). */
export interface DueDelivery {
  deliveryId: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  deliveryCreatedAt: Date;
  eventId: string;
  type: string;
  data: unknown;
  eventCreatedAt: Date;
  endpointId: string;
  url: string;
  secretSealed: Buffer;
  previousSealed: Buffer | null;
}

/** What one attempt gave, and what becomes of its delivery. */
export interface AttemptRecord {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  manual: boolean;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  /** pending (with nextAttemptAt), delivered or failed. */
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
}

/**
 * The outbox's write (docs/webhooks.md, "Events"): from `source` (rows of scholarship_id and
 * data), one event per row whose scholarship's owner has an enabled endpoint subscribed to the
 * type, and one delivery per such endpoint; a NOTIFY at commit when any was queued. One statement
 * in the cause's transaction: with no subscribed endpoint it writes nothing.
 */
function outboxStatement(source: string): string {
  return `WITH source AS (${source}),
     targets AS (
       SELECT gen_random_uuid() AS event_id, s.provider_id,
              src.data || jsonb_build_object('scholarship', jsonb_build_object('id', s.id, 'title', s.title)) AS data,
              (SELECT array_agg(e.id) FROM webhook_endpoints e WHERE e.owner_id = s.provider_id AND e.disabled_at IS NULL AND $1 = ANY (e.events)) AS endpoint_ids
         FROM source src JOIN scholarships s ON s.id = src.scholarship_id
     ),
     subscribed AS (SELECT * FROM targets WHERE endpoint_ids IS NOT NULL),
     events AS (INSERT INTO webhook_events (id, owner_id, type, data) SELECT event_id, provider_id, $1, data FROM subscribed),
     deliveries AS (
       INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT event_id, unnest(endpoint_ids) FROM subscribed RETURNING 1
     )
SELECT pg_notify('${WEBHOOK_DELIVERIES_CHANNEL}', '') AS notified FROM (SELECT 1 FROM deliveries LIMIT 1) queued`;
}

/** Events of given scholarships with data the caller built. */
const RECORD_EACH = new Statement<{ notified: string }, readonly [type: string, scholarshipIds: string[], data: string[]]>(
  outboxStatement(`SELECT * FROM unnest($2::uuid[], $3::jsonb[]) AS item(scholarship_id, data)`),
);

/** application.submitted for a person's submitted applications to the given scholarships. */
const RECORD_SUBMISSIONS = new Statement<{ notified: string }, readonly [type: string, userId: string, scholarshipIds: string[]]>(
  outboxStatement(`SELECT a.scholarship_id,
            jsonb_build_object('application', jsonb_build_object('id', a.id, 'applicantId', a.user_id, 'status', a.status, 'submittedAt', a.submitted_at)) AS data
       FROM applications a WHERE a.user_id = $2 AND a.scholarship_id = ANY ($3::uuid[]) AND a.status = 'Received'`),
);

const DUE_COLUMNS = `d.id AS "deliveryId", d.state, d.attempts, d.created_at AS "deliveryCreatedAt", ev.id AS "eventId", ev.type, ev.data, ev.created_at AS "eventCreatedAt",
       e.id AS "endpointId", e.url, e.secret_sealed AS "secretSealed",
       CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_sealed END AS "previousSealed"`;

/** Claims due deliveries of enabled endpoints for `$2` seconds (SKIP LOCKED: every replica's job takes its own). */
const CLAIM_DUE = new Statement<DueDelivery, readonly [limit: number, leaseSeconds: number]>(
  `WITH due AS (
     SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.disabled_at IS NULL
      WHERE d.state = 'pending' AND d.next_attempt_at <= now() AND (d.claimed_until IS NULL OR d.claimed_until < now())
      ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED
   ), claimed AS (
     UPDATE webhook_deliveries d SET claimed_until = now() + make_interval(secs => $2) FROM due WHERE d.id = due.id RETURNING d.*
   )
   SELECT ${DUE_COLUMNS} FROM claimed d JOIN webhook_events ev ON ev.id = d.event_id JOIN webhook_endpoints e ON e.id = d.endpoint_id`,
);

/** Records attempts: their log rows, their deliveries' new state, and their endpoints' failure counts, in one statement. */
const RECORD_ATTEMPTS = new Statement<{ n: number }, readonly [attempts: string]>(
  `WITH r AS (
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS r("deliveryId" uuid, "endpointId" uuid, attempt int, manual boolean, "requestHeaders" jsonb, "requestBody" text,
       "responseStatus" int, "responseBody" text, "durationMs" int, error text, state text, "nextAttemptAt" timestamptz)
   ), logged AS (
     INSERT INTO webhook_attempts (delivery_id, attempt, manual, request_headers, request_body, response_status, response_body, duration_ms, error)
     SELECT "deliveryId", attempt, manual, "requestHeaders", "requestBody", "responseStatus", left("responseBody", 1024), "durationMs", left(error, 500) FROM r
   ), moved AS (
     UPDATE webhook_deliveries d SET state = r.state, attempts = greatest(d.attempts, r.attempt), last_status = r."responseStatus",
            next_attempt_at = coalesce(r."nextAttemptAt", d.next_attempt_at), claimed_until = NULL
       FROM r WHERE d.id = r."deliveryId"
   ), per_endpoint AS (
     SELECT "endpointId" AS id, bool_or(state = 'delivered') AS succeeded, count(*) FILTER (WHERE state <> 'delivered') AS failures FROM r GROUP BY "endpointId"
   ), counted AS (
     UPDATE webhook_endpoints e SET
            consecutive_failures = CASE WHEN p.succeeded THEN 0 ELSE e.consecutive_failures + p.failures END,
            last_success_at = CASE WHEN p.succeeded THEN now() ELSE e.last_success_at END
       FROM per_endpoint p WHERE e.id = p.id
   )
   SELECT count(*)::int AS n FROM r`,
);

/** The outbox, the deliveries the job works through, and their log (docs/webhooks.md). */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async recordEach(manager: EntityManager, type: string, items: readonly { scholarshipId: string; data: object }[]): Promise<void> {
    if (!items.length) return;
    await RECORD_EACH.rows(manager, [type, items.map((item) => item.scholarshipId), items.map((item) => JSON.stringify(item.data))]);
  }

  async recordSubmissions(manager: EntityManager, type: string, userId: string, scholarshipIds: readonly string[]): Promise<void> {
    if (!scholarshipIds.length) return;
    await RECORD_SUBMISSIONS.rows(manager, [type, userId, [...scholarshipIds]]);
  }

  async claimDue(limit: number, leaseSeconds: number): Promise<DueDelivery[]> {
    return CLAIM_DUE.rows(this.db, [limit, leaseSeconds]);
  }

  async recordAttempts(attempts: readonly AttemptRecord[]): Promise<void> {
    if (attempts.length) await RECORD_ATTEMPTS.rows(this.db, [JSON.stringify(attempts)]);
  }

  /**
   * Seconds until the earliest pending delivery of an enabled endpoint can be claimed (0 if one can
   * now; one claimed by another instance counts from the end of its claim); null when none is pending.
   */
  async secondsToNextDue(): Promise<number | null> {
    const { rows } = await sql<{ seconds: number | null }>`
      SELECT extract(epoch FROM min(greatest(d.next_attempt_at, coalesce(d.claimed_until, d.next_attempt_at))) - now())::float8 AS seconds
        FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.disabled_at IS NULL
       WHERE d.state = 'pending' AND d.next_attempt_at <> 'infinity'`.execute(kyselyOf(this.db));
    const seconds = rows[0]?.seconds;
    return seconds === null || seconds === undefined ? null : Math.max(0, seconds);
  }

  /** One of the owner's deliveries, ready to attempt again (whatever its state). */
  async deliveryOf(ownerId: string, endpointId: string, deliveryId: string): Promise<DueDelivery | undefined> {
    const { rows } = await sql<DueDelivery>`
      SELECT ${sql.raw(DUE_COLUMNS)} FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.id = ${deliveryId} AND d.endpoint_id = ${endpointId} AND e.owner_id = ${ownerId}`.execute(kyselyOf(this.db));
    return rows[0];
  }

  /** A `ping` event for one endpoint of the owner, with its delivery, ready to attempt. */
  async createPing(ownerId: string, endpointId: string, data: object): Promise<DueDelivery | undefined> {
    const { rows } = await sql<{ id: string }>`
      WITH endpoint AS (SELECT id FROM webhook_endpoints WHERE id = ${endpointId} AND owner_id = ${ownerId}),
           ev AS (INSERT INTO webhook_events (id, owner_id, type, data) SELECT gen_random_uuid(), ${ownerId}, 'ping', ${JSON.stringify(data)}::jsonb FROM endpoint RETURNING id),
           d AS (INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at) SELECT ev.id, endpoint.id, 'infinity' FROM ev, endpoint RETURNING *)
      SELECT d.id FROM d`.execute(kyselyOf(this.db));
    return rows[0] && this.deliveryOf(ownerId, endpointId, rows[0].id);
  }

  /** The endpoint's deliveries, newest first, each with its attempts (the log). */
  async logOf(ownerId: string, endpointId: string, limit: number, deliveryId?: string): Promise<DeliveryLogRow[]> {
    const { rows } = await sql<DeliveryLogRow>`
      SELECT d.id, d.event_id AS "eventId", ev.type, d.state, d.attempts, d.last_status AS "lastStatus", d.created_at AS "createdAt",
             CASE WHEN d.state = 'pending' AND d.next_attempt_at <> 'infinity' THEN d.next_attempt_at END AS "nextAttemptAt",
             coalesce((SELECT jsonb_agg(jsonb_build_object('attempt', a.attempt, 'manual', a.manual, 'at', a.created_at, 'requestHeaders', a.request_headers,
                       'requestBody', a.request_body, 'responseStatus', a.response_status, 'responseBody', a.response_body, 'durationMs', a.duration_ms, 'error', a.error)
                       ORDER BY a.created_at DESC) FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS "attemptLog"
        FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.endpoint_id = ${endpointId} AND e.owner_id = ${ownerId} AND (${deliveryId ?? null}::uuid IS NULL OR d.id = ${deliveryId ?? null}::uuid)
       ORDER BY d.created_at DESC, d.id LIMIT ${limit}`.execute(kyselyOf(this.db));
    return rows;
  }
}

export interface DeliveryLogRow {
  id: string;
  eventId: string;
  type: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
  attemptLog: { attempt: number; manual: boolean; at: string; requestHeaders: Record<string, string>; requestBody: string; responseStatus: number | null; responseBody: string | null; durationMs: number; error: string | null }[];
}
