import { Injectable } from '@nestjs/common';
import { ProfileService } from '../applicants/profile.service.js';
import { PasswordResetService } from '../applicants/password-reset.service.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { ApiError } from '../common/error-body.js';
import { InboxService } from '../inbox/inbox.service.js';
import { MembershipsService } from '../subscriptions/memberships.service.js';
import { PaymentEventsService } from '../subscriptions/payment-events.service.js';
import { type PeopleFilter, PeopleRepository } from './people.repository.js';

const RECENT_APPLICATIONS = 50;
const RECENT_MESSAGES = 10;
const RECENT_EVENTS = 50;

const notFound = () => new ApiError(404, 'There is no such person.', { errorCode: 'USER_NOT_FOUND' });

/**
 * The console's people (docs/console.md, "People"): the list, one person's page put together from
 * the services that own each part (profile, memberships, payment events, inbox), and the
 * membership and password actions, each audited by the service that makes the change.
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly people: PeopleRepository,
    private readonly profile: ProfileService,
    private readonly memberships: MembershipsService,
    private readonly paymentEvents: PaymentEventsService,
    private readonly inbox: InboxService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  list(filter: PeopleFilter, offset: number, limit: number) {
    return this.people.page({ ...filter, search: filter.search?.trim() || undefined }, offset, limit);
  }

  async detail(id: string) {
    const account = await this.people.account(id);
    if (!account) throw notFound();
    const [profile, applications, memberships, inbox] = await Promise.all([
      this.profile.answersByForm(id),
      this.people.applications(id, RECENT_APPLICATIONS),
      this.memberships.historyOf(id),
      this.inbox.list(id, { offset: 0, limit: RECENT_MESSAGES }),
    ]);
    const paymentEvents = await this.paymentEvents.aboutSubscriptions(
      memberships.map((membership) => membership.gatewaySubscriptionId),
      RECENT_EVENTS,
    );
    const messages = inbox.messages.map((message) => ({
      id: message._id.value,
      subject: message.subject.value,
      fromName: message.fromName.value,
      sentAt: message.sentDate.value,
      read: message.read,
    }));
    return {
      account,
      profile,
      applications,
      memberships: memberships.map(({ userId: _userId, planId: _planId, description: _description, ...membership }) => membership),
      paymentEvents,
      messages: { items: messages, total: inbox.total, unread: inbox.unread },
    };
  }

  async cancelMembership(id: string, actor: AuditActor) {
    await this.exists(id);
    return this.memberships.cancelByAdmin(id, actor);
  }

  grantComplimentary(id: string, endsOn: string, reason: string, actor: AuditActor) {
    return this.memberships.grantComplimentary(id, endsOn, reason.trim(), actor);
  }

  sendPasswordReset(id: string, actor: AuditActor) {
    return this.passwordReset.sendCodeByStaff(id, actor);
  }

  private async exists(id: string): Promise<void> {
    if (!(await this.people.account(id))) throw notFound();
  }
}
