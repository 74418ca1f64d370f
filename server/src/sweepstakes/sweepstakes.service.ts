import { Injectable } from '@nestjs/common';
import { SWEEPSTAKES_MESSAGES } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import type { SweepstakesDto } from './dto/sweepstakes.dto.js';
import { SweepstakesRepository } from './sweepstakes.repository.js';

/** The scholarship sweepstakes registered applicants enter (the dashboard's popup). */
@Injectable()
export class SweepstakesService {
  constructor(private readonly sweepstakes: SweepstakesRepository) {}

  /** The sweepstakes running now (the one ending soonest), and whether the caller has entered it. */
  /** The sweepstakes running now; null when none runs (an answer, not a missing resource: no 404 in every dashboard's console). */
  async current(caller: Caller): Promise<SweepstakesDto | null> {
    return (await this.sweepstakes.findRunning(caller.id)) ?? null;
  }

  /**
   * Completing the free registration enters the applicant into the sweepstakes running now, if any
   * (as in the original product). Returns whether they are entered. Entering twice is harmless (one entry each).
   */
  enterOnRegistration(userId: string): Promise<boolean> {
    return this.sweepstakes.enterRunning(userId);
  }

  /** Enters the caller once; an applicant who has not completed registration is asked to first. */
  async apply(caller: Caller, sweepstakesId: string): Promise<string> {
    const row = await this.sweepstakes.findEntryConditions(sweepstakesId, caller.id);
    if (!row) throw new ApiError(404, 'There is no such sweepstakes.', { errorCode: 'SWEEPSTAKES_NOT_FOUND' });
    if (!row.running) throw new ApiError(409, 'This sweepstakes is not open for entries.', { errorCode: 'SWEEPSTAKES_CLOSED' });
    if (!row.registered) return SWEEPSTAKES_MESSAGES.updateProfile;
    return (await this.sweepstakes.enter(sweepstakesId, caller.id)) ? SWEEPSTAKES_MESSAGES.applied : SWEEPSTAKES_MESSAGES.alreadyApplied;
  }
}
