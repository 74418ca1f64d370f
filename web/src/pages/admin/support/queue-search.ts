import type { QueueQuery } from '../../../api/support-queue';
import { QUEUE_PAGE_SIZE } from '../../../api/support-queue';

/**
 * The queue's address state (docs/console.md, "Support queue"): `status` (open by default; `all`
 * for every status), `kind`, `older` (hours), `q` (the search), `sort` (`newest`; the oldest
 * waiting first by default) and `page` (from 1).
 */
export interface QueueSearch {
  status?: 'all' | 'answered' | 'solved';
  kind?: 'support' | 'contact';
  older?: number;
  q?: string;
  sort?: 'newest';
  page?: number;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

export function validateQueueSearch(search: Record<string, unknown>): QueueSearch {
  const older = Number(search.older);
  const page = Number(search.page);
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : '';
  const status = pick(search.status, ['all', 'answered', 'solved'] as const);
  const kind = pick(search.kind, ['support', 'contact'] as const);
  const sort = pick(search.sort, ['newest'] as const);
  return {
    ...(status && { status }),
    ...(kind && { kind }),
    ...(Number.isInteger(older) && older >= 1 && older <= 8760 && { older }),
    ...(q && { q }),
    ...(sort && { sort }),
    ...(Number.isInteger(page) && page > 1 && { page }),
  };
}

/** The API's query for the address's state. */
export function queueQueryOf(search: QueueSearch): QueueQuery {
  const status = search.status === 'all' ? undefined : (search.status ?? 'open');
  return {
    ...(status && { status }),
    ...(search.kind && { kind: search.kind }),
    ...(search.older && { olderThanHours: search.older }),
    ...(search.q && { search: search.q }),
    sort: search.sort ?? 'waiting',
    offset: ((search.page ?? 1) - 1) * QUEUE_PAGE_SIZE,
    limit: QUEUE_PAGE_SIZE,
  };
}
