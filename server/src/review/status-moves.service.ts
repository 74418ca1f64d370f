import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ReviewStatus } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { InboxService } from '../inbox/inbox.service.js';
import { JobQueue } from '../jobs/job-queue.js';
import { WebhookOutbox } from '../webhooks/outbound/webhook-outbox.js';
import { messageOf } from '../common/error-message.js';
import { ReviewAccess } from './review-access.js';
import { ReviewRepository, type ReviewedScholarship } from './review.repository.js';
import { statusMessage } from './review.service.js';
import { StatusMessagesRepository, type DueStatusMessage, type PendingStatusMessage } from './status-messages.repository.js';

export const STATUS_MESSAGES_QUEUE = 'send-status-messages';
/** Messages delivered per transaction; a run goes on until none is due. */
const BATCH = 100;
const APPLICATION_NOT_FOUND = 'There is no such application.';

/** What a move or an undo answers: the status now and, while its message waits, how to take it back. */
export interface StatusMove {
  id: string;
  status: ReviewStatus;
  undo: { until: string; restores: ReviewStatus } | null;
}

const undoOf = (pending: PendingStatusMessage | undefined | null): StatusMove['undo'] =>
  pending ? { until: pending.dueAt.toISOString(), restores: pending.fromStatus } : null;

/**
 * A provider's status moves (docs/review.md, "Status"). A move's message to the applicant is
 * queued with the move and leaves STATUS_MESSAGE_DELAY_SECONDS later; until then the owner can
 * undo it (the status comes back, nothing is sent), and further moves only re-aim the one message,
 * so the applicant hears of the final status once, or of nothing when it came back to where it was.
 */
@Injectable()
export class StatusMovesService implements OnModuleInit {
  private readonly logger = new Logger('StatusMessages');

  constructor(
    private readonly queue: StatusMessagesRepository,
    private readonly review: ReviewRepository,
    private readonly access: ReviewAccess,
    private readonly inbox: InboxService,
    private readonly config: AppConfig,
    private readonly webhooks: WebhookOutbox,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    // Each move queues a run for when its message is due; the minutely run is the safety net for a lost one.
    this.jobs.register(STATUS_MESSAGES_QUEUE, async () => void (await this.deliverDue()), { cron: '* * * * *', retryLimit: 5, retryDelaySeconds: 5 });
  }

  async move(caller: Caller, scholarshipId: string, applicationId: string, status: ReviewStatus): Promise<StatusMove> {
    const scholarship = await this.access.owned(caller, scholarshipId);
    const delaySeconds = this.config.STATUS_MESSAGE_DELAY_SECONDS;
    const pending = await this.queue.transaction(async (manager) => {
      const application = await this.locked(manager, scholarshipId, applicationId);
      const untold = await this.queue.pending(manager, applicationId);
      if (application.status === status) return untold;
      await this.queue.setReviewStatus(manager, applicationId, status);
      await this.webhooks.statusChanged(manager, scholarshipId, [{ applicationId, applicantId: application.userId, from: application.status, to: status }]);
      if (delaySeconds === 0) return this.tellNow(manager, scholarship, application.userId, applicationId, status);
      if (untold?.fromStatus === status) {
        // Back where the applicant last heard it was: nothing to tell, nothing to remember.
        await this.queue.withdraw(manager, applicationId, untold.lastEventId);
        return undefined;
      }
      return this.queue.queue(manager, {
        applicationId, scholarshipId, toStatus: status, changedBy: caller.id, delaySeconds,
        fromStatus: untold?.fromStatus ?? application.status,
        lastEventId: untold?.lastEventId ?? application.lastEventId,
      });
    });
    if (pending && delaySeconds > 0) this.scheduleRun(delaySeconds);
    return { id: applicationId, status, undo: undoOf(pending) };
  }

  /** Takes back the application's untold moves: the status the applicant last heard of comes back, and no message leaves. */
  async undo(caller: Caller, scholarshipId: string, applicationId: string): Promise<StatusMove> {
    await this.access.owned(caller, scholarshipId);
    const restored = await this.queue.transaction(async (manager) => {
      const application = await this.locked(manager, scholarshipId, applicationId);
      const untold = await this.queue.pending(manager, applicationId);
      if (!untold) {
        throw new ApiError(409, 'This status change can no longer be undone: the applicant has been told.', { errorCode: 'NOTHING_TO_UNDO' });
      }
      await this.queue.setReviewStatus(manager, applicationId, untold.fromStatus);
      await this.webhooks.statusChanged(manager, scholarshipId, [{ applicationId, applicantId: application.userId, from: application.status, to: untold.fromStatus }]);
      await this.queue.withdraw(manager, applicationId, untold.lastEventId);
      return untold.fromStatus;
    });
    return { id: applicationId, status: restored, undo: null };
  }

  /** Delivers every message that is due (each in the transaction that takes it off the queue); answers how many. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const taken = await this.queue.transaction(async (manager) => {
        const due = await this.queue.takeDue(manager, BATCH);
        const told = due.filter((message) => message.applicationStatus === 'Received' && message.currentStatus === message.toStatus);
        await this.inbox.deliverEach(await this.messagesOf(told), manager);
        delivered += told.length;
        return due.length;
      });
      if (taken < BATCH) return delivered;
    }
  }

  private async locked(manager: EntityManager, scholarshipId: string, applicationId: string) {
    const application = await this.queue.lock(manager, scholarshipId, applicationId);
    if (!application) throw new ApiError(404, APPLICATION_NOT_FOUND, { errorCode: 'APPLICATION_NOT_FOUND' });
    return application;
  }

  /** Without a delay: the message goes with the move (and any earlier untold one is superseded by it). */
  private async tellNow(manager: EntityManager, scholarship: ReviewedScholarship, userId: string, applicationId: string, status: ReviewStatus): Promise<undefined> {
    await this.queue.forget(manager, [applicationId]);
    await this.inbox.deliver([userId], statusMessage(scholarship, status), manager);
    return undefined;
  }

  private async messagesOf(due: DueStatusMessage[]) {
    const scholarships = new Map<string, ReviewedScholarship | undefined>();
    const entries = [];
    for (const message of due) {
      if (!scholarships.has(message.scholarshipId)) scholarships.set(message.scholarshipId, await this.review.scholarshipFor(message.scholarshipId, message.changedBy));
      const scholarship = scholarships.get(message.scholarshipId);
      if (scholarship) entries.push({ userId: message.userId, message: statusMessage(scholarship, message.toStatus) });
    }
    return entries;
  }

  /** A run when the message is due (a moment after, so the due time has passed when it looks). */
  private scheduleRun(delaySeconds: number): void {
    this.jobs
      .send(STATUS_MESSAGES_QUEUE, {}, { startAfterSeconds: delaySeconds + 1 })
      .catch((error: unknown) => this.logger.warn(`could not queue ${STATUS_MESSAGES_QUEUE} (the minutely run sends it): ${messageOf(error)}`));
  }
}
