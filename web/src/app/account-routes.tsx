import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { PublicLayout } from '../pages/landing/PublicLayout';
import { RouteLoading } from '../pages/misc/RouteLoading';
import { formQueryOptions } from '../api/forms';
import { visitorCountryQueryOptions } from '../api/geo';
import { fieldDefinitionsQueryOptions, profileQueryOptions } from '../api/profile';
import { currentUser } from '../session/session-store';
import { queryClient } from './query-client';
import { rootRoute } from './root-route';

/** Public account pages in the public frame (top bar and footer). */
function PublicFrame() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

/** A signed-in person has nothing to do on the sign-up and login pages (seed 000 section 4). */
function toDashboardWhenSignedIn() {
  if (currentUser()) throw redirect({ to: '/auth/dashboard' });
}

/**
 * Starts the data a profile form needs while the page's code downloads, instead of after it
 * mounts (not awaited: the page shows its own loading state).
 */
function prefetchProfileForms(formKeys: string[]) {
  for (const key of formKeys) void queryClient.prefetchQuery(formQueryOptions(key));
  void queryClient.prefetchQuery(profileQueryOptions);
  void queryClient.prefetchQuery(fieldDefinitionsQueryOptions);
  void queryClient.prefetchQuery(visitorCountryQueryOptions);
}

/**
 * The account routes (issue 3): sign-up, login, password recovery, and the first signed-in pages.
 * Each page is its own chunk; the form engine loads only with the pages that render served forms.
 */
export function accountRoutes() {
  const publicFrame = createRoute({ getParentRoute: () => rootRoute, id: 'public-account', component: PublicFrame });

  const signupPage = lazyRouteComponent(() => import('../pages/auth/SignupPage'), 'SignupPage');
  const loginPage = lazyRouteComponent(() => import('../pages/auth/LoginPage'), 'LoginPage');
  const publicPages = [
    createRoute({ getParentRoute: () => publicFrame, path: '/signup', component: signupPage, beforeLoad: toDashboardWhenSignedIn }),
    createRoute({ getParentRoute: () => publicFrame, path: '/auth/register1', component: signupPage, beforeLoad: toDashboardWhenSignedIn }),
    createRoute({ getParentRoute: () => publicFrame, path: '/auth/login', component: loginPage, beforeLoad: toDashboardWhenSignedIn }),
    createRoute({
      getParentRoute: () => publicFrame,
      path: '/forgot-password',
      component: lazyRouteComponent(() => import('../pages/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
    }),
    // The profile step needs the person who just signed up; without one it sends them to sign up.
    createRoute({
      getParentRoute: () => publicFrame,
      path: '/auth/userdetails',
      component: lazyRouteComponent(() => import('../pages/account/UserDetailsPage'), 'UserDetailsPage'),
      beforeLoad: () => {
        if (!currentUser()?.firstName) throw redirect({ to: '/signup' });
      },
      loader: () => prefetchProfileForms(['registration']),
    }),
  ];

  const signedInFrame = createRoute({
    getParentRoute: () => rootRoute,
    id: 'signed-in',
    component: lazyRouteComponent(() => import('../pages/account/SignedInLayout'), 'SignedInLayout'),
    pendingComponent: RouteLoading,
    beforeLoad: () => {
      if (!currentUser()) throw redirect({ to: '/auth/login' });
    },
  });
  const membershipSoon = lazyRouteComponent(() => import('../pages/account/MembershipSoonPage'), 'MembershipSoonPage');
  const signedInPages = [
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard',
      component: lazyRouteComponent(() => import('../pages/account/DashboardPage'), 'DashboardPage'),
    }),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/profile',
      component: lazyRouteComponent(() => import('../pages/account/ProfilePage'), 'ProfilePage'),
      loader: () => prefetchProfileForms(['profile-education', 'profile-basic', 'profile-contact']),
    }),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/setting',
      component: lazyRouteComponent(() => import('../pages/account/SettingsPage'), 'SettingsPage'),
    }),
    createRoute({ getParentRoute: () => signedInFrame, path: '/auth/dashboard/plan', component: membershipSoon }),
    createRoute({ getParentRoute: () => signedInFrame, path: '/auth/dashboard/subscription-plan', component: membershipSoon }),
  ];

  return [publicFrame.addChildren(publicPages), signedInFrame.addChildren(signedInPages)];
}
