import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { formQueryOptions } from '../api/forms';
import { validateApplicantsSearch } from '../pages/provider/review/applicants-search';
import { criteriaVocabularyQueryOptions, organisationQueryOptions, overviewQueryOptions, studioScholarshipsQueryOptions } from '../api/providers';
import { overviewQueryOf, validateOverviewSearch, type OverviewSearch } from '../pages/provider/overview-search';
import { validateEditorSearch } from '../pages/provider/editor/editor-search';
import { validateStudioInboxSearch } from '../pages/provider/inbox/inbox-search';
import { RouteLoading } from '../pages/misc/RouteLoading';
import { worksInStudio } from '../session/home-path';
import { can, currentAccess, currentUser } from '../session/session-store';
import { guardPage, STUDIO_PAGE_RULES } from './page-permissions';
import { PublicFrame, toDashboardWhenSignedIn } from './account-routes';
import { queryClient } from '../ui/query-client';
import { rootRoute } from './root-route';

function validateInvitationSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && search.token ? { token: search.token } : {};
}

function validateOrganisationSearch(search: Record<string, unknown>): { welcome?: true } {
  return search.welcome === true || search.welcome === 'true' || search.welcome === 1 ? { welcome: true } : {};
}

/** The original review addresses name their scholarship in `?scholarshipId=` (docs/decisions.md, "Original routes with a screen"). */
function validateScholarshipChoice(search: Record<string, unknown>): { scholarshipId?: string } & OverviewSearch {
  const id = typeof search.scholarshipId === 'string' ? search.scholarshipId.trim() : '';
  // Without a scholarship the page is the overview, paged and searched through the address.
  return id ? { scholarshipId: id } : validateOverviewSearch(search);
}

/** The overview's page for the address's search, asked for while the page's code loads. */
const overviewLoader = {
  loaderDeps: ({ search }: { search: OverviewSearch }) => ({ search: overviewQueryOf(search) }),
  loader: ({ deps }: { deps: { search: ReturnType<typeof overviewQueryOf> } }) => void queryClient.prefetchQuery(overviewQueryOptions(deps.search)),
};

/** Starts a served form's download while the page's code downloads. */
function prefetchForms(...formKeys: string[]) {
  for (const key of formKeys) void queryClient.prefetchQuery(formQueryOptions(key));
}

/**
 * The provider studio (docs/providers.md, "In the browser"): `/b2b/signup`, the public page of a
 * published scholarship, and the provider's own shell under `/app`. Each page is its own chunk.
 */
