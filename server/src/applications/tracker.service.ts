import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth/auth.decorators.js';
import { totalAmountOf } from '../scholarships/scholarship.entity.js';
import { TRACKER_PAGE_SIZE, type TrackedApplicationDto, type TrackerQueryDto } from './dto/tracker.dto.js';
import { TrackerRepository, type TrackedRow } from './tracker.repository.js';

function trackedOf(row: TrackedRow): TrackedApplicationDto {
  return {
    id: row.id,
    scholarshipId: row.scholarshipId,
    title: row.title,
    sponsor: row.sponsor,
    totalAmount: totalAmountOf(row),
    deadline: row.deadline,
    status: row.status,
    reviewStatus: row.reviewStatus,
    appliedAutomatically: row.appliedAutomatically,
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
    events: row.events.map((event) => ({ ...event, at: new Date(event.at) })),
    essays: row.essays,
    messages: { total: row.messagesTotal, unread: row.messagesUnread },
  };
}

/**
 * The application tracker (docs/applications.md, "The application tracker"): the caller's own
 * applications, each with its status history and the messages about it. The caller comes from
 * the token; nobody reads anyone else's.
 */
@Injectable()
export class TrackerService {
  constructor(private readonly tracker: TrackerRepository) {}

  async page(caller: Caller, query: TrackerQueryDto) {
    const filter = { status: query.status ?? null, essayOnly: query.essay === true };
    const offset = query.offset ?? 0;
    const limit = query.limit ?? TRACKER_PAGE_SIZE;
    const rows = await this.tracker.page(caller.id, filter, offset, limit);
    const total = rows.length ? Number(rows[0].total) : offset > 0 ? await this.tracker.count(caller.id, filter) : 0;
    return { applications: rows.map(trackedOf), meta: { total, offset, limit } };
  }
}
