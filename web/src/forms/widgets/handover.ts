import type { WidgetProps } from '@rjsf/utils';

/**
 * What a stand-in input hands to the widget that takes its place once that widget's code has
 * loaded (docs/performance.md, "Lazy widgets keep every keystroke"): the text the person typed
 * there, where the caret was, and whether it had the focus. Light on purpose: the stand-ins import
 * it with every form, the widgets with their own code.
 */
export interface TypedHandover {
  /** The stand-in's text when the widget took over. */
  text: string;
  /** Whether the person changed the text the stand-in started with. */
  edited: boolean;
  focused: boolean;
  /** The caret or selection, counted from the end of the text: typing usually happens there, and a widget may show a prefix the stand-in did not. */
  selectionFromEnd: { start: number; end: number } | null;
}

/** A widget that can take over from its stand-in (lazy-widgets.tsx). */
export type HandoverWidgetProps = WidgetProps & { handover?: TypedHandover };

/** The hand-over read off a stand-in's input, at the moment the widget replaces it. */
export function readHandover(input: HTMLInputElement | null, startText: string): TypedHandover | undefined {
  if (!input) return undefined;
  const { value, selectionStart, selectionEnd } = input;
  const focused = input.ownerDocument.activeElement === input;
  return {
    text: value,
    edited: value !== startText,
    focused,
    selectionFromEnd:
      focused && selectionStart !== null && selectionEnd !== null ? { start: value.length - selectionStart, end: value.length - selectionEnd } : null,
  };
}

/**
 * Puts the focus and the caret into the widget's own input, synchronously (in a layout effect):
 * no keystroke can arrive between the stand-in leaving and this input taking the focus.
 */
export function takeFocus(input: HTMLInputElement | null, handover: TypedHandover | undefined): void {
  if (!input || !handover?.focused) return;
  input.focus({ preventScroll: true });
  const at = handover.selectionFromEnd;
  if (!at) return;
  const length = input.value.length;
  try {
    input.setSelectionRange(Math.max(0, length - at.start), Math.max(0, length - at.end));
  } catch {
    // Inputs of some types (email, number) have no selection API: the caret stays at the end.
  }
}
