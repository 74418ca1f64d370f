import { queryOptions } from '@tanstack/react-query';
import { ApiError, dataOf, shouldRetry } from './api-error';
import { pendingClient, type PendingOperation } from './pending-routes';

// Replace with components['schemas'][…] once the server's OpenAPI has it (docs/applications.md).
export interface Sweepstakes {
  id: string;
  title: string;
  description: string;
  endsAt: string;
  /** The applicant has entered it already. */
  applied: boolean;
}

// Replace with the generated paths once the server's OpenAPI has them.
interface SweepstakesPaths {
  '/api/v1/sweepstakes/current': { get: PendingOperation<Sweepstakes> };
  '/api/v1/register-applicants/apply-scholarship/{sweepstakesId}': {
    post: PendingOperation<{ msg?: string }, { sweepstakesId: string }>;
  };
}

const client = pendingClient<SweepstakesPaths>();

/** The seed's answers to entering the sweepstakes (seed 000 section 8), word for word. */
export const SWEEPSTAKES_ANSWERS = {
  applied: 'Successfully applied for scholarship',
  alreadyApplied: 'Already applied for scholarship',
  profileIncomplete: 'Please update your profile',
} as const;

async function fetchCurrentSweepstakes(signal: AbortSignal): Promise<Sweepstakes | null> {
  const result = await client.GET('/api/v1/sweepstakes/current', { signal });
  // 404: no sweepstakes runs now, which is an answer, not a failure.
  if (result.response.status === 404) return null;
  return dataOf(result);
}

/** The running sweepstakes, or null; under 'register-applicants' because `applied` is the person's. */
export const currentSweepstakesQueryOptions = queryOptions({
  queryKey: ['register-applicants', 'sweepstakes', 'current'],
  queryFn: ({ signal }) => fetchCurrentSweepstakes(signal),
  staleTime: 60_000,
  retry: shouldRetry,
});

/** Enters the sweepstakes; the server's `msg` says how it went (an empty string when it said nothing). */
export async function enterSweepstakes(sweepstakesId: string): Promise<string> {
  const { data, error, response } = await client.POST('/api/v1/register-applicants/apply-scholarship/{sweepstakesId}', {
    params: { path: { sweepstakesId } },
  });
  if (!data) throw new ApiError(error, response.status);
  return data.data?.msg ?? '';
}
