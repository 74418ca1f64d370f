import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useRouter } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { isSubscriptionRequired } from '../../api/api-error';
import { useSubscribed } from '../../session/session-store';

/** Below this width a non-member gets the membership popup instead of the plans page (seed 000 section 4). */
const POPUP_BELOW_WIDTH = 961;
export const PLANS_PATH = '/auth/dashboard/subscription-plan';

/** The details page's address: the id is the entire query string after '?' (seed 000 section 2). */
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

const OpenMembershipOptions = createContext<(() => void) | null>(null);

/** The narrow-screen popup: what the membership is for, the way to the plans, and 'No Thanks'. */
function MembershipOptionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Membership Options</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Scholarship details and applications, Easy Apply, applying with your CV and the assistance answers come
                with a membership.
              </Text>
            </Dialog.Body>
            <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
              <Button asChild colorPalette="yellow">
                <RouterLink to={PLANS_PATH} onClick={() => onOpenChange(false)}>
                  See Membership Plans
                </RouterLink>
              </Button>
              <Dialog.ActionTrigger asChild>
                <Button variant="plain" textDecoration="underline" color="fg.muted">
                  No Thanks
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Gives the signed-in pages one membership popup, opened wherever a non-member reaches a members' feature. */
export function MembershipGate({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <OpenMembershipOptions.Provider value={() => setOpen(true)}>
      {children}
      <MembershipOptionsDialog open={open} onOpenChange={setOpen} />
    </OpenMembershipOptions.Provider>
  );
}

/** A click the browser should handle itself: a new tab or window, a download, not the main button. */
function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * What a non-member meets where details are for members (seed 000 section 4): the plans page, or,
 * below 961 px, the membership popup. `replace` leaves the refused address out of the history, so
 * Back does not lead into the refusal again.
 */
export function useMembershipPrompt(): (options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const openMembershipOptions = useContext(OpenMembershipOptions);
  return ({ replace = false } = {}) => {
    if (window.innerWidth < POPUP_BELOW_WIDTH && openMembershipOptions) openMembershipOptions();
    else void navigate({ to: PLANS_PATH, replace });
  };
}

/**
 * A page whose content the server refused to a non-member (403 SUBSCRIPTION_REQUIRED): the
 * membership prompt once per refusal, leaving the refused address out of the history.
 */
export function usePromptOnSubscriptionRequired(error: Error | null): void {
  const promptMembership = useMembershipPrompt();
  const refused = isSubscriptionRequired(error);
  useEffect(() => {
    if (refused) promptMembership({ replace: true });
    // Once per refusal, not on every render (the prompt function is new each time).
  }, [refused]);
}

interface DetailsLinkOptions {
  /**
   * The applicant's own Draft or Received application: its details open without a membership
   * (seed 000 section 4), and the server lets them through.
   */
  ownApplication?: boolean;
}

/**
 * Where a card's title and 'View details' lead: members (and anyone, to their own applications)
 * to the details; other people meet the membership prompt. The server enforces the same gate;
 * this only saves a trip.
 */
export function useScholarshipDetailsLink(
  id: string,
  { ownApplication = false }: DetailsLinkOptions = {},
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
      else promptMembership();
    },
  };
}
