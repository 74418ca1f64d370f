import { AUDIT_PAGE_SIZE, type AuditQuery } from '../../../api/console';
import { day, endOfDay, text } from '../records/records-search';
import { AUDIT_ACTION_LIST, type AuditAction } from './audit-words';

/**
 * The audit log page's address state (docs/console.md, "Audit log page"): `actor` (a user id),
 * `targetType`, `targetId`, `action`, `from` and `to` (days, YYYY-MM-DD, both included; UTC) and
 * `page` (from 1).
 */
export interface AuditSearch {
  actor?: string;
  targetType?: string;
  targetId?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
  page?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const actor = text(search.actor, 36);
  const targetType = text(search.targetType, 100);
  const targetId = text(search.targetId, 200);
  const action = AUDIT_ACTION_LIST.find((one) => one === search.action);
  const from = day(search.from);
  const to = day(search.to);
  const page = Number(search.page);
  return {
    ...(UUID.test(actor) && { actor }),
    ...(targetType && { targetType }),
    ...(targetId && { targetId }),
    ...(action && { action }),
    ...(from && { from }),
    ...(to && { to }),
    ...(Number.isInteger(page) && page > 1 && { page }),
  };
}

/** The API's query for the address's state, newest first. */
export function auditQueryOf(search: AuditSearch): AuditQuery {
  return {
    ...(search.actor && { actor: search.actor }),
    ...(search.targetType && { targetType: search.targetType }),
    ...(search.targetId && { targetId: search.targetId }),
    ...(search.action && { action: search.action }),
    ...(search.from && { from: `${search.from}T00:00:00.000Z` }),
    ...(search.to && { to: endOfDay(search.to) }),
    offset: ((search.page ?? 1) - 1) * AUDIT_PAGE_SIZE,
    limit: AUDIT_PAGE_SIZE,
  };
}
