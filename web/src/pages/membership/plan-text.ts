import { amountOfPriceString, annualSavings, freeTrialUsedText, planPriceString } from '@scholarmatch/schemas';
import type { FreeTrial } from '../../api/memberships';
import type { Plan } from '../../api/memberships';

/**
 * A plan's monthly price as the plan pages show it (docs/decisions.md, "Memberships (web)", Prices): the server's first
 * character (the currency symbol) dropped, the amount in US dollars, without decimals unless the
 * price has cents ('$29', '$12.50').
 */
export function monthlyPriceText(price: string): string {
  return planPriceString(Math.round(amountOfPriceString(price) * 100));
}

/** What follows the price: per month, taxes on top. */
export const PER_MONTH_TEXT = '/month + taxes';

/** The benefit lines of a plan: its description split at commas. */
export function benefitsOf(description: string): string[] {
  return description
    .split(',')
    .map((benefit) => benefit.trim())
    .filter(Boolean);
}

/** The plan billed monthly, whose price the longer plans' savings are measured against. */
export function monthlyPlanOf(plans: Plan[]): Plan | undefined {
  return plans.find((plan) => plan.intervalMonths === 1);
}

/** 'Save $120.00 a year' for a longer plan (the savings formula of docs/payments.md, shared with the server); null for the monthly plan. */
export function savingsText(plan: Plan, monthlyPlan: Plan | undefined): string | null {
  if (!monthlyPlan || plan.id === monthlyPlan.id) return null;
  const saving = annualSavings(amountOfPriceString(monthlyPlan.price), amountOfPriceString(plan.price));
  return saving ? `Save $${saving} a year` : null;
}

/** How the plan is billed once the trial is over: '$57 every 3 months'. */
export function billingText(plan: Plan): string {
  if (plan.intervalMonths === 1) return `${plan.billedAmount} every month`;
  if (plan.intervalMonths === 12) return `${plan.billedAmount} every year`;
  return `${plan.billedAmount} every ${plan.intervalMonths} months`;
}

/**
 * What a plan costs when, under its price: '7-day free trial, then $57 every 3 months. Cancel
 * anytime.', or, once the person's trial is used, 'Billed at once: $57 every 3 months. Cancel anytime.'
 */
export function offerText(plan: Plan, trialDays: number): string {
  return trialDays > 0 ? `${trialDays}-day free trial, then ${billingText(plan)}. Cancel anytime.` : `Billed at once: ${billingText(plan)}. Cancel anytime.`;
}

/** The words of the plan buttons: 'Activate 7 Days' with the trial, 'Activate Now' without it. */
export function activateText(trialDays: number): string {
  return trialDays > 0 ? `Activate ${trialDays} Days` : 'Activate Now';
}

/** Said once the trial is used: 'Your free trial was used on 05 March, 2027. …'; null while it is available. */
export function trialUsedNotice(freeTrial: FreeTrial): string | null {
  return freeTrial.usedAt ? `${freeTrialUsedText(freeTrial.usedAt)}. The plan you choose now is billed at once.` : null;
}

/** The plan's name without the word 'Plan' ('Quarterly Plan' -> 'Quarterly'), for the small tiles. */
export function shortTitleOf(title: string): string {
  return title.replace(/\s*plan$/i, '');
}
