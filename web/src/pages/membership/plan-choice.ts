import { worksInConsole, worksInStudio, type HomePath } from '../../session/home-path';
import { currentAccess } from '../../session/session-store';

/**
 * The plan a signed-out visitor picked before being sent to sign up (docs/decisions.md, "Memberships (web)", Signed out: not
 * signed in, 'Activate 7 Days' goes to /signup). Kept for the tab only, so that after sign-up and
 * registration (or a login) the person comes back to the plans with that plan marked.
 */
const KEY = 'chosenPlanId';

function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberPlanChoice(planId: string): void {
  tabStorage()?.setItem(KEY, planId);
}

/** The plan picked before signing up, if any. */
export function pendingPlanChoice(): string | null {
  return tabStorage()?.getItem(KEY) ?? null;
}

export function forgetPlanChoice(): void {
  tabStorage()?.removeItem(KEY);
}

/**
 * Where a fresh sign-in goes next: staff to the console (docs/console.md), a provider to the studio
 * (docs/providers.md, "In the browser"); an applicant back to the plans when a plan was picked
 * before it, else to the dashboard.
 */
export function pathAfterSignIn(): HomePath | '/auth/dashboard/subscription-plan' | '/admin' {
  if (worksInConsole(currentAccess())) return '/admin';
  if (worksInStudio(currentAccess())) return '/app';
  return pendingPlanChoice() ? '/auth/dashboard/subscription-plan' : '/auth/dashboard';
}
