import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { escapeHtml } from '@scholarmatch/schemas/html';
import { RequirementForms } from '../applications/requirement-forms.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { DatabaseLocation } from '../database/database.module.js';
import { NotificationListener } from '../database/notification-listener.js';
import { productSender } from '../inbox/inbox-message.js';
import { storableMessage } from '../inbox/inbox.service.js';
import { JobQueue } from '../jobs/job-queue.js';
import { ApplicantMatches } from '../matching/applicant-matches.js';
import { MAX_COUNTED_FIELDS } from '../matching/eligibility-counts.js';
import { type AutoApplicableScholarship, type AutoApplyBatch, AutoApplyRepository, CV_KEY } from './auto-apply.repository.js';
import { Metrics } from '../metrics/metrics.js';
import { runsBackgroundWork } from '../config/process-role.js';

export const AUTO_APPLY_QUEUE = 'auto-apply';
/** Sent by the triggers that mark a scholarship or a member due (database/definitions/automation.ts). */
const CHANNEL = 'auto_apply_due';
/** Due rows read per round; a run goes on until none is left. */
const BATCH = 50;
/** A CV answer as the requirement form takes it, to ask the form whether a CV is all it needs. */
const SAMPLE_CV = '/api/v1/common/files/00000000-0000-4000-8000-000000000000';

/** What one run did. */
export interface AutoApplyRun {
  scholarships: number;
  members: number;
  applications: number;
}

/**
 * Automatic application (docs/automation.md): for members who turned it on, applies to every open
 * scholarship they match that asks for nothing beyond the profile, or only for a CV they have
 * (the one they last applied with), once each, and tells them in the inbox (the e-mail follows).
 *
 * Two kinds of work, marked due by triggers in the writer's transaction: a scholarship whose
 * published offer changed is judged against every member at once (the matcher's verdicts over the
 * answer vectors, one statement); a member whose answers changed, or who turned it on, is applied
 * from their stored matches, brought up to date first. Each item is claimed in the transaction that
 * applies for it, so a crash applies nothing and leaves it due; the unique application per
 * member and scholarship keeps a race between the two kinds to one application and one message.
 */
@Injectable()
export class AutoApplyJob implements OnModuleInit {
  private readonly logger = new Logger('AutoApply');

  constructor(
    private readonly repository: AutoApplyRepository,
    private readonly forms: RequirementForms,
    private readonly matches: ApplicantMatches,
    private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.jobs.register(AUTO_APPLY_QUEUE, async () => void (await this.run()), { cron: '* * * * *', retryLimit: 5, retryDelaySeconds: 5 });
  }

  /** Works through everything due; returns what it did. */
  async run(): Promise<AutoApplyRun> {
    const done: AutoApplyRun = { scholarships: 0, members: 0, applications: 0 };
    const today = todayIso();
    for (let due = await this.repository.dueScholarships(BATCH, today); due.length; due = await this.repository.dueScholarships(BATCH, today)) {
      // While nobody uses it, a changed scholarship is only taken off the list (no form stored, no
      // statement over every member). Asked per batch: a member may have turned it on meanwhile.
      const applying = await this.repository.anyoneApplying();
      for (const { id, scholarship } of due) {
        done.applications += await this.applyToScholarship(id, applying ? scholarship : null, today);
        done.scholarships++;
      }
    }
    for (let due = await this.repository.dueMembers(BATCH); due.length; due = await this.repository.dueMembers(BATCH)) {
      for (const userId of due) {
        done.applications += await this.applyForMember(userId, today);
        done.members++;
      }
    }
    if (done.applications) this.logger.log(done, 'automatic applications sent');
    return done;
  }

  queue(): Promise<void> {
    return this.jobs.nudge(AUTO_APPLY_QUEUE, this.logger);
  }

