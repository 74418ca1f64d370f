import { afterEach, beforeEach, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { queryClient } from '../../src/ui/query-client';
import { toaster } from '../../src/ui/toaster';
import { createAppRouter } from '../../src/app/router';
// The signed-in frame is loaded up front: on a first signed-in visit the router imports the frame's
// chunk and the page's at once, and Jest's ESM loader can fail two imports sharing a module that is
// not loaded yet ("request for 'react/jsx-runtime' is not in cache"). Browsers have no such problem.
import '../../src/pages/account/SignedInLayout';
import { clearSession, saveSession, type StoredUser } from '../../src/session/session-store';
import { renderWithChakra } from '../render-form';
import { ACCESS } from '../session-fixtures';

export const STUDENT: StoredUser = {
  id: 'u1', firstName: 'Maya', lastName: 'Lopez', email: 'maya@example.com', phone: null, dob: null, role: 'applicant',
  applicantType: 'STUDENT', isProfileUpdate: true, isScholarshipApplied: false, isActiveSubscription: false,
};

/** Stores a signed-in student, a member or not. */
export function signIn(subscribed = false) {
  saveSession({ user: { ...STUDENT, isActiveSubscription: subscribed }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.applicant });
}

/** The whole app at `path`, on the app's own query client (clear it between tests). */
export function renderAppAt(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  renderWithChakra(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/**
 * Each test starts on an empty query cache, and ends unmounted (first: signing out under a
 * mounted page would re-render it outside act()), unmocked, signed out, without toasts and wide again.
 */
export function isolateAppTests() {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    clearSession();
    toaster.remove();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
  });
}
