import { formatDate, planPriceString } from '@scholarmatch/schemas';
import { escapeHtml } from '@scholarmatch/schemas/html';
import type { OutgoingMessage } from '../inbox/inbox-message.js';
import type { UpsertOutcome } from './memberships.repository.js';
import type { PlanRow } from './plans.repository.js';

function day(date: Date | string): string {
  return formatDate(date, 'monthFirstPadded', 'UTC');
}

/**
 * The receipt a membership report calls for (docs/inbox.md): a trial started (nothing charged
 * yet), or a period paid. Amounts are the plan's monthly price, as the plan pages show it.
 */
export function membershipReceipt(
  receipt: NonNullable<UpsertOutcome['receipt']>,
  plan: Pick<PlanRow, 'title' | 'monthlyAmountCents' | 'intervalMonths'>,
  period: { trialEndsAt: Date | string | null; currentPeriodEnd: Date | string | null },
): Pick<OutgoingMessage, 'kind' | 'subject' | 'html'> {
  const price = `${planPriceString(plan.monthlyAmountCents)} per month`;
  const title = escapeHtml(plan.title);
  if (receipt === 'trial-started') {
    const ends = period.trialEndsAt ? ` until ${day(period.trialEndsAt)}` : '';
    return {
      kind: 'membership-receipt',
      subject: 'Your free 7-day membership trial has started',
      html: `<p>Your free trial of the <strong>${title}</strong> runs${ends}. Nothing has been charged.</p>` +
        `<p>After the trial the plan costs ${price}, billed every ${plan.intervalMonths === 1 ? 'month' : `${plan.intervalMonths} months`}. You can cancel before then under Setting &gt; View Subscription Plan.</p>`,
    };
  }
  const next = period.currentPeriodEnd ? ` It renews on ${day(period.currentPeriodEnd)}.` : '';
  return {
    kind: 'membership-receipt',
    subject: `Payment received: ${plan.title}`,
    html: `<p>Thank you: we received the payment for your <strong>${title}</strong> (${price}, for ${plan.intervalMonths === 1 ? 'one month' : `${plan.intervalMonths} months`}).${next}</p>`,
  };
}
