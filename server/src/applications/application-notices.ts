import { Injectable } from '@nestjs/common';
import { escapeHtml } from '@scholarmatch/schemas/html';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { productSender } from '../inbox/inbox-message.js';
import { InboxService } from '../inbox/inbox.service.js';
import { ApplicationsRepository, type SubmittedScholarship } from './applications.repository.js';

/**
 * Tells applicants their application arrived (docs/inbox.md): one message per submitted
 * application, from the product, stored in the submitting transaction so it exists exactly when
 * the submission does.
 */
@Injectable()
export class ApplicationNotices {
  constructor(
    private readonly inbox: InboxService,
    private readonly config: AppConfig,
    private readonly applications: ApplicationsRepository,
  ) {}

  async received(manager: EntityManager, userId: string, scholarshipIds: readonly string[]): Promise<void> {
    if (!scholarshipIds.length) return;
    const scholarships = await this.applications.submittedScholarships(manager, scholarshipIds);
    const sender = productSender(this.config.MAIL_FROM);
    await this.inbox.deliverEach(
      scholarships.map((scholarship) => ({ userId, message: { ...sender, ...receivedMessage(scholarship) } })),
      manager,
    );
  }
}

function receivedMessage({ id, title, sponsor }: SubmittedScholarship) {
  return {
    kind: 'application-received' as const,
    scholarshipId: id,
    subject: `Your application to ${title} was received`,
    html:
      `<p>Thank you for applying to <strong>${escapeHtml(title)}</strong>. Your application is complete and has been sent to ${escapeHtml(sponsor)}.</p>` +
      `<p>We will write to you here when its status changes. You can follow it in My Scholarships.</p>`,
  };
}
