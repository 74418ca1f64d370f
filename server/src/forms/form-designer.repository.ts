import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FieldDefinition } from '@scholarmatch/schemas';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyFor } from '../database/kysely.js';
import type { DiffChange } from './form-diff.js';
import type { DraftRow } from './form-draft.js';


export type VersionKind = 'publish' | 'rollback';

export interface VersionSummaryRow {
  number: number;
  kind: VersionKind;
  note: string | null;
  publishedAt: Date;
  publishedById: string | null;
  publishedByName: string | null;
  changeCount: number;
}

export interface VersionRow extends VersionSummaryRow {
  definitions: FieldDefinition[];
  changes: DiffChange[];
}

/** A new version as the publish or rollback transaction writes it. */
export interface NewVersion {
  number: number;
  kind: VersionKind;
  note: string | null;
  publishedBy: string;
  definitions: FieldDefinition[];
  changes: DiffChange[];
}

/** Any two publishes (or rollbacks) run one after the other: each reads the latest version and writes the next. */
const PUBLISH_LOCK = 'form_versions/publish';

/** How long one statement of a publish or rollback may run. */
const PUBLISH_STATEMENT_TIMEOUT_S = 600;

/**
 * The designer's tables (docs/form-designer.md): the shared draft `form_field_drafts` and the
 * published `form_versions`. jsonb columns are read with `$castTo`: they hold what these methods
 * wrote (definitions the vocabulary's schema accepted, diffs of form-diff.ts).
 */
@Injectable()
export class FormDesignerRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private k(tx?: EntityManager) {
    return kyselyFor(tx ?? this.db);
  }

  async drafts(tx?: EntityManager): Promise<DraftRow[]> {
    return this.k(tx)
      .selectFrom('form_field_drafts')
      .select(['id', 'field_id as fieldId', 'key', 'removed'])
      .select((eb) => eb.ref('definition').$castTo<FieldDefinition>().as('definition'))
      .orderBy('id')
      .execute();
  }

  async insertDraft(row: Omit<DraftRow, 'id'>, by: string, tx?: EntityManager): Promise<number> {
    const { id } = await this.k(tx)
      .insertInto('form_field_drafts')
      .values({ field_id: row.fieldId, key: row.key, definition: JSON.stringify(row.definition), removed: row.removed, updated_by: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async updateDraft(id: number, definition: FieldDefinition, removed: boolean, by: string, tx?: EntityManager): Promise<void> {
    await this.k(tx)
      .updateTable('form_field_drafts')
      .set({ definition: JSON.stringify(definition), removed, updated_by: by, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async deleteDraft(id: number, tx?: EntityManager): Promise<void> {
    await this.k(tx).deleteFrom('form_field_drafts').where('id', '=', id).execute();
  }

  /** Empties the draft; how many rows it held. */
  async clearDrafts(tx?: EntityManager): Promise<number> {
    const result = await this.k(tx).deleteFrom('form_field_drafts').executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Held until `tx` ends. */
  async lockPublishing(tx: EntityManager): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${PUBLISH_LOCK}, 0))`.execute(this.k(tx));
  }

  /**
   * Lifts the pool's 15 s statement limit for the rest of `tx`: a publish that (de)activates a field
   * answered by every applicant types all their answers again in one trigger statement
   * (docs/form-designer.md, "Cost"), which takes longer than a request's statement may.
   */
  async allowLongStatements(tx: EntityManager): Promise<void> {
    await sql`SET LOCAL statement_timeout = '${sql.raw(String(PUBLISH_STATEMENT_TIMEOUT_S))}s'`.execute(this.k(tx));
  }

  private versions(tx?: EntityManager) {
    return this.k(tx)
      .selectFrom('form_versions as v')
      .leftJoin('users as u', 'u.id', 'v.published_by')
      .select(['v.number', 'v.note', 'v.published_at as publishedAt', 'v.published_by as publishedById'])
      .select((eb) => [
        eb.ref('v.kind').$castTo<VersionKind>().as('kind'),
        sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('publishedByName'),
        sql<number>`jsonb_array_length(v.changes)`.as('changeCount'),
      ]);
  }

  async latestVersion(tx?: EntityManager): Promise<VersionRow> {
    return this.versions(tx)
      .select((eb) => [eb.ref('v.definitions').$castTo<FieldDefinition[]>().as('definitions'), eb.ref('v.changes').$castTo<DiffChange[]>().as('changes')])
      .orderBy('v.number', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  async version(number: number, tx?: EntityManager): Promise<VersionRow | undefined> {
    return this.versions(tx)
      .select((eb) => [eb.ref('v.definitions').$castTo<FieldDefinition[]>().as('definitions'), eb.ref('v.changes').$castTo<DiffChange[]>().as('changes')])
      .where('v.number', '=', number)
      .executeTakeFirst();
  }

  async versionsPage(offset: number, limit: number): Promise<{ items: VersionSummaryRow[]; total: number }> {
    const [items, { total }] = await Promise.all([
      this.versions().orderBy('v.number', 'desc').offset(offset).limit(limit).execute(),
      this.k()
        .selectFrom('form_versions')
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total };
  }

  async insertVersion(version: NewVersion, tx: EntityManager): Promise<void> {
    await this.k(tx)
      .insertInto('form_versions')
      .values({
        number: version.number,
        kind: version.kind,
        note: version.note,
        published_by: version.publishedBy,
        definitions: JSON.stringify(version.definitions),
        changes: JSON.stringify(version.changes),
      })
      .execute();
  }

  /**
   * Stored profile answers under each key, in one pass over the applicants: `?|` keeps the rows
   * holding any of the keys, whose keys are then counted (users.profile's GIN index is
   * jsonb_path_ops, which does not serve key existence; docs/form-designer.md, "Diff").
   */
  async answerCounts(keys: string[], tx?: EntityManager): Promise<Map<string, number>> {
    if (!keys.length) return new Map();
    const rows = await sql<{ key: string; answers: number }>`
      SELECT k.key, count(*)::integer AS answers
        FROM users u, LATERAL jsonb_object_keys(u.profile) AS k (key)
       WHERE u.profile ?| ${keys}::text[] AND k.key = ANY(${keys}::text[])
       GROUP BY k.key`.execute(this.k(tx));
    return new Map(rows.rows.map((row) => [row.key, row.answers]));
  }

  /** Published scholarships whose eligibility rules read one of `keys` (matchable_rules holds the published ones' rules). */
  async scholarshipsUsing(keys: string[], tx?: EntityManager): Promise<{ key: string; id: string; title: string }[]> {
    if (!keys.length) return [];
    return this.k(tx)
      .selectFrom('matchable_rules as r')
      .innerJoin('scholarships as s', 's.id', 'r.scholarship_id')
      .select(['r.field_key as key', 's.id', 's.title'])
      .where('r.field_key', 'in', keys)
      .distinct()
      .orderBy('s.title')
      .execute();
  }

  /** Keys that versions published after `since` added, restored or made required (the student's "new questions"). */
  async keysRequiredSince(since: Date): Promise<Set<string>> {
    const rows = await sql<{ key: string }>`
      SELECT DISTINCT change->>'key' AS key
        FROM form_versions v, LATERAL jsonb_array_elements(v.changes) AS change
       WHERE v.published_at > ${since} AND change->>'change' IN ('added', 'restored', 'now_required')`.execute(this.k());
    return new Set(rows.rows.map((row) => row.key));
  }
}
