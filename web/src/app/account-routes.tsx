import { createRoute, lazyRouteComponent, Outlet, redirect, type RouteComponent } from '@tanstack/react-router';
import { PublicLayout } from '../pages/landing/PublicLayout';
import { RouteLoading } from '../pages/misc/RouteLoading';
import { formQueryOptions } from '../api/forms';
import { visitorCountryQueryOptions } from '../api/geo';
import { validateProfileSearch } from '../pages/account/profile-search';
import { fieldDefinitionsQueryOptions, profileQueryOptions } from '../api/profile';
import { homePathOf, worksInStudio } from '../session/home-path';
import { currentAccess, currentUser } from '../session/session-store';
import { APPLICANT_PAGE_RULES, guardPage } from './page-permissions';
import { validatePageSearch } from '../pages/scholarships/paging';
import { validateMyScholarshipsSearch } from '../pages/scholarships/my-scholarship-tabs';
import { validateInboxSearch } from '../pages/inbox/inbox-search';
import { validateGoogleCallbackSearch } from '../pages/auth/google-callback-search';
import { queryClient } from '../ui/query-client';
import { rootRoute } from './root-route';

/** Public account pages in the public frame (top bar and footer). */
export function PublicFrame() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

/**
 * A signed-in person has nothing to do on the sign-up and login pages: off to their own area
 * (docs/decisions.md, "Web client and account screens"; a provider's is the studio, docs/providers.md).
 */
export function toDashboardWhenSignedIn() {
  if (currentUser()) throw redirect({ to: homePathOf(currentAccess()) });
}

type AliasTarget = '/app' | '/auth/dashboard' | '/auth/login' | '/auth/userdetails' | '/auth/dashboard/easy-apply' | '/signup';

/** An original address that shows another route's screen: replaced by that route's address. */
function redirectRoute<TPath extends string>(path: TPath, target: () => AliasTarget) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: () => {
      throw redirect({ to: target(), replace: true });
    },
  });
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
 * The account routes: sign-up, login, password recovery, and the first signed-in pages.
 * Each page is its own chunk; the form engine loads only with the pages that render served forms.
 */
