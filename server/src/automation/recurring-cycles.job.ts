import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { escapeHtml } from '@scholarmatch/schemas/html';
import { RequirementForms } from '../applications/requirement-forms.js';
import { AppConfig } from '../config/app-config.js';
import { deadlineInWords, productSender } from '../inbox/inbox-message.js';
import { storableMessage } from '../inbox/inbox.service.js';
import { JobQueue } from '../jobs/job-queue.js';
import { type CarriedApplication, type OpenedCycle, RecurringCyclesRepository } from './recurring-cycles.repository.js';

export const RECURRING_CYCLES_QUEUE = 'open-recurring-cycles';
const BATCH = 20;

/** What one run did. */
export interface CyclesRun {
  opened: number;
  invited: number;
  drafts: number;
  reapplied: number;
}

/**
 * Recurring scholarships (docs/automation.md): once a yearly scholarship's deadline has passed, its
 * next cycle opens, a scholarship of its own with next year's deadline; then last cycle's applicants
 * get a draft of the new cycle holding their previous answers, or, when they have automatic
 * application on and those answers complete the form, the application itself; each is told in the
 * inbox. Two steps, each once: opening (one transaction, the unique next-cycle index) and inviting
 * (claimed by `cycle_invited_at` in the transaction that writes the drafts).
 */
@Injectable()
export class RecurringCyclesJob implements OnModuleInit {
  private readonly logger = new Logger('RecurringCycles');

  constructor(
    private readonly repository: RecurringCyclesRepository,
    private readonly forms: RequirementForms,
    private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(RECURRING_CYCLES_QUEUE, async () => void (await this.run()), { cron: '7 * * * *', retryLimit: 5, retryDelaySeconds: 30 });
  }

  async run(today = todayIso()): Promise<CyclesRun> {
    const done: CyclesRun = { opened: 0, invited: 0, drafts: 0, reapplied: 0 };
    for (let due = await this.repository.dueToReopen(today, BATCH); due.length; due = await this.repository.dueToReopen(today, BATCH)) {
      let opened = 0;
      for (const id of due) if (await this.repository.openNextCycle(id, today)) opened++;
      done.opened += opened;
      if (!opened) break; // what is left is being opened by another run
    }
    for (let cycles = await this.repository.toInvite(BATCH); cycles.length; cycles = await this.repository.toInvite(BATCH)) {
      let invited = 0;
      for (const cycle of cycles) {
        const carried = await this.invite(cycle);
        if (!carried) continue;
        invited++;
        done.drafts += carried.drafts;
        done.reapplied += carried.reapplied;
      }
      done.invited += invited;
      if (!invited) break;
    }
    if (done.opened || done.invited) this.logger.log(done, 'recurring scholarships reopened');
    return done;
  }

  /** Carries last cycle's received applications into the new one; null when another run has it. */
  private async invite(cycle: OpenedCycle): Promise<{ drafts: number; reapplied: number } | null> {
    // Stored as a version before the transaction (RequirementForms.current's rule).
    const form = await this.forms.current(cycle.id, cycle.requirements);
    return this.repository.transaction(async (tx) => {
      if (!(await this.repository.claimInvitation(tx, cycle.id))) return null;
      const carried: CarriedApplication[] = (await this.repository.previousApplications(tx, cycle.previousId)).map(({ userId, answers, autoApply }) => ({
        userId,
        answers,
        status: autoApply && this.forms.complete(form, answers).length === 0 ? 'Received' : 'Draft',
      }));
      await this.repository.carry(tx, cycle.id, form.version, carried, { Draft: this.message(cycle, 'Draft'), Received: this.message(cycle, 'Received') });
      const reapplied = carried.filter((item) => item.status === 'Received').length;
      return { drafts: carried.length - reapplied, reapplied };
    });
  }

  private message(cycle: OpenedCycle, status: CarriedApplication['status']) {
    const title = escapeHtml(cycle.title);
    const link = `${this.config.publicUrl}/auth/scholarshipDetail?${cycle.id}`;
    const deadline = cycle.deadline ? ` Applications close on ${deadlineInWords(cycle.deadline)}.` : '';
    const html =
      status === 'Received'
        ? `<p><strong>${title}</strong> is open again, and you applied last time, so we sent your application again with the same answers, because automatic application is on.${deadline}</p>` +
          `<p>You can follow it in My Scholarships.</p>`
        : `<p><strong>${title}</strong> is open again.${deadline} You applied last time, so your application is ready as a draft with your previous answers: ` +
          `<a href="${escapeHtml(link)}">check it and submit it</a>.</p>`;
    const subject = status === 'Received' ? `We applied to ${cycle.title} again for you` : `${cycle.title} is open again`;
    return storableMessage({ ...productSender(this.config.MAIL_FROM), kind: 'new-cycle', scholarshipId: cycle.id, subject, html });
  }
}
