import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';

/**
 * Writes the outbound events of docs/webhooks.md, "Events", each in the transaction of its cause
 * (the `manager` given), so an event exists exactly when its cause committed. One statement per
 * cause; with no endpoint subscribed it writes nothing. The delivery job sends them after commit.
 * Every event's data also gets its scholarship (`{ id, title }`), added by the statement.
 */
@Injectable()
export class WebhookOutbox {
  constructor(private readonly deliveries: WebhookDeliveriesRepository) {}

  /** A person's applications to these scholarships were submitted (one event each). */
  applicationsSubmitted(manager: EntityManager, userId: string, scholarshipIds: readonly string[]): Promise<void> {
    return this.deliveries.recordSubmissions(manager, 'application.submitted', userId, scholarshipIds);
  }

  /** The owner moved applications to another status (a move, an undo, the winners' decision). */
  statusChanged(manager: EntityManager, scholarshipId: string, changes: readonly { applicationId: string; applicantId: string; from: string; to: string }[]): Promise<void> {
    return this.deliveries.recordEach(
      manager,
      'application.status_changed',
      changes.map((change) => ({
        scholarshipId,
        data: { application: { id: change.applicationId, applicantId: change.applicantId, status: change.to, previousStatus: change.from } },
      })),
    );
  }

  scholarshipPublished(manager: EntityManager, scholarship: { id: string; slug: string | null; deadline: string | null }): Promise<void> {
    return this.deliveries.recordEach(manager, 'scholarship.published', [
      { scholarshipId: scholarship.id, data: { publication: { slug: scholarship.slug, deadline: scholarship.deadline } } },
    ]);
  }

  scholarshipClosed(manager: EntityManager, scholarshipId: string): Promise<void> {
    return this.deliveries.recordEach(manager, 'scholarship.closed', [{ scholarshipId, data: {} }]);
  }

  /** A reviewer has saved points on every rank criterion of an application (each such save: the points may change). */
  reviewCompleted(manager: EntityManager, scholarshipId: string, review: { applicationId: string; reviewerId: string; points: Record<string, number> }): Promise<void> {
    return this.deliveries.recordEach(manager, 'review.completed', [
      { scholarshipId, data: { application: { id: review.applicationId }, review: { reviewerId: review.reviewerId, points: review.points } } },
    ]);
  }

  /** The owner chose winners, by hand or by a draw: one event per winning application. */
  winnersSelected(manager: EntityManager, scholarshipId: string, method: 'hand' | 'draw', winners: readonly { applicationId: string; applicantId: string }[]): Promise<void> {
    return this.deliveries.recordEach(
      manager,
      'winner.selected',
      winners.map((winner) => ({ scholarshipId, data: { application: { id: winner.applicationId, applicantId: winner.applicantId, status: 'Winner' }, method } })),
    );
  }
}
