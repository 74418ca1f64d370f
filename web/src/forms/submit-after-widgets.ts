import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { widgetsHoldingAnswers } from './widgets/lazy-widgets';

/**
 * A submit that waits for lazy widgets still taking over a typed answer from their stand-in
 * (a phone number typed last, then Enter, before the phone's code has arrived on a slow network):
 * the submit is held, and sent again once every such widget has handed its value to the form
 * (docs/performance.md, "Lazy widgets keep every keystroke"). Otherwise the form would be sent
 * without the number and say the field is required.
 *
 * Returns the capture-phase submit handler for the form's container; `onSubmitting` runs for a
 * submit that goes ahead (held ones run it when they are sent again).
 */
export function useSubmitAfterWidgets(onSubmitting: () => void): (event: FormEvent<HTMLElement>) => void {
  // Sent again from an effect: it runs after the render that holds the widget's value in the form's state.
  const [heldForm, setHeldForm] = useState<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!heldForm) return;
    setHeldForm(null);
    if (heldForm.isConnected) heldForm.requestSubmit();
  }, [heldForm]);

  return useCallback(
    (event: FormEvent<HTMLElement>) => {
      const arriving = widgetsHoldingAnswers();
      if (!arriving || !(event.target instanceof HTMLFormElement)) {
        onSubmitting();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      const form = event.target;
      void arriving.then(() => setHeldForm(form));
    },
    [onSubmitting],
  );
}
