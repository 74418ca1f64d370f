import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Selectable } from 'kysely';
import type { DataSource } from 'typeorm';
import type { ApplicationStatus, ReviewStatus } from '@scholarmatch/schemas';
import type { Applications, Scholarships } from '../database/database-types.js';
import { Statement } from '../database/statement.js';
import { TOLD_EVENTS_SQL, TOLD_REVIEW_STATUS_SQL } from '../review/status-messages.repository.js';
import { sponsorSql } from '../common/sponsor-sql.js';
import type { StatusEventDto, TrackedEssayDto } from './dto/tracker.dto.js';

export interface TrackerFilter {
  status: ApplicationStatus | null;
  essayOnly: boolean;
}

type Application = Selectable<Applications>;
type Scholarship = Selectable<Scholarships>;

export interface TrackedRow {
  id: Application['id'];
  scholarshipId: Application['scholarship_id'];
  title: Scholarship['title'];
  sponsor: string;
  amounts: Scholarship['amounts'];
  award: Scholarship['award'];
  deadline: string | null;
  status: ApplicationStatus;
  reviewStatus: ReviewStatus | null;
  appliedAutomatically: Application['applied_automatically'];
  submittedAt: Application['submitted_at'];
  updatedAt: Application['updated_at'];
  events: (Omit<StatusEventDto, 'at'> & { at: string })[];
  essays: TrackedEssayDto[];
  messagesTotal: number;
  messagesUnread: number;
  /** A bigint, read as a string. */
  total: string;
}

/** The requirements the application answers: those of the form version it is pinned to, else the scholarship's. */
const REQUIREMENTS_SQL = `coalesce(v.requirements, s.requirements)`;

/** The caller's (`$1`) applications, only drafts or submissions (`$2`), only those asking for an essay (`$3`). */
const MINE_SQL = `FROM applications a
  JOIN scholarships s ON s.id = a.scholarship_id
  LEFT JOIN requirement_form_versions v ON v.scholarship_id = a.scholarship_id AND v.version = a.form_version
 WHERE a.user_id = $1 AND ($2::text IS NULL OR a.status = $2::text)
   AND (NOT $3::boolean OR jsonb_path_exists(${REQUIREMENTS_SQL}, '$[*] ? (@.field.dataType == "editor")'))`;

/** Whether `a`'s essay answer under `key` is an uploaded file, written text, or missing. */
const ESSAY_ANSWER_SQL = (key: string) => `CASE
  WHEN jsonb_typeof(a.answers->(${key})->'url') = 'string' THEN 'file'
  WHEN coalesce(a.answers->(${key})->>'text', '') <> '' THEN 'written' END`;

/** The filter's parameters after the caller's id: `$2` the status, `$3` essays only. */
type FilterParams = readonly [userId: string, status: ApplicationStatus | null, essayOnly: boolean];

/** A page of the caller's applications ($4 offset, $5 limit), latest change first; every row carries the filtered total. */
const PAGE = new Statement<TrackedRow, readonly [...FilterParams, offset: number, limit: number]>(
  `WITH page AS (
         SELECT a.id, ${REQUIREMENTS_SQL} AS requirements, count(*) OVER () AS total
           ${MINE_SQL}
          ORDER BY a.updated_at DESC, a.id DESC
         OFFSET $4 LIMIT $5
       )
       SELECT a.id, a.scholarship_id AS "scholarshipId", s.title, ${sponsorSql('provider')} AS sponsor, s.amounts, s.award,
              s.deadline::text AS deadline, a.status, CASE WHEN a.status = 'Received' THEN ${TOLD_REVIEW_STATUS_SQL('a')} END AS "reviewStatus",
              a.applied_automatically AS "appliedAutomatically", a.submitted_at AS "submittedAt", a.updated_at AS "updatedAt",
              (SELECT coalesce(jsonb_agg(jsonb_build_object('status', e.status, 'at', e.occurred_at, 'backfilled', e.backfilled) ORDER BY e.occurred_at, e.id), '[]')
                 FROM application_status_events e WHERE e.application_id = a.id AND ${TOLD_EVENTS_SQL('a', 'e')}) AS events,
              (SELECT coalesce(jsonb_agg(jsonb_build_object('key', r->'field'->>'key', 'title', r->>'title', 'answer', ${ESSAY_ANSWER_SQL(`r->'field'->>'key'`)})), '[]')
                 FROM jsonb_array_elements(page.requirements) AS r WHERE r->'field'->>'dataType' = 'editor') AS essays,
              m.total AS "messagesTotal", m.unread AS "messagesUnread", page.total
         FROM page
         JOIN applications a ON a.id = page.id
         JOIN scholarships s ON s.id = a.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
             FROM inbox_messages WHERE user_id = a.user_id AND scholarship_id = a.scholarship_id) AS m
        ORDER BY a.updated_at DESC, a.id DESC`,
);

/** How many of the caller's applications the filter keeps. */
const COUNT = new Statement<{ n: number }, FilterParams>(`SELECT count(*)::int AS n ${MINE_SQL}`);

/**
 * The application tracker's SQL (docs/applications.md, "The application tracker"): one person's
 * applications with their status events, essay requirements and the inbox messages about each.
 */
@Injectable()
export class TrackerRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A page of `userId`'s applications, latest change first; every row carries the filtered total. */
  async page(userId: string, filter: TrackerFilter, offset: number, limit: number): Promise<TrackedRow[]> {
    return PAGE.rows(this.db, [userId, filter.status, filter.essayOnly, offset, limit]);
  }

  /** How many applications match, for a page past the last (whose rows carry no total). */
  async count(userId: string, filter: TrackerFilter): Promise<number> {
    const [row] = await COUNT.rows(this.db, [userId, filter.status, filter.essayOnly]);
    return row.n;
  }
}
