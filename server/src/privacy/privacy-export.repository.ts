import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { JsonValue } from '../database/database-types.js';
import { kyselyIn } from '../database/kysely.js';

/** One of the person's uploads, for the archive: where its bytes are and what it is. */
export interface ExportedFileRow {
  id: string;
  purpose: string;
  contentType: string;
  size: number;
  name: string;
  storageKey: string;
  uploadedAt: Date;
}

/**
 * What an export reads (docs/privacy.md, "Export"): every table that holds something about the
 * person, as JSON, in one statement so the parts agree with each other. The account's password
 * hash, session version and refresh tokens, one-time codes and the second factor's secrets are left
 * out: they are ours to keep the account safe, not information about the person.
 */
@Injectable()
export class PrivacyExportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction('REPEATABLE READ', work);
  }

  /** The person's data by part; undefined when no account has the id. */
  async dataOf(tx: EntityManager, userId: string): Promise<Record<string, JsonValue> | undefined> {
    const { rows } = await sql<{ data: Record<string, JsonValue> }>`
      SELECT jsonb_build_object(
        'account', jsonb_build_object(
          'id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'phone', u.phone,
          'dateOfBirth', u.dob, 'role', u.role, 'applicantType', u.applicant_type, 'createdAt', u.created_at,
          'updatedAt', u.updated_at, 'passwordChangedAt', u.password_changed_at, 'lockedAt', u.locked_at,
          'erasedAt', u.erased_at, 'automaticApplication', u.auto_apply, 'isActiveSubscription', u.is_active_subscription),
        'consents', jsonb_build_object('acceptedTermsAt', u.accepted_terms_at, 'consentedToContactAt', u.consented_to_contact_at),
        'profileAnswers', u.profile,
        'signInProviders', (SELECT coalesce(jsonb_agg(jsonb_build_object('provider', i.provider, 'email', i.email, 'linkedAt', i.created_at, 'lastUsedAt', i.last_used_at) ORDER BY i.created_at), '[]')
                              FROM user_identities i WHERE i.user_id = u.id),
        'organisation', (SELECT o.answers FROM organisations o WHERE o.user_id = u.id),
        'applications', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                            'id', a.id, 'scholarshipId', a.scholarship_id, 'scholarship', s.title, 'status', a.status,
                            'formVersion', a.form_version, 'requirementAnswers', a.answers, 'appliedAutomatically', a.applied_automatically,
                            'createdAt', a.created_at, 'submittedAt', a.submitted_at, 'updatedAt', a.updated_at,
                            'statusHistory', (SELECT coalesce(jsonb_agg(jsonb_build_object('status', e.status, 'at', e.occurred_at) ORDER BY e.occurred_at, e.id), '[]')
                                                FROM application_status_events e WHERE e.application_id = a.id),
                            'repliesToProvider', (SELECT coalesce(jsonb_agg(jsonb_build_object('subject', r.subject, 'text', r.body_text, 'sentAt', r.created_at) ORDER BY r.created_at), '[]')
                                                    FROM applicant_replies r WHERE r.application_id = a.id))
                          ORDER BY a.created_at, a.id), '[]')
                          FROM applications a JOIN scholarships s ON s.id = a.scholarship_id WHERE a.user_id = u.id),
        'wishlist', (SELECT coalesce(jsonb_agg(jsonb_build_object('scholarshipId', w.scholarship_id, 'scholarship', s.title, 'savedAt', w.created_at) ORDER BY w.created_at), '[]')
                       FROM wishlist w JOIN scholarships s ON s.id = w.scholarship_id WHERE w.user_id = u.id),
        'inbox', (SELECT coalesce(jsonb_agg(jsonb_build_object('subject', m.subject, 'fromName', m.from_name, 'fromEmail', m.from_email, 'kind', m.kind,
                                   'text', m.body_text, 'sentAt', m.sent_at, 'readAt', m.read_at, 'scholarshipId', m.scholarship_id) ORDER BY m.sent_at, m.id), '[]')
                    FROM inbox_messages m WHERE m.user_id = u.id),
        'supportRequests', (SELECT coalesce(jsonb_agg(jsonb_build_object('kind', q.kind, 'name', q.name, 'email', q.email, 'phone', q.phone, 'query', q.query,
                                             'message', q.description, 'answers', q.answers, 'sentAt', q.created_at, 'status', q.status,
                                             'answerHtml', q.answer_html, 'answeredAt', q.answered_at,
                                             'conversation', (SELECT coalesce(jsonb_agg(jsonb_build_object('from', t.author, 'html', t.body_html, 'sentAt', t.created_at)
                                                                                        ORDER BY t.created_at, t.id), '[]')
                                                                FROM support_messages t WHERE t.request_id = q.id)) ORDER BY q.created_at, q.id), '[]')
                              FROM support_requests q WHERE q.user_id = u.id OR lower(q.email) = lower(u.email)),
        'memberships', (SELECT coalesce(jsonb_agg(jsonb_build_object('plan', p.title, 'gateway', m.gateway, 'status', m.status,
                                         'monthlyAmountCents', m.monthly_amount_cents, 'trialEndsAt', m.trial_ends_at, 'currentPeriodEnd', m.current_period_end,
                                         'canceledAt', m.canceled_at, 'createdAt', m.created_at) ORDER BY m.created_at, m.id), '[]')
                          FROM subscriptions m JOIN subscription_plans p ON p.id = m.plan_id WHERE m.user_id = u.id),
        'paymentEvents', (SELECT coalesce(jsonb_agg(jsonb_build_object('gateway', e.gateway, 'type', e.type, 'occurredAt', e.occurred_at,
                                           'subscriptionStatus', e.payload->'subscription'->>'status') ORDER BY e.occurred_at, e.event_id), '[]')
                            FROM payment_events e
                           WHERE e.payload->'subscription'->>'id' IN (SELECT m.gateway_subscription_id FROM subscriptions m WHERE m.user_id = u.id)),
        'checkouts', (SELECT coalesce(jsonb_agg(jsonb_build_object('plan', p.title, 'gateway', c.gateway, 'status', c.status, 'country', c.country_code,
                                       'ipAddress', c.ip_address, 'browser', c.user_agent, 'referralLink', c.link_id, 'openedAt', c.created_at) ORDER BY c.created_at), '[]')
                        FROM checkout_sessions c JOIN subscription_plans p ON p.id = c.plan_id WHERE c.user_id = u.id),
        'referralEvents', (SELECT coalesce(jsonb_agg(jsonb_build_object('kind', v.kind, 'referralLink', v.link_id, 'source', v.source_id, 'at', v.created_at) ORDER BY v.created_at), '[]')
                             FROM conversions v WHERE v.user_id = u.id),
        'sweepstakesEntries', (SELECT coalesce(jsonb_agg(jsonb_build_object('sweepstakes', w.title, 'enteredAt', e.created_at) ORDER BY e.created_at), '[]')
                                 FROM sweepstakes_entries e JOIN sweepstakes w ON w.id = e.sweepstakes_id WHERE e.user_id = u.id),
        'deadlineReminders', (SELECT coalesce(jsonb_agg(jsonb_build_object('scholarshipId', r.scholarship_id, 'kind', r.kind, 'sentAt', r.sent_at) ORDER BY r.sent_at), '[]')
                                FROM reminders r WHERE r.user_id = u.id)
      ) AS data
      FROM users u WHERE u.id = ${userId}`.execute(kyselyIn(tx));
    return rows[0]?.data;
  }

  /** The person's uploads, oldest first. */
  files(tx: EntityManager, userId: string): Promise<ExportedFileRow[]> {
    return kyselyIn(tx)
      .selectFrom('uploaded_files')
      .select(['id', 'purpose', 'content_type as contentType', 'size', 'original_name as name', 'storage_key as storageKey', 'created_at as uploadedAt'])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
