import { SWEEPSTAKES_MESSAGES } from '@scholarmatch/schemas';
import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import type { components } from '@scholarmatch/sdk/schema';

/** The running sweepstakes; `applied`: the applicant has entered it already. */
export type Sweepstakes = components['schemas']['SweepstakesDto'];
/** The server's answer to an entry: one of the original three sentences. */
export type SweepstakesMessage = components['schemas']['SweepstakesEntryDto']['msg'];

/** The original answers to entering the sweepstakes (as in the original product), word for word. */
export const SWEEPSTAKES_ANSWERS = SWEEPSTAKES_MESSAGES satisfies Record<string, SweepstakesMessage>;

async function fetchCurrentSweepstakes(signal: AbortSignal): Promise<Sweepstakes | null> {
  // null: no sweepstakes runs now.
  return dataOf(await api.GET('/api/v1/sweepstakes/current', { signal }));
}

/** The running sweepstakes, or null; under 'register-applicants' because `applied` is the person's. */
export const currentSweepstakesQueryOptions = queryOptions({
  queryKey: ['register-applicants', 'sweepstakes', 'current'],
  queryFn: ({ signal }) => fetchCurrentSweepstakes(signal),
  staleTime: 60_000,
  retry: shouldRetry,
});

/** Enters the sweepstakes; the server's `msg` says how it went. */
export async function enterSweepstakes(sweepstakesId: string): Promise<SweepstakesMessage> {
  const entry = dataOf(await api.POST('/api/v1/register-applicants/apply-scholarship/{sweepstakesId}', { params: { path: { sweepstakesId } } }));
  return entry.msg;
}
