import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { DatabaseLocation } from '../database/database.module.js';
import { NotificationListener } from '../database/notification-listener.js';
import { JobQueue } from '../jobs/job-queue.js';
import { type AppliedChanges, MatchesRepository } from './matches.repository.js';
import { AppConfig } from '../config/app-config.js';
import { runsBackgroundWork } from '../config/process-role.js';

/** The job queue that applies scholarship changes to stored matches. */
export const MATCH_CHANGES_QUEUE = 'apply-match-changes';
/** Sent by the trigger that records a scholarship change (database/definitions/match-catalogue.ts). */
const CHANNEL = 'match_catalogue_changed';

/**
 * Applies a scholarship's publish, close or change of criteria, dates, amounts or requirements to
 * the stored matches of every applicant (docs/matching.md, "When the catalogue changes"), off the
 * provider's request: the change is recorded by a trigger in the provider's transaction, whose
 * NOTIFY makes every instance queue this job (MatchChangeListener); a job every minute catches
 * what a lost notification would miss. A run applies everything recorded up to then, so runs
 * after the first find nothing to do; two at once wait for each other (MatchesRepository).
 */
@Injectable()
export class MatchChangesJob implements OnModuleInit {
  private readonly logger = new Logger('MatchChanges');

  constructor(
    private readonly matches: MatchesRepository,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(MATCH_CHANGES_QUEUE, async () => void (await this.run()), { cron: '* * * * *', retryLimit: 5, retryDelaySeconds: 2 });
  }

  /** Brings every current stored state up to the catalogue's version. */
  async run(): Promise<AppliedChanges> {
    const started = Date.now();
    const applied = await this.matches.applyCatalogueChanges(todayIso());
    if (applied.targets) this.logger.log({ ...applied, ms: Date.now() - started }, 'scholarship changes applied to stored matches');
    return applied;
  }

  /** Queues a run (a failure is only logged: the minute's run catches up). */
  queue(): Promise<void> {
    return this.jobs.nudge(MATCH_CHANGES_QUEUE, this.logger);
  }
}

/**
 * Listens for recorded scholarship changes on a connection of its own and queues the job at once
 * (and once on every (re)connect, for what may have been missed while it was down).
 */
@Injectable()
export class MatchChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener: NotificationListener;

  constructor(
    location: DatabaseLocation,
    job: MatchChangesJob,
    private readonly config: AppConfig,
  ) {
    const queue = () => void job.queue();
    this.listener = new NotificationListener(location, CHANNEL, new Logger(MatchChangeListener.name), { onNotification: queue, onConnected: queue });
  }

  async onApplicationBootstrap(): Promise<void> {
    // It only wakes the workers: in a `web` process there are none (config/process-role.ts).
    if (runsBackgroundWork(this.config)) await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }
}
