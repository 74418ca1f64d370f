import type { AssistanceQuestion } from '../../api/assistance';

/** The question chosen on the assistance page; it travels to its answer in navigation state (as in the original product). */
export type ChosenQuestion = AssistanceQuestion;

declare module '@tanstack/react-router' {
  interface HistoryState {
    assistanceQuestion?: ChosenQuestion;
  }
}
