import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { queryClient } from '../../src/app/query-client';
import { createAppRouter } from '../../src/app/router';
import { saveSession, type StoredUser } from '../../src/session/session-store';
import { renderWithChakra } from '../render-form';

export const STUDENT: StoredUser = {
  id: 'u1', firstName: 'Maya', lastName: 'Lopez', email: 'maya@example.com', phone: null, dob: null, role: 'applicant',
  applicantType: 'STUDENT', isProfileUpdate: true, isScholarshipApplied: false, isActiveSubscription: false,
};

/** Stores a signed-in student, a member or not. */
export function signIn(subscribed = false) {
  saveSession({ user: { ...STUDENT, isActiveSubscription: subscribed }, accessToken: 'access', refreshToken: 'refresh' });
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
