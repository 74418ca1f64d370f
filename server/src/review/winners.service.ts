import { Injectable } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { InboxService } from '../inbox/inbox.service.js';
import { WebhookOutbox } from '../webhooks/outbound/webhook-outbox.js';
import { drawWinners, newSeed } from './draw.js';
import type { EntityManager } from 'typeorm';
import type { ChooseWinnersDto } from './dto/review.dto.js';
import { ReviewAccess } from './review-access.js';
import { ReviewRepository } from './review.repository.js';
import { applicantRow, statusMessage } from './review.service.js';
import { StatusMessagesRepository } from './status-messages.repository.js';

/**
 * Winners (docs/review.md, "Winners"): chosen by hand or drawn with a recorded seed; the winners
 * become 'Winner' and every other undecided application 'Not selected', in one transaction that
 * also puts the news in each applicant's inbox.
 */
@Injectable()
export class WinnersService {
  constructor(
    private readonly review: ReviewRepository,
    private readonly access: ReviewAccess,
    private readonly inbox: InboxService,
    private readonly statusMessages: StatusMessagesRepository,
    private readonly webhooks: WebhookOutbox,
  ) {}

  async winners(caller: Caller, scholarshipId: string) {
    const scholarship = await this.access.reviewable(caller, scholarshipId);
    const rows = await this.review.applicantsByIds(scholarshipId, await this.review.winnerIds(scholarshipId), caller.id);
    return { winners: rows.map((row) => applicantRow(row, scholarship.blindReview)), decisions: await this.review.decisions(scholarshipId) };
  }

  async choose(caller: Caller, scholarshipId: string, body: ChooseWinnersDto) {
    const scholarship = await this.access.owned(caller, scholarshipId);
    if (!body.applicationIds === !body.draw) {
      throw new ApiError(400, 'Give either applicationIds or draw, not both.', { errorCode: 'WINNERS_HOW' });
    }
    if (body.draw) await this.review.judgeEligibility(scholarshipId, todayIso(), true);
    await this.review.transaction(async (manager) => {
      if (await this.review.lockForDecision(manager, scholarshipId)) {
        throw new ApiError(409, 'The winners of this scholarship are already chosen.', { errorCode: 'WINNERS_CHOSEN' });
      }
      const undecided = await this.review.undecided(manager, scholarshipId, false);
      const userOf = new Map(undecided.map((row) => [row.id, row.userId]));
      let decision;
      if (body.applicationIds) {
        const ids = [...new Set(body.applicationIds)];
        const wrong = body.applicationIds.flatMap((id, i) => (userOf.has(id) ? [] : [{ path: `applicationIds.${i}`, message: 'Not an undecided application of this scholarship.' }]));
        if (wrong.length) throw invalidAnswers(wrong);
        decision = { method: 'hand' as const, seed: null, count: ids.length, candidateIds: [...userOf.keys()], winnerIds: ids };
      } else {
        const candidates = (await this.review.undecided(manager, scholarshipId, true)).map((row) => row.id);
        const count = body.draw!.count;
        if (candidates.length < count) {
          throw new ApiError(409, `Only ${candidates.length} eligible applications can be drawn.`, { errorCode: 'NOT_ENOUGH_CANDIDATES' });
        }
        const seed = newSeed();
        decision = { method: 'draw' as const, seed, count, candidateIds: candidates, winnerIds: drawWinners(seed, candidates, count) };
      }
      await this.review.recordDecision(manager, scholarshipId, decision, caller.id);
      await this.announce(manager, scholarshipId, decision.method, decision.winnerIds, undecided);
      // The decision tells every undecided applicant where they stand: a move still waiting to be announced is superseded.
      await this.statusMessages.forget(manager, [...userOf.keys()]);
      const winners = new Set(decision.winnerIds);
      const others = [...userOf].filter(([id]) => !winners.has(id)).map(([, userId]) => userId);
      await this.inbox.deliver(decision.winnerIds.map((id) => userOf.get(id)!), statusMessage(scholarship, 'Winner'), manager);
      if (others.length) await this.inbox.deliver(others, statusMessage(scholarship, 'Not selected'), manager);
    });
    return this.winners(caller, scholarshipId);
  }

  /** The outbox's events of a decision (docs/webhooks.md): each winner, and every undecided application's new status. */
  private async announce(manager: EntityManager, scholarshipId: string, method: 'hand' | 'draw', winnerIds: string[], undecided: { id: string; userId: string; status: string }[]) {
    const winners = new Set(winnerIds);
    const changes = undecided.map((row) => ({ applicationId: row.id, applicantId: row.userId, from: row.status, to: winners.has(row.id) ? 'Winner' : 'Not selected' }));
    await this.webhooks.statusChanged(manager, scholarshipId, changes);
    await this.webhooks.winnersSelected(manager, scholarshipId, method, changes.filter((change) => change.to === 'Winner'));
  }
}
