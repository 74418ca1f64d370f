import { Injectable } from '@nestjs/common';
import { SUPPORT_REPLY_HOURS } from '@scholarmatch/schemas';
import { sanitizeRichText } from '@scholarmatch/schemas/html';
import type { Caller } from '../auth/auth.decorators.js';
import { PERMISSIONS_BY_ROLE } from '../auth/permissions.js';
import { ApiError } from '../common/error-body.js';
import { MembershipsRepository } from '../subscriptions/memberships.repository.js';
import { SupportQueueRepository, type QueueFilter, type QueueRow, type QueueSort, type StaffMember, type SupportNoteRow } from './support-queue.repository.js';
import { SupportRepository, type SupportRequestRow } from './support.repository.js';

const notFound = () => new ApiError(404, 'There is no such support request.', { errorCode: 'SUPPORT_REQUEST_NOT_FOUND' });

/** The roles whose people answer support: a request is assigned only to one of them. */
const STAFF_ROLES = Object.entries(PERMISSIONS_BY_ROLE)
  .filter(([, permissions]) => permissions.includes('answer_support'))
  .map(([role]) => role);

/**
 * The staff's support queue (docs/console.md, "Support queue"): the filtered list with the count of
 * open requests past the promised reply, one request with its notes and the person beside it, and
 * the status, assignee and notes staff keep. Answering stays SupportService's.
 */
@Injectable()
export class SupportQueueService {
  constructor(
    private readonly queue: SupportQueueRepository,
    private readonly memberships: MembershipsRepository,
    private readonly requests: SupportRepository,
  ) {}

  async list(filter: QueueFilter, sort: QueueSort, offset: number, limit: number): Promise<{ rows: QueueRow[]; total: number; overdue: number }> {
    const [{ rows, total }, overdue] = await Promise.all([
      this.queue.page({ ...filter, search: filter.search?.trim() || undefined }, sort, offset, limit),
      this.queue.countOpenOlderThan(SUPPORT_REPLY_HOURS),
    ]);
    return { rows, total, overdue };
  }

  async detail(id: string) {
    const request = await this.queue.find(id);
    if (!request) throw notFound();
    const [messages, notes, person, membership] = await Promise.all([
      this.requests.thread(id),
      this.queue.notes(id),
      request.userId ? this.queue.person(request.userId) : undefined,
      request.userId ? this.memberships.current(request.userId) : null,
    ]);
    const summary = membership && {
      title: membership.title, status: membership.status, grantsAccess: membership.grantsAccess, trialEndsAt: membership.trialEndsAt, currentPeriodEnd: membership.currentPeriodEnd,
    };
    const thread = messages.map((message) => ({ ...message, bodyHtml: sanitizeRichText(message.bodyHtml) }));
    return { request, messages: thread, notes, person: person ? { ...person, membership: summary } : null };
  }

  async solve(id: string): Promise<SupportRequestRow> {
    const row = await this.queue.solve(id);
    if (row) return row;
    if (!(await this.queue.find(id))) throw notFound();
    throw new ApiError(409, 'This request is solved already.', { errorCode: 'ALREADY_SOLVED' });
  }

  async reopen(id: string): Promise<SupportRequestRow> {
    const row = await this.queue.reopen(id);
    if (row) return row;
    if (!(await this.queue.find(id))) throw notFound();
    throw new ApiError(409, 'Only a solved request can be reopened.', { errorCode: 'NOT_SOLVED' });
  }

  async assign(id: string, staffId: string | null): Promise<SupportRequestRow> {
    if (staffId !== null && !(await this.queue.isStaff(staffId, STAFF_ROLES))) {
      throw new ApiError(400, 'A request can only be assigned to someone who answers support.', { errorCode: 'NOT_SUPPORT_STAFF' });
    }
    const row = await this.queue.assign(id, staffId);
    if (!row) throw notFound();
    return row;
  }

  async addNote(id: string, text: string, author: Caller): Promise<SupportNoteRow> {
    const clean = text.trim();
    if (!clean) throw new ApiError(400, 'Please write a note.', { errorCode: 'NOTE_EMPTY' });
    const noteId = await this.queue.addNote(id, author.id, clean);
    if (!noteId) throw notFound();
    return (await this.queue.notes(id)).find((note) => note.id === noteId)!;
  }

  staff(): Promise<StaffMember[]> {
    return this.queue.staff(STAFF_ROLES);
  }
}