export function providerRoutes() {
  const publicFrame = createRoute({ getParentRoute: () => rootRoute, id: 'public-provider', component: PublicFrame });
  const publicPages = [
    createRoute({
      getParentRoute: () => publicFrame,
      path: '/b2b/signup',
      component: lazyRouteComponent(() => import('../pages/provider/ProviderSignupPage'), 'ProviderSignupPage'),
      pendingComponent: RouteLoading,
      beforeLoad: toDashboardWhenSignedIn,
      loader: () => prefetchForms('provider-signup'),
    }),
    // Public: the invitee has no account yet (docs/review.md, "Reviewers").
    createRoute({
      getParentRoute: () => publicFrame,
      path: '/app/invitation',
      component: lazyRouteComponent(() => import('../pages/provider/review/InvitationPage'), 'InvitationPage'),
      pendingComponent: RouteLoading,
      validateSearch: validateInvitationSearch,
      loader: () => prefetchForms('reviewer-signup'),
    }),
    createRoute({
      getParentRoute: () => publicFrame,
      path: '/scholarships/$slug',
      component: lazyRouteComponent(() => import('../pages/public/PublicScholarshipPage'), 'PublicScholarshipPage'),
      pendingComponent: RouteLoading,
    }),
  ];

  // Signed out: the login; an applicant: their dashboard. Providers and their reviewers work here.
  const providerFrame = createRoute({
    getParentRoute: () => rootRoute,
    id: 'provider',
    component: lazyRouteComponent(() => import('../pages/provider/shell/ProviderLayout'), 'ProviderLayout'),
    pendingComponent: RouteLoading,
    beforeLoad: ({ location }) => {
      if (!currentUser()) throw redirect({ to: '/auth/login' });
      if (!worksInStudio(currentAccess())) throw redirect({ to: '/auth/dashboard', replace: true });
      // Each page by the permission it needs: a reviewer has no editor, reviewers or organisation (docs/review.md).
      guardPage(location.pathname, STUDIO_PAGE_RULES, '/app/scholarships');
    },
  });

  const applicantsPage = lazyRouteComponent(() => import('../pages/provider/ApplicantsPage'), 'ApplicantsPage');
  const editorPage = lazyRouteComponent(() => import('../pages/provider/editor/ScholarshipEditorPage'), 'ScholarshipEditorPage');
  const prefetchEditor = () => {
    prefetchForms('scholarship-editor', 'requirement-editor');
    void queryClient.prefetchQuery(criteriaVocabularyQueryOptions);
  };
  const studioPages = [
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app',
      beforeLoad: () => {
        throw redirect({ to: '/app/scholarships', replace: true });
      },
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/scholarships',
      component: lazyRouteComponent(() => import('../pages/provider/ScholarshipsPage'), 'ScholarshipsPage'),
      loader: () => void queryClient.prefetchQuery(studioScholarshipsQueryOptions),
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/scholarships/new',
      component: editorPage,
      loader: prefetchEditor,
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/scholarships/$id',
      component: editorPage,
      validateSearch: validateEditorSearch,
      loader: prefetchEditor,
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/scholarships/$id/applicants',
      component: lazyRouteComponent(() => import('../pages/provider/review/ApplicantsReviewPage'), 'ApplicantsReviewPage'),
      validateSearch: validateApplicantsSearch,
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/scholarships/$id/applicants/$applicationId',
      component: lazyRouteComponent(() => import('../pages/provider/review/SubmissionPage'), 'SubmissionPage'),
      validateSearch: validateApplicantsSearch,
    }),
    // The studio inbox (docs/inbox.md, "In the browser"): conversations with applicants, the owner's.
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/inbox',
      component: lazyRouteComponent(() => import('../pages/provider/inbox/StudioInboxPage'), 'StudioInboxPage'),
      validateSearch: validateStudioInboxSearch,
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/inbox/$applicationId',
      component: lazyRouteComponent(() => import('../pages/provider/inbox/StudioThreadPage'), 'StudioThreadPage'),
      loader: () => prefetchForms('message-reply'),
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/reviewers',
      component: lazyRouteComponent(() => import('../pages/provider/review/ReviewersPage'), 'ReviewersPage'),
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/applicants',
      component: applicantsPage,
      validateSearch: validateOverviewSearch,
      ...overviewLoader,
    }),
    // The original review addresses: with `?scholarshipId=` they open that scholarship's screen (the
    // studio's own address replaces the original one), without one they list the scholarships to choose from.
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/applicants_review',
      validateSearch: validateScholarshipChoice,
      beforeLoad: ({ search }) => {
        if (search.scholarshipId) throw redirect({ to: '/app/scholarships/$id/applicants', params: { id: search.scholarshipId }, replace: true });
      },
      component: applicantsPage,
      ...overviewLoader,
    }),
    // The rubric is the owner's (the editor's Review tab): a reviewer scores against it on each submission.
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/rank-criteria',
      validateSearch: validateScholarshipChoice,
      beforeLoad: ({ search }) => {
        if (!can('manage_scholarships')) throw redirect({ to: '/app/applicants_review', search, replace: true });
        if (search.scholarshipId) throw redirect({ to: '/app/scholarships/$id', params: { id: search.scholarshipId }, search: { tab: 'review' }, replace: true });
      },
      component: lazyRouteComponent(() => import('../pages/provider/ApplicantsPage'), 'RubricChooserPage'),
      ...overviewLoader,
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/winner',
      validateSearch: validateScholarshipChoice,
      beforeLoad: ({ search }) => {
        if (search.scholarshipId) {
          throw redirect({ to: '/app/scholarships/$id/applicants', params: { id: search.scholarshipId }, search: { status: 'Winner' }, replace: true });
        }
      },
      component: lazyRouteComponent(() => import('../pages/provider/ApplicantsPage'), 'WinnersChooserPage'),
      ...overviewLoader,
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/organisation',
      component: lazyRouteComponent(() => import('../pages/provider/OrganisationPage'), 'OrganisationPage'),
      validateSearch: validateOrganisationSearch,
      loader: () => {
        prefetchForms('organisation');
        void queryClient.prefetchQuery(organisationQueryOptions);
      },
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/settings',
      component: lazyRouteComponent(() => import('../pages/provider/ProviderSettingsPage'), 'ProviderSettingsPage'),
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/settings/api-keys',
      component: lazyRouteComponent(() => import('../pages/provider/ApiKeysPage'), 'ApiKeysPage'),
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/settings/webhooks',
      component: lazyRouteComponent(() => import('../pages/provider/WebhooksPage'), 'WebhooksPage'),
    }),
    createRoute({
      getParentRoute: () => providerFrame,
      path: '/app/settings/embed',
      component: lazyRouteComponent(() => import('../pages/provider/EmbedSettingsPage'), 'EmbedSettingsPage'),
    }),
  ];

  return [publicFrame.addChildren(publicPages), providerFrame.addChildren(studioPages)];
}