  /** Applies for every eligible member; a scholarship no longer applicable is only taken off the list. */
  private async applyToScholarship(id: string, scholarship: AutoApplicableScholarship | null, today: string): Promise<number> {
    const batch = scholarship && (await this.batchFor(scholarship));
    const applied = await this.repository.transaction(async (tx) => {
      if (!(await this.repository.claimScholarship(tx, id)) || !batch || !scholarship) return 0;
      const applied = await this.repository.applyForEligibleMembers(tx, scholarship.criteria, batch, today);
      if (applied.length) await this.repository.notifyInboxMail(tx);
      return applied.length;
    });
    this.metrics.applicationSubmitted('automatic', applied);
    return applied;
  }

  private async applyForMember(userId: string, today: string): Promise<number> {
    // The stored matches first (their own transaction): a recomputation when the answers changed.
    // A member deleted since is an ApiError (no such user): nothing to apply, the claim below clears
    // the row. Anything else fails the run, which pg-boss retries.
    await this.matches.current(userId).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
    const scholarships = await this.repository.matchesToApply(userId, today);
    const batches = (await Promise.all(scholarships.map((scholarship) => this.batchFor(scholarship)))).filter((batch) => batch !== null);
    const applied = await this.repository.transaction(async (tx) => {
      if (!(await this.repository.claimMember(tx, userId))) return 0;
      let applied = 0;
      for (const batch of batches) if (await this.repository.applyForMember(tx, userId, batch)) applied++;
      if (applied) await this.repository.notifyInboxMail(tx);
      return applied;
    });
    this.metrics.applicationSubmitted('automatic', applied);
    return applied;
  }

  /**
   * The current requirement form (stored as a version before any transaction, as RequirementForms
   * requires) and the message; null when the form asks for more than a CV after all.
   */
  private async batchFor(scholarship: AutoApplicableScholarship): Promise<AutoApplyBatch | null> {
    if (new Set(scholarship.criteria.map((rule) => rule.fieldKey)).size > MAX_COUNTED_FIELDS) return null;
    const form = await this.forms.current(scholarship.id, scholarship.requirements);
    const withCv = scholarship.requirements.some((requirement) => requirement.field.key === CV_KEY);
    if (this.forms.complete(form, withCv ? { [CV_KEY]: SAMPLE_CV } : {}).length) return null;
    const cvRequired = withCv && this.forms.complete(form, {}).length > 0;
    return { scholarshipId: scholarship.id, formVersion: form.version, withCv, cvRequired, message: storableMessage(this.message(scholarship, withCv)) };
  }

  private message({ id, title, sponsor }: AutoApplicableScholarship, withCv: boolean) {
    const settingsUrl = `${this.config.publicUrl}/auth/dashboard/setting`;
    return {
      ...productSender(this.config.MAIL_FROM),
      kind: 'auto-applied' as const,
      scholarshipId: id,
      subject: `We applied to ${title} for you`,
      html:
        `<p>You match <strong>${escapeHtml(title)}</strong>, so we sent your application to ${escapeHtml(sponsor)} ` +
        `with your profile${withCv ? ' and the CV you last applied with' : ''}, because automatic application is on.</p>` +
        `<p>You can follow it in My Scholarships. To stop applying automatically, turn it off in <a href="${escapeHtml(settingsUrl)}">Settings</a>.</p>`,
    };
  }
}

/** Queues the job when a trigger marks work due (and on every (re)connect, for what was missed). */
@Injectable()
export class AutoApplyListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener: NotificationListener;

  constructor(
    location: DatabaseLocation,
    job: AutoApplyJob,
    private readonly config: AppConfig,
  ) {
    const queue = () => void job.queue();
    this.listener = new NotificationListener(location, CHANNEL, new Logger(AutoApplyListener.name), { onNotification: queue, onConnected: queue });
  }

  async onApplicationBootstrap(): Promise<void> {
    // It only wakes the workers: in a `web` process there are none (config/process-role.ts).
    if (runsBackgroundWork(this.config)) await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }
}
