/** The original loading bubble: 200 to 500 ms before the assistant's next words. */
export const LOADING_BUBBLE_MS = { min: 200, max: 500 } as const;

/** Waits a random time within the loading bubble's range (the turn's own request runs meanwhile). */
export function loadingPause(): Promise<void> {
  const ms = LOADING_BUBBLE_MS.min + Math.random() * (LOADING_BUBBLE_MS.max - LOADING_BUBBLE_MS.min);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
