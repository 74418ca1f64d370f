/**
 * Membership rules shared by the server and the web (docs/payments.md): when a membership's state
 * (statuses.ts) unlocks the members' features, how a plan's price is written, and the savings a
 * longer plan shows.
 */

import { formatDayMonthYear } from './dates.js';
import { MEMBERSHIP_STATES_WITH_ACCESS, type MembershipState } from './statuses.js';

/** The free trial a plan starts with, once per person (docs/payments.md, "One free trial"). */
export const TRIAL_DAYS = 7;

/**
 * What a person who has had their free trial is told on the plans page and at checkout: 'Your free
 * trial was used on 05 March, 2027'. The server passes 'UTC' (it does not know the person's zone).
 */
export function freeTrialUsedText(usedAt: string | Date, timeZone?: string): string {
  return `Your free trial was used on ${formatDayMonthYear(usedAt, timeZone)}`;
}

/** Whether a membership in this state, whose paid (or trial) period ends at `periodEnd`, unlocks the members' features now. */
export function membershipGrantsAccess(state: MembershipState, periodEnd: Date | null, now: Date): boolean {
  if (state === 'canceled') return periodEnd !== null && periodEnd > now;
  return MEMBERSHIP_STATES_WITH_ACCESS.includes(state);
}

/** Cents as the plans' price string: the currency symbol first, cents only when there are some ('$29', '$12.50'). */
export function planPriceString(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** What one billing period of a plan costs, as a price string: the monthly price times the months billed at once. */
export function billedAmountString(monthlyAmountCents: number, intervalMonths: number): string {
  return planPriceString(monthlyAmountCents * intervalMonths);
}

/** The amount of a price string without its first character (the currency symbol). */
export function amountOfPriceString(price: string): number {
  return Number(price.slice(1));
}

/**
 * What a year on a plan saves against the monthly plan: 12 x the monthly plan's price minus 12 x
 * this plan's monthly price, with two decimals. Null for the monthly plan itself or no saving.
 */
export function annualSavings(monthlyPlanPrice: number, planMonthlyPrice: number): string | null {
  const saving = 12 * monthlyPlanPrice - 12 * planMonthlyPrice;
  return saving > 0 ? saving.toFixed(2) : null;
}