export function accountRoutes() {
  const publicFrame = createRoute({ getParentRoute: () => rootRoute, id: 'public-account', component: PublicFrame });

  const signupPage = lazyRouteComponent(() => import('../pages/auth/SignupPage'), 'SignupPage');
  const subscriptionPlansPage = lazyRouteComponent(() => import('../pages/membership/SubscriptionPlansPage'), 'SubscriptionPlansPage');
  const loginPage = lazyRouteComponent(() => import('../pages/auth/LoginPage'), 'LoginPage');
  const userDetailsPage = lazyRouteComponent(() => import('../pages/account/UserDetailsPage'), 'UserDetailsPage');
  const publicPages = [
    createRoute({ getParentRoute: () => publicFrame, path: '/signup', component: signupPage, beforeLoad: toDashboardWhenSignedIn }),
    createRoute({ getParentRoute: () => publicFrame, path: '/auth/register1', component: signupPage, beforeLoad: toDashboardWhenSignedIn }),
    createRoute({ getParentRoute: () => publicFrame, path: '/auth/register', component: signupPage, beforeLoad: toDashboardWhenSignedIn }),
    createRoute({ getParentRoute: () => publicFrame, path: '/auth/login', component: loginPage, beforeLoad: toDashboardWhenSignedIn }),
    // Where Google sends the browser back (docs/chat.md, "Social sign-in").
    createRoute({
      getParentRoute: () => publicFrame,
      path: '/auth/google/callback',
      validateSearch: validateGoogleCallbackSearch,
      component: lazyRouteComponent(() => import('../pages/auth/GoogleCallbackPage'), 'GoogleCallbackPage'),
    }),
    // Its own header, with the way back to the chat (docs/chat.md, "In the browser").
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/forgot-password',
      component: lazyRouteComponent(() => import('../pages/auth/ForgotPasswordPage'), 'ForgotPasswordScreen'),
    }),
    // The profile step needs the person who just signed up; without one it sends them to sign up.
    // The original signed-in registration step, /auth/register4, is the same screen at its own
    // address (docs/decisions.md, "Original routes with a screen").
    ...(['/auth/userdetails', '/auth/register4'] as const).map((path) =>
      createRoute({
        getParentRoute: () => publicFrame,
        path,
        component: userDetailsPage,
        beforeLoad: () => {
          const user = currentUser();
          if (user && worksInStudio(currentAccess())) throw redirect({ to: '/app', replace: true });
          if (!user?.firstName) throw redirect({ to: '/signup' });
        },
        loader: () => prefetchProfileForms(['registration']),
      }),
    ),
    // The membership plans for visitors (the account's plan page needs a sign-in); 'Activate 7
    // Days' sends them to sign up. Signed in, the account's own plans page takes over.
    createRoute({
      getParentRoute: () => publicFrame,
      path: '/membership',
      component: subscriptionPlansPage,
      beforeLoad: () => {
        if (currentUser()) throw redirect({ to: '/auth/dashboard/subscription-plan', replace: true });
      },
    }),
  ];

  const signedInFrame = createRoute({
    getParentRoute: () => rootRoute,
    id: 'signed-in',
    component: lazyRouteComponent(() => import('../pages/account/SignedInLayout'), 'SignedInLayout'),
    pendingComponent: RouteLoading,
    beforeLoad: ({ location }) => {
      if (!currentUser()) throw redirect({ to: '/auth/login' });
      // The applicant's pages are not a provider's: the studio is (docs/providers.md, "In the browser").
      if (worksInStudio(currentAccess())) throw redirect({ to: '/app', replace: true });
      // Each page by the permission it needs, as its menu entry shows (docs/security.md, "Roles and permissions").
      guardPage(location.pathname, APPLICANT_PAGE_RULES, '/auth/dashboard');
    },
  });
  const profilePage = lazyRouteComponent(() => import('../pages/account/ProfilePage'), 'ProfilePage');
  const signedInPages = [
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard',
      component: lazyRouteComponent(() => import('../pages/account/DashboardPage'), 'DashboardPage'),
    }),
    // The original product names the profile at both addresses: one screen, the sidebar's Profile lit at either.
    ...(['/auth/profile', '/auth/dashboard/profile'] as const).map((path) =>
      createRoute({
        getParentRoute: () => signedInFrame,
        path,
        component: profilePage,
        loader: () => prefetchProfileForms(['profile-education', 'profile-basic', 'profile-contact']),
        validateSearch: validateProfileSearch,
      }),
    ),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/setting',
      component: lazyRouteComponent(() => import('../pages/account/SettingsPage'), 'SettingsPage'),
    }),
  ];

  // The scholarship lists: 6 a page, the page in ?page={n}. Two eligible lists share a chunk.
  const listRoute = <TPath extends string>(path: TPath, component: RouteComponent) =>
    createRoute({ getParentRoute: () => signedInFrame, path, component, validateSearch: validatePageSearch });
  const eligibleList = (name: 'EasyApplyPage' | 'RecommendationPage') =>
    lazyRouteComponent(() => import('../pages/scholarships/EligibleListPages'), name);
  const listRoutes = [
    listRoute('/auth/dashboard/easy-apply', eligibleList('EasyApplyPage')),
    listRoute('/auth/dashboard/recommendation', eligibleList('RecommendationPage')),
    // Bulk apply with a CV brings the upload control: its own chunk.
    listRoute('/auth/dashboard/easyApplyWithCv', lazyRouteComponent(() => import('../pages/scholarships/ApplyWithCvPage'), 'ApplyWithCvPage')),
    listRoute('/auth/dashboard/saved', lazyRouteComponent(() => import('../pages/scholarships/WishlistPage'), 'WishlistPage')),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/myScholarship',
      component: lazyRouteComponent(() => import('../pages/scholarships/MyScholarshipsPage'), 'MyScholarshipsPage'),
      validateSearch: validateMyScholarshipsSearch,
    }),
  ];

  // The details: the id is the whole query string, which the page reads itself.
  const detailRoute = createRoute({
    getParentRoute: () => signedInFrame,
    path: '/auth/scholarshipDetail',
    component: lazyRouteComponent(() => import('../pages/scholarships/detail/ScholarshipDetailPage'), 'ScholarshipDetailPage'),
  });

  // The inbox at both of its addresses (docs/inbox.md, "In the browser"): the short one leads to the
  // sidebar's. A message opens on a page of its own below 1200 px, at either address.
  const inboxRoute = createRoute({
    getParentRoute: () => signedInFrame,
    path: '/auth/dashboard/inbox',
    component: lazyRouteComponent(() => import('../pages/inbox/InboxPage'), 'InboxPage'),
    validateSearch: validateInboxSearch,
  });
  const inboxAlias = createRoute({
    getParentRoute: () => signedInFrame,
    path: '/auth/inbox',
    validateSearch: validateInboxSearch,
    beforeLoad: ({ search }) => {
      throw redirect({ to: '/auth/dashboard/inbox', search, replace: true });
    },
  });
  const messagePage = lazyRouteComponent(() => import('../pages/inbox/MessagePage'), 'MessagePage');
  const messageRoute = <TPath extends string>(path: TPath) =>
    createRoute({ getParentRoute: () => signedInFrame, path, component: messagePage, validateSearch: validateInboxSearch });
  const messageRoutes = [messageRoute('/auth/message'), messageRoute('/auth/dashboard/message')];

  // Memberships (docs/decisions.md, "Memberships (web)"): the plans, the return from the checkout, and the member's own plan.
  const membershipRoutes = [
    createRoute({ getParentRoute: () => signedInFrame, path: '/auth/dashboard/subscription-plan', component: subscriptionPlansPage }),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/success',
      component: lazyRouteComponent(() => import('../pages/membership/SuccessPage'), 'SuccessPage'),
    }),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/plan',
      component: lazyRouteComponent(() => import('../pages/membership/MyPlanPage'), 'MyPlanPage'),
    }),
  ];

  // Support (docs/support.md): the support form, and the help with a membership.
  const supportRoutes = [
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/support',
      component: lazyRouteComponent(() => import('../pages/support/SupportPage'), 'SupportPage'),
    }),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/subscription-support',
      component: lazyRouteComponent(() => import('../pages/support/SubscriptionSupportPage'), 'SubscriptionSupportPage'),
    }),
  ];

  // Assistance: the common questions, and the answer to the one chosen (members).
  const assistanceRoutes = [
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/assistance',
      component: lazyRouteComponent(() => import('../pages/assistance/AssistancePage'), 'AssistancePage'),
    }),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/assistanceChat',
      component: lazyRouteComponent(() => import('../pages/assistance/AssistanceChatPage'), 'AssistanceChatPage'),
    }),
  ];

  // The application tracker and the essay upload (docs/applications.md); the upload page takes
  // its scholarship from the whole query string, like the details.
  const trackerRoutes = [
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/dashboard/trackApplications',
      component: lazyRouteComponent(() => import('../pages/tracker/TrackApplicationsPage'), 'TrackApplicationsPage'),
    }),
    createRoute({
      getParentRoute: () => signedInFrame,
      path: '/auth/uploadEssay',
      component: lazyRouteComponent(() => import('../pages/essays/UploadEssayPage'), 'UploadEssayPage'),
    }),
  ];

  // The original other public addresses (docs/decisions.md, "Web client and account screens"): each
  // leads to the screen it stands for, never to the not-found page.
  const seedAliases = [
    redirectRoute('/auth', () => (currentUser() ? homePathOf(currentAccess()) : '/auth/login')),
    redirectRoute('/auth/register3', () => '/auth/userdetails'),
    redirectRoute('/auth/apply', () => (currentUser() ? '/auth/dashboard/easy-apply' : '/signup')),
  ];

  return [...seedAliases, publicFrame.addChildren(publicPages), signedInFrame.addChildren([...signedInPages, ...listRoutes, detailRoute, ...assistanceRoutes, ...membershipRoutes, inboxRoute, inboxAlias, ...messageRoutes, ...supportRoutes, ...trackerRoutes])];
}
