import {
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { LandingPage } from '../pages/landing/LandingPage';
import { accountRoutes } from './account-routes';
import { providerRoutes } from './provider-routes';
import { adminRoutes } from './admin-routes';
import { rootRoute } from './root-route';
import { validateChatbotSearch } from '../pages/chat/chatbot-search';
import { toDashboardWhenSignedIn } from './account-routes';
import { PageShell } from '../pages/misc/PageShell';
import { RouteLoading } from '../pages/misc/RouteLoading';
import { ErrorPage, RouteErrorScreen } from '../pages/misc/ErrorPage';
import { NotFoundPage } from '../pages/misc/NotFoundPage';


/** The landing page is in the main chunk: it is what most visitors see first. */
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: LandingPage,
});

/** The spec serves the landing page at /home too. */
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  component: LandingPage,
});

/** While a public page's chunk loads, its frame is already there, so the top bar never blinks. */
function PublicPageLoading() {
  return (
    <PageShell>
      <RouteLoading />
    </PageShell>
  );
}

/* The public text pages: each in its own chunk, fetched on hover or on first visit. */
const partnersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/partners',
  component: lazyRouteComponent(() => import('../pages/public/PartnersPage'), 'PartnersPage'),
  pendingComponent: PublicPageLoading,
});

const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pricing',
  component: lazyRouteComponent(() => import('../pages/public/PricingPage'), 'PricingPage'),
  pendingComponent: PublicPageLoading,
});

const aboutUsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about-us',
  component: lazyRouteComponent(() => import('../pages/public/AboutUsPage'), 'AboutUsPage'),
  pendingComponent: PublicPageLoading,
});

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  component: lazyRouteComponent(() => import('../pages/public/FaqPage'), 'FaqPage'),
  pendingComponent: PublicPageLoading,
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
  component: lazyRouteComponent(() => import('../pages/public/ContactPage'), 'ContactPage'),
  pendingComponent: PublicPageLoading,
});

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyRouteComponent(() => import('../pages/public/TermsPage'), 'TermsPage'),
  pendingComponent: PublicPageLoading,
});

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('../pages/public/PrivacyPage'), 'PrivacyPage'),
  pendingComponent: PublicPageLoading,
});

const businessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/b2b',
  component: lazyRouteComponent(() => import('../pages/public/BusinessPage'), 'BusinessPage'),
  pendingComponent: PublicPageLoading,
});

/**
 * The chat sign-up and login (docs/chat.md): a page of its own (its own header, no footer), for
 * visitors only. `?start=login|signUp` opens that flow.
 */
const chatbotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chatbot',
  validateSearch: validateChatbotSearch,
  beforeLoad: toDashboardWhenSignedIn,
  component: lazyRouteComponent(() => import('../pages/chat/ChatbotPage'), 'ChatbotPage'),
  pendingComponent: RouteLoading,
});

/** The assistant's landing page: what the chat does, and Start Chat. */
const lennyAssistanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lennyAssistance',
  component: lazyRouteComponent(() => import('../pages/chat/LennyAssistancePage'), 'LennyAssistancePage'),
  pendingComponent: PublicPageLoading,
});

/** The form engine (RJSF, ajv, widgets) loads only when a form is opened. */
const formPreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forms/$formKey',
  component: lazyRouteComponent(() => import('../pages/form-preview/FormPreviewPage'), 'FormPreviewPage'),
  pendingComponent: RouteLoading,
});

/**
 * The original error screens at their own addresses (docs/decisions.md, "Original routes with a
 * screen"), for anyone, signed in or not. In the main chunk: an error screen must not need a download.
 */
const errorRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: '/auth/error-1', component: ErrorPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '/auth/error-2', component: NotFoundPage }),
];

const routeTree = rootRoute.addChildren([
  landingRoute,
  homeRoute,
  partnersRoute,
  pricingRoute,
  aboutUsRoute,
  faqRoute,
  contactRoute,
  termsRoute,
  privacyRoute,
  businessRoute,
  chatbotRoute,
  lennyAssistanceRoute,
  formPreviewRoute,
  ...errorRoutes,
  ...accountRoutes(),
  ...providerRoutes(),
  ...adminRoutes(),
]);

/** The app's router; tests pass a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultPreload: 'intent',
    // A page that throws shows error-1 in its own frame (the sidebar stays), not a blank screen.
    defaultErrorComponent: RouteErrorScreen,
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
