import { Injectable } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { notSignedIn } from '../auth/access-tokens.js';
import type { EntityManager } from 'typeorm';
import type { CardRow } from '../scholarships/scholarship-card.js';
import type { MatchListPage, MatchSummary } from './match-summary.js';
import { MatchesRepository } from './matches.repository.js';
import { Metrics, secondsSince } from '../metrics/metrics.js';

/**
 * The applicant's stored matches (docs/matching.md): computed once per change instead of per
 * request. A request first checks that they were computed from the applicant's current answers,
 * the current catalogue and today's date (one indexed row); if not, it brings them up to date
 * before answering, so a profile save shows in the very next list call: after a save, by judging
 * only the scholarships with a rule on a changed field; otherwise (a new day, a catalogue change
 * that needs it, many changed fields) by recomputing them all (about 0.25 s at 100,000
 * scholarships, docs/matching.md).
 */
@Injectable()
export class ApplicantMatches {
  constructor(
    private readonly matches: MatchesRepository,
    private readonly metrics: Metrics,
  ) {}

  /** Brings the applicant's matches up to date and returns the day's aggregates. */
  async current(userId: string): Promise<MatchSummary> {
    const today = todayIso();
    const row = await this.matches.stateOf(userId, today);
    if (!row) throw notSignedIn();
    if (row.fresh === true) return row.summary as MatchSummary;
    return this.matches.transaction(async (tx) => {
      // One recomputation per applicant at a time; whoever waited finds it done.
      await this.matches.lockApplicant(tx, userId);
      const again = await this.matches.stateIn(tx, userId, today);
      if (!again) throw notSignedIn();
      if (again.fresh === true) return again.summary as MatchSummary;
      // A save since the last computation: only what it changed, when the state allows; else all of it.
      // Each kind timed for scholarmatch_match_recompute_duration_seconds (an incremental attempt
      // that gives up is not counted; the full recomputation after it is).
      let start = process.hrtime.bigint();
      const changed = await this.matches.applyAnswerChanges(tx, userId, today);
      if (changed) {
        this.metrics.recomputeDuration.observe({ kind: 'incremental' }, secondsSince(start));
        return changed;
      }
      start = process.hrtime.bigint();
      const all = await this.matches.recompute(tx, userId, today);
      this.metrics.recomputeDuration.observe({ kind: 'full' }, secondsSince(start));
      return all;
    });
  }

  /**
   * For a change that removes the applicant's matches (an erasure), taken before it locks the
   * account's row: waits for a recomputation or a catalogue change job under way and keeps new ones
   * out until `tx` ends. In the other order each waits for the other (a recomputation holds the
   * matches it deleted and needs the account's row for the ones it inserts) and PostgreSQL aborts
   * one of them.
   */
  holdRecomputation(tx: EntityManager, userId: string): Promise<void> {
    return this.matches.lockApplicant(tx, userId);
  }

  /**
   * One page of the applicant's list from up-to-date matches, checked in the same statement: one
   * round trip when they are fresh; recomputed, then read again, when not.
   */
  async listPage(page: MatchListPage): Promise<CardRow[]> {
    const rows = await this.matches.listPageIfFresh(page, todayIso());
    if (rows) return rows;
    await this.current(page.userId);
    return this.matches.listPage(page);
  }
}
