import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CompiledForm, Requirement, ApplicationStatus } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';
import { kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';
import type { ReferralSource } from './dto/application.dto.js';

type Answers = Record<string, unknown>;

/** The scholarship and the caller's application to it, as one row. */
export interface ApplyingRow {
  status: string;
  deadline: string | null;
  requirements: Requirement[];
  subscribed: boolean;
  application_status: ApplicationStatus | null;
  form_version: string | null;
  answers: Answers | null;
}

/** One listed scholarship of a bulk apply, with whether the caller matches and has applied. */
export interface CandidateRow {
  id: string;
  title: string | null;
  status: string | null;
  deadline: string | null;
  requirements: Requirement[] | null;
  eligible: boolean;
  application_status: string | null;
  form_version: string | null;
  answers: Answers | null;
}

/** A scholarship just applied to, as the application's receipt names it. */
export interface SubmittedScholarship {
  id: string;
  title: string;
  sponsor: string;
}

export interface StoredFormVersion {
  version: string;
  requirements: Requirement[];
  schema: CompiledForm['schema'];
  ui_schema: CompiledForm['uiSchema'];
}

/** `$1` scholarship, `$2` the caller. */
const APPLYING = new Statement<ApplyingRow, [string, string]>(
  `SELECT s.status, s.deadline::text AS deadline, s.requirements, me.is_active_subscription AS subscribed,
              a.status AS application_status, a.form_version, a.answers
         FROM scholarships s
         JOIN users me ON me.id = $2
         LEFT JOIN applications a ON a.scholarship_id = s.id AND a.user_id = me.id
        WHERE s.id = $1 AND (s.status <> 'draft' OR a.id IS NOT NULL)`,
);

/** `$1` the listed ids in order, `$2` the caller. */
const CANDIDATES = new Statement<CandidateRow, [readonly string[], string]>(
  `SELECT listed.id, s.title, s.status, s.deadline::text AS deadline, s.requirements,
              EXISTS (SELECT 1 FROM applicant_matches m WHERE m.user_id = $2 AND m.scholarship_id = listed.id) AS eligible,
              a.status AS application_status, a.form_version, a.answers
         FROM unnest($1::uuid[]) WITH ORDINALITY AS listed (id, position)
         LEFT JOIN scholarships s ON s.id = listed.id
         LEFT JOIN applications a ON a.scholarship_id = listed.id AND a.user_id = $2
        ORDER BY listed.position`,
);

/** `$1` scholarship, `$2` version. */
const FORM_VERSION = new Statement<StoredFormVersion, [string, string]>(
  `SELECT version, requirements, schema, ui_schema FROM requirement_form_versions WHERE scholarship_id = $1 AND version = $2`,
);

/** `$1` the scholarships' ids. */
const SUBMITTED_SCHOLARSHIPS = new Statement<SubmittedScholarship, [readonly string[]]>(
  `SELECT s.id, s.title, ${sponsorSql('provider')} AS sponsor
         FROM scholarships s JOIN users provider ON provider.id = s.provider_id
        WHERE s.id = ANY($1::uuid[])`,
);

/**
 * The applications module's SQL: applications, and the stored versions of requirement forms.
 * Methods that take an EntityManager run on the caller's transaction; the others take a pooled
 * connection of their own, so a transaction must never call them (docs/performance.md).
 */
@Injectable()
export class ApplicationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * The scholarship (absent when missing, or unpublished and not applied to) with the caller's
   * application. `lock` serialises writers of one applicant's application to one scholarship.
   */
  async applying(manager: EntityManager | undefined, userId: string, scholarshipId: string, lock = false): Promise<ApplyingRow | undefined> {
    const runner = manager ?? this.db.manager;
    if (lock) await runner.query(`SELECT pg_advisory_xact_lock(hashtextextended($1 || $2, 6))`, [userId, scholarshipId]);
    const [row] = await APPLYING.rows(runner, [scholarshipId, userId]);
    return row;
  }

  /** A referral, once recorded, stays: a later save without one does not erase how the applicant came. */
  async saveApplication(
    manager: EntityManager,
    row: { userId: string; scholarshipId: string; status: ApplicationStatus; formVersion: string; answers: Answers; referral?: ReferralSource },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO applications (user_id, scholarship_id, status, form_version, answers, submitted_at, referral_source)
       VALUES ($1, $2, $3::varchar, $4, $5, CASE WHEN $3::varchar = 'Received' THEN now() END, $6)
       ON CONFLICT (user_id, scholarship_id) DO UPDATE
         SET status = EXCLUDED.status, answers = EXCLUDED.answers, submitted_at = EXCLUDED.submitted_at, updated_at = now(),
             referral_source = coalesce(applications.referral_source, EXCLUDED.referral_source)`,
      [row.userId, row.scholarshipId, row.status, row.formVersion, row.answers, row.referral ?? null],
    );
  }

  /** The listed scholarships in the order given, with whether the caller matches and has applied. */
  async candidates(manager: EntityManager | undefined, userId: string, ids: string[]): Promise<CandidateRow[]> {
    return CANDIDATES.rows(manager ?? this.db.manager, [ids, userId]);
  }

  async insertReceived(manager: EntityManager, userId: string, rows: { id: string; version: string; answers: Answers; referral?: ReferralSource }[]): Promise<void> {
    if (!rows.length) return;
    await manager.query(
      `INSERT INTO applications (user_id, scholarship_id, status, form_version, answers, submitted_at, referral_source)
       SELECT $1, item.id, 'Received', item.version, item.answers, now(), item.referral
         FROM jsonb_to_recordset($2::jsonb) AS item (id uuid, version text, answers jsonb, referral varchar)
       ON CONFLICT (user_id, scholarship_id) DO UPDATE
         SET status = 'Received', form_version = EXCLUDED.form_version, answers = EXCLUDED.answers, submitted_at = now(), updated_at = now(),
             referral_source = coalesce(applications.referral_source, EXCLUDED.referral_source)`,
      [userId, JSON.stringify(rows)],
    );
  }

  async isMember(userId: string): Promise<boolean> {
    const me = await kyselyOf(this.db).selectFrom('users').select('is_active_subscription as subscribed').where('id', '=', userId).executeTakeFirst();
    return me?.subscribed === true;
  }

  /** Stores a version once (a version never changes). On the pool: never from inside a transaction. */
  async storeFormVersion(scholarshipId: string, form: CompiledForm, requirements: Requirement[]): Promise<void> {
    await this.db.query(
      `INSERT INTO requirement_form_versions (scholarship_id, version, requirements, schema, ui_schema)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
      [scholarshipId, form.version, JSON.stringify(requirements), form.schema, form.uiSchema],
    );
  }

  async formVersion(manager: EntityManager | undefined, scholarshipId: string, version: string): Promise<StoredFormVersion | undefined> {
    const [row] = await FORM_VERSION.rows(manager ?? this.db.manager, [scholarshipId, version]);
    return row;
  }

  /** The scholarships of a submission, with their sponsors' names, in the submitting transaction. */
  async submittedScholarships(manager: EntityManager, scholarshipIds: readonly string[]): Promise<SubmittedScholarship[]> {
    return SUBMITTED_SCHOLARSHIPS.rows(manager, [scholarshipIds]);
  }
}
