import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { failureText } from '../../api/api-error';
import { startCheckout, type Plan } from '../../api/memberships';
import { useCurrentUser } from '../../session/session-store';
import { leavePage } from '../../ui/leave-page';
import { rememberPlanChoice } from './plan-choice';

/**
 * 'Activate 7 Days' (docs/decisions.md, "Memberships (web)", Checkout and Signed out): signed in, the checkout opens for the plan and the
 * browser goes to the provider's page (it comes back to /auth/dashboard/success); signed out, the
 * plan is remembered and the person goes to sign up first. `pendingPlanId`: the plan whose
 * checkout is being opened (its button spins); `failure`: the server's words when it refused.
 */
export function useActivatePlan() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const checkout = useMutation({
    mutationFn: (plan: Plan) => startCheckout(plan.id),
    onSuccess: ({ checkoutUrl }) => leavePage.to(checkoutUrl),
  });
  // Back from the provider's page can restore this page as it was left (the back-forward cache),
  // buttons busy: make them usable again.
  const { reset } = checkout;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  return {
    activate(plan: Plan) {
      if (user) {
        checkout.mutate(plan);
        return;
      }
      rememberPlanChoice(plan.id);
      void navigate({ to: '/signup' });
    },
    // Still pending once answered: the browser is on its way to the checkout page.
    pendingPlanId: checkout.isPending || checkout.isSuccess ? checkout.variables?.id : undefined,
    failure: checkout.isError ? failureText(checkout.error) : null,
  };
}
