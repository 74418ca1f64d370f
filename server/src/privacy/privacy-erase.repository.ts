import { Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import type { DB } from '../database/database-types.js';
import { kyselyIn } from '../database/kysely.js';

/** The account as the erasure finds it, its row locked for the transaction. */
export interface ErasableAccount {
  email: string;
  role: string;
  erasedAt: Date | null;
}

/** What an erasure removed, by part (how many rows), and the uploads' storage keys to delete once it committed. */
export interface ErasedParts {
  removed: Record<string, number>;
  storageKeys: string[];
}

/** The name every erased person has from then on: what providers see on their past applications. */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'applicant';

/**
 * The stable pseudonym of an erased account: its address from then on. Derived from the account's
 * id, which the kept payment records already carry, so the same person always has the same one and
 * no two share it; `.invalid` is a domain that can never receive mail (RFC 2606).
 */
export function pseudonymOf(userId: string): string {
  return `erased-${userId}@erased.invalid`;
}

/** A password hash no password matches (argon2 cannot read it, so verifying answers false). */
const NO_PASSWORD = '!erased';

const count = (result: { numDeletedRows: bigint } | { numUpdatedRows: bigint }) => Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows);

/**
 * An erasure's statements (docs/privacy.md, "Erase"), all in the caller's transaction. What the
 * payment and tax records need stays: the subscriptions, the payment events, the checkouts (their
 * address and browser removed), the free trials and card fingerprints that stop a second trial,
 * the referral events; they point at the account, whose row stays under the pseudonym.
 */
@Injectable()
export class PrivacyEraseRepository {
  /** The account, its row locked until the transaction ends; undefined when there is none. */
  account(tx: EntityManager, userId: string): Promise<ErasableAccount | undefined> {
    return kyselyIn(tx)
      .selectFrom('users')
      .select(['email', 'role', 'erased_at as erasedAt'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Whether a membership of the person still renews (it would go on charging an erased person). */
  async renews(tx: EntityManager, userId: string): Promise<boolean> {
    const row = await kyselyIn(tx)
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['trialing', 'active', 'past_due'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes or anonymises everything personal, and answers how many rows of each part went. */
  async erase(tx: EntityManager, userId: string, email: string): Promise<ErasedParts> {
    const db = kyselyIn(tx);
    const removed: Record<string, number> = {};
    const { rows: profile } = await sql<{ answers: number }>`SELECT count(*)::int AS answers FROM users u, jsonb_object_keys(u.profile) WHERE u.id = ${userId}`.execute(db);
    removed.profileAnswers = profile[0]?.answers ?? 0;
    removed.applicationDrafts = count(await db.deleteFrom('applications').where('user_id', '=', userId).where('submitted_at', 'is', null).executeTakeFirst());
    removed.submittedApplicationAnswers = count(
      await db.updateTable('applications').set({ answers: '{}' }).where('user_id', '=', userId).where('submitted_at', 'is not', null).executeTakeFirst(),
    );
    const ofApplications = (eb: Kysely<DB>) => eb.selectFrom('applications').select('id').where('user_id', '=', userId);
    removed.repliesToProviders = count(await db.deleteFrom('applicant_replies').where('application_id', 'in', ofApplications(db)).executeTakeFirst());
    await db.deleteFrom('pending_status_messages').where('application_id', 'in', ofApplications(db)).execute();
    removed.inboxMessages = count(await db.deleteFrom('inbox_messages').where('user_id', '=', userId).executeTakeFirst());
    removed.wishlist = count(await db.deleteFrom('wishlist').where('user_id', '=', userId).executeTakeFirst());
    removed.deadlineReminders = count(await db.deleteFrom('reminders').where('user_id', '=', userId).executeTakeFirst());
    removed.sweepstakesEntries = count(await db.deleteFrom('sweepstakes_entries').where('user_id', '=', userId).executeTakeFirst());
    removed.chats = count(await db.deleteFrom('chat_sessions').where('user_id', '=', userId).executeTakeFirst());
    removed.signInProviders = count(await db.deleteFrom('user_identities').where('user_id', '=', userId).executeTakeFirst());
    removed.sessions = count(await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).executeTakeFirst());
    await db.deleteFrom('password_reset_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('login_failures').where('login', '=', email.toLowerCase()).execute();
    removed.matches = count(await db.deleteFrom('applicant_matches').where('user_id', '=', userId).executeTakeFirst());
    await db.deleteFrom('applicant_match_state').where('user_id', '=', userId).execute();
    await db.deleteFrom('auto_apply_due_members').where('user_id', '=', userId).execute();
    removed.supportRequests = count(
      await db
        .deleteFrom('support_requests')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(email)`, '=', email.toLowerCase())]))
        .executeTakeFirst(),
    );
    removed.emailsSent = count(await db.deleteFrom('mail_outbox').where(sql<string>`lower(to_address)`, '=', email.toLowerCase()).executeTakeFirst());
    const files = await db.deleteFrom('uploaded_files').where('owner_id', '=', userId).returning('storage_key').execute();
    removed.files = files.length;
    // Kept for the payment records, without what only described the visit.
    await db.updateTable('checkout_sessions').set({ ip_address: null, user_agent: null }).where('user_id', '=', userId).execute();
    // Last, so the names copied onto the applications (a trigger) become the erased name with it.
    await db
      .updateTable('users')
      .set({
        email: pseudonymOf(userId),
        first_name: ERASED_FIRST_NAME,
        last_name: ERASED_LAST_NAME,
        phone: null,
        dob: null,
        applicant_type: null,
        profile: '{}',
        password_hash: NO_PASSWORD,
        consented_to_contact_at: null,
        accepted_terms_at: null,
        is_profile_update: false,
        auto_apply: false,
        erased_at: sql<Date>`now()`,
      })
      .where('id', '=', userId)
      .execute();
    return { removed, storageKeys: files.map((file) => file.storage_key) };
  }

  /** What stays, by part, for the answer and the audit row. */
  async kept(tx: EntityManager, userId: string): Promise<Record<string, number>> {
    const { rows } = await sql<Record<string, number>>`SELECT
        (SELECT count(*)::int FROM subscriptions WHERE user_id = ${userId}) AS memberships,
        (SELECT count(*)::int FROM payment_events WHERE payload->'subscription'->>'id' IN (SELECT gateway_subscription_id FROM subscriptions WHERE user_id = ${userId})) AS "paymentEvents",
        (SELECT count(*)::int FROM checkout_sessions WHERE user_id = ${userId}) AS checkouts,
        (SELECT count(*)::int FROM free_trials WHERE user_id = ${userId}) AS "freeTrials",
        (SELECT count(*)::int FROM conversions WHERE user_id = ${userId}) AS "referralEvents",
        (SELECT count(*)::int FROM applications WHERE user_id = ${userId}) AS "submittedApplications"`.execute(kyselyIn(tx));
    return rows[0];
  }
}
