import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EligibilityRule, Requirement } from '@scholarmatch/schemas';
import { sql, type Selectable } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { Applications } from '../database/database-types.js';
import { kyselyIn, kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';
import { type NewMessage, notifyInboxMail } from '../inbox/inbox.repository.js';
import { sponsorSql } from '../common/sponsor-sql.js';
import { eligibleApplicantsStatement } from '../matching/matching-sql.js';

/** The CV requirement's key: a scholarship asking only for it can be applied to with the member's CV. */
export const CV_KEY = 'cv';

/** A scholarship automatic application may apply to: published, open, asking at most for a CV. */
export interface AutoApplicableScholarship {
  id: string;
  title: string;
  sponsor: string;
  criteria: EligibilityRule[];
  requirements: Requirement[];
}

/** What one automatic application run sends for one scholarship: the form version and the message. */
export interface AutoApplyBatch {
  scholarshipId: string;
  formVersion: string;
  /** The scholarship asks for a CV: the member's stored CV goes with the application. */
  withCv: boolean;
  /** Whether a member without a stored CV can still apply (the CV is optional). */
  cvRequired: boolean;
  message: NewMessage;
}

/**
 * The member's stored CV, in SQL (`member` the users row): the CV of their latest received
 * application that carried one (docs/automation.md).
 */
const STORED_CV_SQL = (member: string) => `(
  SELECT previous.answers->'${CV_KEY}' FROM applications previous
   WHERE previous.user_id = ${member}.id AND previous.status = 'Received' AND jsonb_typeof(previous.answers->'${CV_KEY}') = 'string'
   ORDER BY previous.submitted_at DESC LIMIT 1)`;

/**
 * Inserts the applications of `candidates (user_id)` for the batch, whose ten parameters start at
 * `$first` (batchParameters): only for members who still have automatic application on and no
 * application to the scholarship, with the stored CV when the scholarship asks for one (and for
 * nobody without one when it is required), and one inbox message each. Returns the members
 * applied for: an application and its message exist together or not at all.
 */
function insertForCandidatesSql(first: number): string {
  const [scholarship, version, withCv, cvRequired, kind, fromName, fromEmail, subject, html, text] = Array.from({ length: 10 }, (_, i) => `$${first + i}`);
  return `
  inserted AS (
    INSERT INTO applications (user_id, scholarship_id, status, form_version, answers, submitted_at, applied_automatically)
    SELECT member.id, ${scholarship}::uuid, 'Received', ${version}::varchar,
           CASE WHEN ${withCv}::boolean AND cv.file IS NOT NULL THEN jsonb_build_object('${CV_KEY}', cv.file) ELSE '{}'::jsonb END, now(), true
      -- Each candidate's row by its key (OFFSET 0: neither side is merged into the other): the
      -- planner's guess of how many members have it on (statistics from before a crowd turned it
      -- on) must never make it rescan every answer vector once per member.
      FROM (SELECT user_id FROM candidates OFFSET 0) AS c
      CROSS JOIN LATERAL (SELECT u.id FROM users u WHERE u.id = c.user_id AND u.auto_apply AND u.is_active_subscription AND u.role = 'applicant' OFFSET 0) AS member
      LEFT JOIN LATERAL (SELECT ${STORED_CV_SQL('member')} AS file) AS cv ON ${withCv}::boolean
     WHERE NOT (${withCv}::boolean AND ${cvRequired}::boolean AND cv.file IS NULL)
       AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = member.id AND a.scholarship_id = ${scholarship}::uuid)
    ON CONFLICT (user_id, scholarship_id) DO NOTHING
    RETURNING user_id
  ),
  told AS (
    INSERT INTO inbox_messages (user_id, kind, scholarship_id, from_name, from_email, subject, body_html, body_text)
    SELECT user_id, ${kind}::varchar, ${scholarship}::uuid, ${fromName}::text, ${fromEmail}::text, ${subject}::text, ${html}::text, ${text}::text FROM inserted
  )
  SELECT user_id FROM inserted`;
}

/** The ten parameters of insertForCandidatesSql, in order. */
function batchParameters(batch: AutoApplyBatch): unknown[] {
  const { message } = batch;
  return [batch.scholarshipId, batch.formVersion, batch.withCv, batch.cvRequired, message.kind, message.fromName, message.fromEmail, message.subject, message.bodyHtml, message.bodyText];
}

/**
 * Deletes a due row under a lock another run skips, returning its key when this transaction has it;
 * one per list of what is due, each keyed by one column (migration CreateAutomation).
 */
const claimDueStatement = (table: string, key: string) =>
  new Statement<Record<string, string>, readonly [id: string]>(
    `DELETE FROM ${table} WHERE ${key} = (SELECT ${key} FROM ${table} WHERE ${key} = $1 FOR UPDATE SKIP LOCKED) RETURNING ${key}`,
  );

const CLAIM_DUE = {
  scholarships: claimDueStatement('auto_apply_due_scholarships', 'scholarship_id'),
  members: claimDueStatement('auto_apply_due_members', 'user_id'),
} as const;

/** Deletes the due row under a lock another run skips; true when this transaction has it. */
async function claimDue(tx: EntityManager, list: keyof typeof CLAIM_DUE, id: string): Promise<boolean> {
  return (await CLAIM_DUE[list].rows(tx, [id])).length > 0;
}

/** Scholarships published, open today and asking for nothing or only a CV, in SQL (`s` the scholarship). */
const AUTO_APPLICABLE_SQL = (s: string, today: string) => `${s}.status = 'published' AND (${s}.deadline IS NULL OR ${s}.deadline >= ${today}::date)
  AND (jsonb_array_length(${s}.requirements) = 0
       OR (jsonb_array_length(${s}.requirements) = 1 AND ${s}.requirements->0->'field'->>'key' = '${CV_KEY}'))`;

/** A due scholarship, with its columns when automatic application may still apply to it. */
type DueScholarshipRow = AutoApplicableScholarship & { applicable: boolean };

/** Up to $1 scholarships due a look, oldest first; `applicable` false when no longer open to it ($2 today). */
const DUE_SCHOLARSHIPS = new Statement<DueScholarshipRow, readonly [limit: number, today: string]>(
  `SELECT due.scholarship_id AS id, s.id IS NOT NULL AS applicable, s.title, ${sponsorSql('provider')} AS sponsor, s.criteria, s.requirements
         FROM (SELECT scholarship_id, due_at FROM auto_apply_due_scholarships ORDER BY due_at LIMIT $1) AS due
         LEFT JOIN scholarships s ON s.id = due.scholarship_id AND ${AUTO_APPLICABLE_SQL('s', '$2')}
         LEFT JOIN users provider ON provider.id = s.provider_id
        ORDER BY due.due_at`,
);

/** The member's ($1) stored matches open to automatic application today ($2) and not applied to. */
const MATCHES_TO_APPLY = new Statement<AutoApplicableScholarship, readonly [userId: string, today: string]>(
  `SELECT s.id, s.title, ${sponsorSql('provider')} AS sponsor, s.criteria, s.requirements
         FROM users member
         JOIN applicant_matches m ON m.user_id = member.id
         JOIN scholarships s ON s.id = m.scholarship_id AND ${AUTO_APPLICABLE_SQL('s', '$2')}
         JOIN users provider ON provider.id = s.provider_id
        WHERE member.id = $1 AND member.auto_apply AND member.is_active_subscription AND member.role = 'applicant'
          AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = member.id AND a.scholarship_id = s.id)
        ORDER BY m.created_at`,
);

/** The members applied for. */
type AppliedRow = Pick<Selectable<Applications>, 'user_id'>;

/** Applies for one member ($1) with the batch's parameters after it. */
const APPLY_FOR_MEMBER = new Statement<AppliedRow>(
  `WITH candidates AS (SELECT $1::uuid AS user_id),
       ${insertForCandidatesSql(2)}`,
);

/**
 * Automatic application's SQL (docs/automation.md): the members' switch, what is due, and the
 * applications it sends with their inbox messages, each in one set-based statement.
 */
@Injectable()
export class AutoApplyRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async setting(userId: string): Promise<{ enabled: boolean; member: boolean } | undefined> {
    return kyselyOf(this.db).selectFrom('users').select(['auto_apply as enabled', 'is_active_subscription as member']).where('id', '=', userId).executeTakeFirst();
  }

  /** Turns it on or off; turning it on makes the member due (trigger users_auto_apply). */
  async setEnabled(userId: string, enabled: boolean): Promise<void> {
    await kyselyOf(this.db).updateTable('users').set({ auto_apply: enabled }).where('id', '=', userId).where('auto_apply', 'is distinct from', enabled).execute();
  }

  /** Whether any member has automatic application on (index users_auto_applying). */
  async anyoneApplying(): Promise<boolean> {
    const { rows } = await sql<{ applying: boolean }>`SELECT EXISTS (SELECT 1 FROM users WHERE auto_apply AND is_active_subscription) AS applying`.execute(kyselyOf(this.db));
    return rows[0].applying;
  }

  /** Up to `limit` scholarships due a look, oldest first, as automatic application sees them (null when no longer applicable). */
  async dueScholarships(limit: number, today: string): Promise<{ id: string; scholarship: AutoApplicableScholarship | null }[]> {
    const rows = await DUE_SCHOLARSHIPS.rows(this.db, [limit, today]);
    return rows.map(({ applicable, ...scholarship }) => ({ id: scholarship.id, scholarship: applicable ? scholarship : null }));
  }

  /**
   * Takes the scholarship off the due list in the caller's transaction: true when this run has it
   * (a row lock another run skips, so two runs never apply for the same scholarship at once).
   */
  claimScholarship(tx: EntityManager, scholarshipId: string): Promise<boolean> {
    return claimDue(tx, 'scholarships', scholarshipId);
  }

  /**
   * Applies for every member the scholarship's rules make eligible today (the matcher's verdicts
   * over the answer vectors, docs/matching.md "The live count"): one statement, whatever their number.
   */
  async applyForEligibleMembers(tx: EntityManager, criteria: EligibilityRule[], batch: AutoApplyBatch, today: string): Promise<string[]> {
    const eligible = eligibleApplicantsStatement(criteria, today);
    await sql`SET LOCAL jit = off`.execute(kyselyIn(tx));
    const statement = new Statement<AppliedRow>(`${eligible.sql},
       candidates AS (SELECT user_id FROM eligible),
       ${insertForCandidatesSql(eligible.parameters.length + 1)}`);
    const rows = await statement.rows(tx, [...eligible.parameters, ...batchParameters(batch)]);
    return rows.map((row) => row.user_id);
  }

  /** Up to `limit` members due a look, oldest first. */
  async dueMembers(limit: number): Promise<string[]> {
    const rows = await kyselyOf(this.db).selectFrom('auto_apply_due_members').select('user_id').orderBy('due_at').limit(limit).execute();
    return rows.map((row) => row.user_id);
  }

  /** Takes the member off the due list in the caller's transaction (see claimScholarship). */
  claimMember(tx: EntityManager, userId: string): Promise<boolean> {
    return claimDue(tx, 'members', userId);
  }

  /**
   * The member's stored matches automatic application may apply to and has not: open, asking for
   * nothing or only a CV, not applied to. Empty when the member does not use it.
   */
  async matchesToApply(userId: string, today: string): Promise<AutoApplicableScholarship[]> {
    return MATCHES_TO_APPLY.rows(this.db, [userId, today]);
  }

  /** Applies for one member to one scholarship they match (the same insert as for many). */
  async applyForMember(tx: EntityManager, userId: string, batch: AutoApplyBatch): Promise<boolean> {
    const rows = await APPLY_FOR_MEMBER.rows(tx, [userId, ...batchParameters(batch)]);
    return rows.length > 0;
  }

  /** Tells every instance's inbox mail job that messages wait (delivered at commit). */
  notifyInboxMail(tx: EntityManager): Promise<void> {
    return notifyInboxMail(tx);
  }
}
