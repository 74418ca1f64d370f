import { type Mock, vi } from 'vitest';
import { api } from '../../src/api/client';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { mockPatch } from './console-fixtures';

/** The designer's API as the contract answers it (docs/console.md, "Form designer"), with each call kept. */
export const FORMS = [
  { key: 'profile-basic', title: 'Basic', description: null, sections: ['basic'], fieldKeys: [], fixedPayload: false, draftChanges: 3 },
  { key: 'signup', title: 'Sign up', description: null, sections: ['signup'], fieldKeys: ['firstName'], fixedPayload: true, draftChanges: 0 },
];

const field = (overrides: Record<string, unknown>) => ({ section: 'basic', target: 'profile', active: true, draft: null, ...overrides });

export const FIELDS = [
  field({ id: 1, key: 'firstName', name: 'First name', dataType: 'text', order: 10, system: true, target: 'account', validation: { required: true } }),
  field({ id: 2, key: 'gender', name: 'Gender', dataType: 'select', order: 20, options: [{ value: 'f', label: 'Female' }, { value: 'm', label: 'Male' }], draft: 'changed' }),
  field({ id: -3, key: 'petName', name: 'Pet name', dataType: 'text', order: 30, draft: 'added', ui: { help: 'Any pet' } }),
  field({ id: 4, key: 'oldQuestion', name: 'Old question', dataType: 'text', order: 40, draft: 'removed', active: false }),
  field({ id: 5, key: 'country', name: 'Country', dataType: 'searchSelect', order: 50, ui: { searchUrl: '/api/v1/countries' } }),
  field({ id: 6, key: 'nickname', name: 'Nickname', dataType: 'text', order: 5, section: 'signup' }),
];

export const PREVIEW = {
  version: 'v-draft',
  schema: { type: 'object', properties: { firstName: { type: 'string', title: 'First name' }, petName: { type: 'string', title: 'Pet name' } }, required: ['firstName'] },
  uiSchema: { 'ui:order': ['firstName', 'petName', '*'] },
};

export const DIFF = {
  basedOn: 3,
  changes: [
    { key: 'petName', name: 'Pet name', forms: ['profile-basic'], change: 'added', details: [], answers: 0 },
    { key: 'gender', name: 'Gender', forms: ['profile-basic'], change: 'now_required', details: ["Title: 'Sex' → 'Gender'"], answers: 1234 },
    { key: 'oldQuestion', name: 'Old question', forms: ['profile-basic', 'signup'], change: 'removed', details: [], answers: 17 },
  ],
  blockers: [] as unknown[],
};

export const VERSIONS = {
  items: [
    { number: 3, kind: 'publish', note: 'Pets', publishedAt: '2026-11-20T10:00:00.000Z', publishedBy: { id: 'admin-1', name: 'Ada Admin' }, changeCount: 2 },
    { number: 2, kind: 'rollback', note: null, publishedAt: '2026-11-10T10:00:00.000Z', publishedBy: { id: 'admin-1', name: 'Ada Admin' }, changeCount: 1 },
    { number: 1, kind: 'publish', note: 'Initial version', publishedAt: '2026-11-01T10:00:00.000Z', publishedBy: null, changeCount: 0 },
  ],
  total: 3,
};

const OPTIONS = Array.from({ length: 8 }, (_, index) => ({ value: `c${index}`, label: `Country ${index}`, draft: index === 0 ? 'added' : null }));

type Init = { params?: { path?: Record<string, unknown>; query?: Record<string, unknown> }; body?: unknown };
export type Sent = [string, Init | undefined];

/** Serves the designer's reads; `overrides` answers a path its own way. Returns every call made, by method. */
export function serveDesigner(overrides: Record<string, (init: Init | undefined) => unknown> = {}) {
  const calls: Record<'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', Sent[]> = { GET: [], POST: [], PATCH: [], PUT: [], DELETE: [] };
  const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });
  const reads: Record<string, (init: Init | undefined) => unknown> = {
    '/api/v1/admin/forms': () => ok(FORMS),
    '/api/v1/admin/form-fields': () => ok(FIELDS),
    '/api/v1/admin/forms/{formKey}/preview': () => ok(PREVIEW),
    '/api/v1/admin/forms/draft/diff': () => ok(DIFF),
    '/api/v1/admin/forms/versions': () => ok(VERSIONS),
    '/api/v1/admin/forms/versions/{number}': (init) => ok({ ...VERSIONS.items[0], number: init?.params?.path?.number, changes: DIFF.changes }),
    '/api/v1/admin/form-fields/{id}/options': () => ok({ items: OPTIONS, total: 240 }),
    ...overrides,
  };
  const answer = (method: keyof typeof calls) => async (path: string, init?: unknown) => {
    calls[method].push([path, init as Init]);
    const own = overrides[`${method} ${path}`] ?? (method === 'GET' ? reads[path] : undefined);
    if (own) return own(init as Init);
    if (method === 'GET') return apiAnswer(404, { description: `not mocked: ${path}` });
    return ok({ ...FIELDS[1], number: 4 }, method === 'POST' ? 201 : 200);
  };
  mockApi('GET').mockImplementation(answer('GET'));
  mockApi('POST').mockImplementation(answer('POST'));
  mockApi('PUT').mockImplementation(answer('PUT'));
  mockPatch().mockImplementation(answer('PATCH'));
  (vi.spyOn(api, 'DELETE') as unknown as Mock<(path: string, init?: unknown) => Promise<unknown>>).mockImplementation(answer('DELETE'));
  return calls;
}
