import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { JobQueue } from '../jobs/job-queue.js';
import { ReviewRepository } from './review.repository.js';

/** The job queue that judges submitted applications' eligibility off the review list's requests. */
export const ELIGIBILITY_JUDGEMENT_QUEUE = 'judge-review-eligibility';
/** Scholarships read per round of a run. */
const BATCH = 50;
/** At most this many scholarships per run: a longer backlog (the first minutes of a day) goes on in the next minute's run. */
const MOST_PER_RUN = 2_000;

/**
 * Judges the submitted applications of every scholarship whose judgement is due (docs/review.md,
 * "Eligibility"): its rules changed since the last judgement, a new day began, or applications
 * arrived unjudged. A review list that finds the whole judgement due answers with the verdicts it
 * has and queues a run; the minutely run catches the new day and anything a lost nudge missed.
 * Judging one scholarship's 10,000 applications takes seconds, which no request should wait for.
 */
@Injectable()
export class EligibilityJudgementJob implements OnModuleInit {
  private readonly logger = new Logger('EligibilityJudgement');

  constructor(
    private readonly review: ReviewRepository,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ELIGIBILITY_JUDGEMENT_QUEUE, async () => void (await this.run()), { cron: '* * * * *', retryLimit: 5, retryDelaySeconds: 5 });
  }

  /** Judges every scholarship due; returns how many it judged. */
  async run(): Promise<number> {
    const today = todayIso();
    const judged = new Set<string>();
    const started = Date.now();
    while (judged.size < MOST_PER_RUN) {
      // A scholarship judged in this run and due again (an application arrived meanwhile) waits for the next run.
      const due = (await this.review.scholarshipsDueForJudgement(today, BATCH + judged.size)).filter((id) => !judged.has(id));
      if (due.length === 0) break;
      for (const id of due.slice(0, BATCH)) {
        await this.review.judgeEligibility(id, today, true);
        judged.add(id);
      }
    }
    if (judged.size) this.logger.log({ scholarships: judged.size, ms: Date.now() - started }, 'applications judged');
    return judged.size;
  }

  /** Queues a run (a failure is only logged: the minute's run catches up). */
  queue(): Promise<void> {
    return this.jobs.nudge(ELIGIBILITY_JUDGEMENT_QUEUE, this.logger);
  }
}
