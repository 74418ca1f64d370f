import { Link as RouterLink, useNavigate, useRouter } from '@tanstack/react-router';
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { isSubscriptionRequired, type RefusedScholarship } from '../../api/api-error';
import { useSubscribed } from '../../session/session-store';

/**
 * Below this width a non-member gets the membership popup instead of the plans page: the plans
 * page is for wide screens, and the popup opens below 962 px (docs/decisions.md, "Memberships (web)", Page or popup).
 */
export const POPUP_BELOW_WIDTH = 962;
export const PLANS_PATH = '/auth/dashboard/subscription-plan';

/** The details page's address: the id is the entire query string after '?' (as in the original product). */
export function scholarshipDetailsHref(id: string): string {
  return `/auth/scholarshipDetail?${id}`;
}

/** The id back from the details page's query string ('?{id}'); a malformed escape is kept as written. */
export function scholarshipIdOf(search: string): string {
  const raw = search.replace(/^\?/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Opens the popup, naming the scholarship the person tried to open when there is one. */
const OpenMembershipOptions = createContext<((scholarship?: RefusedScholarship) => void) | null>(null);

/**
 * The popup's code (the plans, their cards and carousel) loads the first time it opens: every
 * signed-in page carries the gate, few open the popup (docs/performance.md, "Web bundle"). Its
 * content mounted only while open before too (`lazyMount`).
 */
const MembershipOptionsDialog = lazy(() => import('../membership/MembershipOptionsDialog').then((module) => ({ default: module.MembershipOptionsDialog })));

/** Gives the signed-in pages one membership popup, opened wherever a non-member reaches a members' feature. */
export function MembershipGate({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Once opened, it stays mounted, so closing plays the dialog's exit.
  const [wanted, setWanted] = useState(false);
  const [scholarship, setScholarship] = useState<RefusedScholarship>();
  return (
    <OpenMembershipOptions.Provider
      value={(tried) => {
        setScholarship(tried);
        setWanted(true);
        setOpen(true);
      }}
    >
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <MembershipOptionsDialog open={open} onOpenChange={setOpen} scholarship={scholarship} />
        </Suspense>
      ) : null}
    </OpenMembershipOptions.Provider>
  );
}

/** A click the browser should handle itself: a new tab or window, a download, not the main button. */
export function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

interface PromptOptions {
  /** Leaves the refused address out of the history, so Back does not lead into the refusal again. */
  replace?: boolean;
  /** The scholarship the person tried to open: the plans page or the popup names it. */
  scholarship?: RefusedScholarship;
}

/**
 * What a non-member meets where details are for members (docs/decisions.md, "Memberships (web)", Page or popup), and where every
 * upsell leads: the plans page, or, below 962 px, the membership popup. The scholarship travels
 * to the plans page in the history's state, so a reload keeps it and any other visit has none.
 */
export function useMembershipPrompt(): (options?: PromptOptions) => void {
  const navigate = useNavigate();
  const openMembershipOptions = useContext(OpenMembershipOptions);
  return ({ replace = false, scholarship } = {}) => {
    if (window.innerWidth < POPUP_BELOW_WIDTH && openMembershipOptions) openMembershipOptions(scholarship);
    else void navigate({ to: PLANS_PATH, replace, state: { membershipFor: scholarship } });
  };
}

/**
 * An upsell ('Get Full Access', 'Buy Subscription Plan', the promo cards): a link to the plans
 * page that opens the membership popup instead on narrow screens. Its address stays the plans
 * page, so a new tab or a copied link still works. Use it as a Button's child (`asChild`).
 */
export function PlansLink({ onClick, scholarship, ...props }: Omit<ComponentProps<'a'>, 'href'> & { scholarship?: RefusedScholarship }) {
  const promptMembership = useMembershipPrompt();
  return (
    <RouterLink
      {...props}
      to={PLANS_PATH}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        promptMembership({ scholarship });
      }}
    />
  );
}

/**
 * A page whose content the server refused to a non-member (403 SUBSCRIPTION_REQUIRED): the
 * membership prompt once per refusal, leaving the refused address out of the history.
 */
export function usePromptOnSubscriptionRequired(error: Error | null): void {
  const promptMembership = useMembershipPrompt();
  const refused = isSubscriptionRequired(error);
  const scholarship = refused ? error.scholarship : undefined;
  useEffect(() => {
    if (refused) promptMembership({ replace: true, scholarship });
    // Once per refusal, not on every render (the prompt function is new each time).
  }, [refused]);
}

interface DetailsLinkOptions {
  /**
   * The applicant's own Draft or Received application: its details open without a membership
   * (as in the original product), and the server lets them through.
   */
  ownApplication?: boolean;
  /** The card's title: a non-member's prompt names the scholarship they tried to open. */
  title?: string;
}

/**
 * Where a card's title and 'View details' lead: members (and anyone, to their own applications)
 * to the details; other people meet the membership prompt. The server enforces the same gate;
 * this only saves a trip.
 */
export function useScholarshipDetailsLink(
  id: string,
  { ownApplication = false, title }: DetailsLinkOptions = {},
): { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void } {
  const subscribed = useSubscribed();
  const router = useRouter();
  const promptMembership = useMembershipPrompt();
  const opensDetails = subscribed || ownApplication;
  const href = opensDetails ? scholarshipDetailsHref(id) : PLANS_PATH;
  return {
    href,
    onClick: (event) => {
      if (opensElsewhere(event)) return;
      event.preventDefault();
      // A raw query string is no search object the router could build: push the address as it is.
      if (opensDetails) router.history.push(href);
      else promptMembership({ scholarship: title === undefined ? undefined : { id, title } });
    },
  };
}
