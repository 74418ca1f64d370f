/**
 * `npm run bench:bundle` (and part `bundle` of `npm run bench`): the JavaScript a first load of
 * each route downloads, gzip-compressed, read from an existing build (web/dist, or BENCH_WEB_DIST)
 * through Vite's manifest (`build.manifest` in web/vite.config.ts).
 *
 * A route's first load is the entry chunk (index.html's script) with everything it imports
 * statically, plus the route's lazy chunks (the page, and the signed-in frame for signed-in pages)
 * with their static imports, plus the chunks the page imports on its first render (the essay and
 * upload parts of a requirement form). Chunks fetched only on an interaction (the login modal, the essay
 * editor, ...) are listed separately, as what they add to the route they open from.
 *
 * Every lazy chunk of the build must be named below, either by a route or as loaded on
 * interaction: a new lazy page that is in neither fails the run, so the table never silently
 * forgets a route.
 *
 * Sizes are gzip level 9 (what web/scripts/precompress.mjs serves), in kB of 1,000 bytes.
 * Budgets: the landing page ≤ 200 kB, every public route with a form ≤ 250 kB, every signed-in
 * route ≤ 300 kB. Writes
 * bench/results/bundle.json; exits non-zero when a budget is exceeded.
 */
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every public route is held to the form routes' budget: those with a form (sign-up, contact, ...) are the heaviest. */
export const BUDGETS_KB = { landing: 200, publicForm: 250, signedIn: 300 };

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

type RouteKind = 'landing' | 'public' | 'signed-in';

interface RouteLoad {
  route: string;
  kind: RouteKind;
  /** Lazy chunks (manifest keys: source paths under web/) this route's first load fetches. */
  chunks: string[];
  note?: string;
}

const PAGES = 'src/pages';
const SIGNED_IN_FRAME = `${PAGES}/account/SignedInLayout.tsx`;
/** RJSF's precompiled-validator wrapper, imported with every served form (web/src/api/forms.ts). */
const FORM_VALIDATOR = 'src/forms/form-validator.ts';
/** libphonenumber's country data: loaded when a phone field is reached (web/src/forms/widgets/lazy-widgets.tsx), as react-select is. */
const PHONE_WIDGET = 'src/forms/widgets/PhoneWidget.tsx';
const REQUIREMENT_FORM = `${PAGES}/scholarships/detail/RequirementForm.tsx`;
/** The essay field and the upload widget (web/src/forms/widgets/lazy-widgets.tsx): only requirement forms show them. */
const REQUIREMENT_PARTS = ['src/forms/fields/EssayField.tsx', 'src/forms/widgets/UploadWidget.tsx'];
/** The provider studio (docs/providers.md): its own frame, and the rich-text editor of the scholarship's description. */
const STUDIO_FRAME = `${PAGES}/provider/shell/ProviderLayout.tsx`;
const RICH_TEXT = 'src/forms/widgets/RichTextWidget.tsx';
/** The rich-text widget's stand-in (web/src/forms/widgets/EditorWidget.tsx): drawn like the editor until Tiptap is wanted. */
const EDITOR_STAND_IN = 'src/forms/widgets/EditorWidget.tsx';
const DETAIL_PAGE = `${PAGES}/scholarships/detail/ScholarshipDetailPage.tsx`;

const publicPage = (route: string, page: string): RouteLoad => ({ route, kind: 'public', chunks: [`${PAGES}/public/${page}.tsx`] });
const signedIn = (route: string, page: string, extra: string[] = [], note?: string): RouteLoad => ({
  route,
  kind: 'signed-in',
  chunks: [SIGNED_IN_FRAME, `${PAGES}/${page}.tsx`, ...extra],
  note,
});

const studio = (route: string, page: string, extra: string[] = [], note?: string): RouteLoad => ({
  route,
  kind: 'signed-in',
  chunks: [STUDIO_FRAME, `${PAGES}/provider/${page}.tsx`, ...extra],
  note,
});

/** The staff console (web/src/app/admin-routes.tsx): its own frame. */
const ADMIN_FRAME = `${PAGES}/admin/shell/AdminLayout.tsx`;
const admin = (route: string, page: string, note?: string): RouteLoad => ({
  route,
  kind: 'signed-in',
  chunks: [ADMIN_FRAME, `${PAGES}/admin/${page}.tsx`],
  note,
});

/** The routes of web/src/app/router.tsx, account-routes.tsx, provider-routes.tsx and admin-routes.tsx, with the lazy chunks each one's first load fetches. */
export const ROUTES: RouteLoad[] = [
  { route: '/ (and /home)', kind: 'landing', chunks: [], note: 'the landing page is in the entry chunk' },
  publicPage('/partners', 'PartnersPage'),
  publicPage('/pricing', 'PricingPage'),
  publicPage('/about-us', 'AboutUsPage'),
  publicPage('/faq', 'FaqPage'),
  { route: '/contact', kind: 'public', chunks: [`${PAGES}/public/ContactPage.tsx`, FORM_VALIDATOR], note: 'the served contact form (a phone field)' },
  publicPage('/terms', 'TermsPage'),
  publicPage('/privacy', 'PrivacyPage'),
  publicPage('/b2b', 'BusinessPage'),
  { route: '/chatbot', kind: 'public', chunks: [`${PAGES}/chat/ChatbotPage.tsx`], note: 'the chat sign-up and login (docs/chat.md)' },
  { route: '/lennyAssistance', kind: 'public', chunks: [`${PAGES}/chat/LennyAssistancePage.tsx`] },
  { route: '/auth/google/callback', kind: 'public', chunks: [`${PAGES}/auth/GoogleCallbackPage.tsx`], note: 'back from Google sign-in' },
  { route: '/forms/$formKey', kind: 'public', chunks: [`${PAGES}/form-preview/FormPreviewPage.tsx`, FORM_VALIDATOR], note: 'a profile form (no phone field)' },
  { route: '/signup (and /auth/register1)', kind: 'public', chunks: [`${PAGES}/auth/SignupPage.tsx`, FORM_VALIDATOR], note: 'its form has a phone field' },
  { route: '/auth/login', kind: 'public', chunks: [`${PAGES}/auth/LoginPage.tsx`] },
  { route: '/forgot-password', kind: 'public', chunks: [`${PAGES}/auth/ForgotPasswordPage.tsx`] },
  { route: '/auth/userdetails', kind: 'public', chunks: [`${PAGES}/account/UserDetailsPage.tsx`, FORM_VALIDATOR], note: 'the registration form' },
  signedIn('/auth/dashboard', 'account/DashboardPage'),
  signedIn('/auth/profile', 'account/ProfilePage', [FORM_VALIDATOR], 'Education tab first'),
  signedIn('/auth/dashboard/setting', 'account/SettingsPage'),
  signedIn('/auth/dashboard/easy-apply (and /recommendation)', 'scholarships/EligibleListPages'),
  signedIn('/auth/dashboard/easyApplyWithCv', 'scholarships/ApplyWithCvPage'),
  signedIn('/auth/dashboard/saved', 'scholarships/WishlistPage'),
  signedIn('/auth/dashboard/myScholarship', 'scholarships/MyScholarshipsPage'),
  signedIn('/auth/dashboard/trackApplications', 'tracker/TrackApplicationsPage', [], 'the application tracker'),
  signedIn('/auth/uploadEssay', 'essays/UploadEssayPage', [], 'an essay file for a draft, or the drafts to choose from'),
  signedIn('/auth/scholarshipDetail', 'scholarships/detail/ScholarshipDetailPage', [], 'Easy Apply, or read-only'),
  signedIn('/auth/scholarshipDetail with a requirement form', 'scholarships/detail/ScholarshipDetailPage', [REQUIREMENT_FORM, FORM_VALIDATOR, ...REQUIREMENT_PARTS], 'a member, a scholarship that asks for an essay and a file'),
  signedIn('/auth/dashboard/assistance', 'assistance/AssistancePage'),
  signedIn('/auth/dashboard/assistanceChat', 'assistance/AssistanceChatPage'),
  signedIn('/auth/dashboard/subscription-plan', 'membership/SubscriptionPlansPage', [], 'the membership plans'),
  { route: '/membership', kind: 'public', chunks: [`${PAGES}/membership/SubscriptionPlansPage.tsx`], note: 'the plans, signed out' },
  signedIn('/auth/dashboard/success', 'membership/SuccessPage'),
  signedIn('/auth/dashboard/plan', 'membership/MyPlanPage', [], 'My Subscription plan'),
  signedIn('/auth/dashboard/inbox (and /auth/inbox)', 'inbox/InboxPage', [], 'the list, and the message beside it at 1200 px'),
  signedIn('/auth/message (and /auth/dashboard/message)', 'inbox/MessagePage', [], 'a message on its own page, below 1200 px'),
  signedIn('/auth/dashboard/support', 'support/SupportPage', [FORM_VALIDATOR], 'the served support form'),
  signedIn('/auth/dashboard/subscription-support', 'support/SubscriptionSupportPage'),
  { route: '/b2b/signup', kind: 'public', chunks: [`${PAGES}/provider/ProviderSignupPage.tsx`, FORM_VALIDATOR], note: 'the provider sign-up form (a phone field)' },
  { route: '/scholarships/$slug', kind: 'public', chunks: [`${PAGES}/public/PublicScholarshipPage.tsx`], note: 'a published scholarship, with structured data' },
  studio('/app/scholarships', 'ScholarshipsPage'),
  studio('/app/scholarships/$id (Details)', 'editor/ScholarshipEditorPage', [FORM_VALIDATOR, EDITOR_STAND_IN], 'the editor form; its description drawn by a stand-in until reached'),
  studio('/app/scholarships/$id?tab=requirements', 'editor/ScholarshipEditorPage', [FORM_VALIDATOR, ...REQUIREMENT_PARTS], 'the builder and the live preview (an essay and a file)'),
  studio('/app/scholarships/$id?tab=review', 'editor/ScholarshipEditorPage', [FORM_VALIDATOR], 'the rubric builder (docs/review.md)'),
  studio('/app/applicants', 'ApplicantsPage'),
  studio('/app/scholarships/$id/applicants', 'review/ApplicantsReviewPage', [], 'the review list and the activity chart (docs/review.md)'),
  studio('/app/scholarships/$id/applicants/$applicationId', 'review/SubmissionPage', [...REQUIREMENT_PARTS], 'one submission read-only (an essay and a file) and the points form'),
  studio('/app/reviewers', 'review/ReviewersPage'),
  studio('/app/inbox', 'inbox/StudioInboxPage', [], 'the conversations with applicants (docs/inbox.md)'),
  studio('/app/inbox/$applicationId', 'inbox/StudioThreadPage', [`${PAGES}/conversation/ReplyForm.tsx`, FORM_VALIDATOR], 'one conversation and the served answer form'),
  { route: '/app/invitation', kind: 'public', chunks: [`${PAGES}/provider/review/InvitationPage.tsx`, FORM_VALIDATOR], note: 'the reviewer sign-up form' },
  studio('/app/organisation', 'OrganisationPage', [FORM_VALIDATOR, PHONE_WIDGET], 'its form has a phone field, stored: the widget loads when it shows'),
  studio('/app/settings', 'ProviderSettingsPage'),
  studio('/app/settings/api-keys', 'ApiKeysPage', [], 'the API keys (docs/providers.md)'),
  studio('/app/settings/webhooks', 'WebhooksPage', [], 'the endpoints and their delivery log (docs/webhooks.md)'),
  studio('/app/settings/embed', 'EmbedSettingsPage', [], 'the allowed sites, a card\'s snippet and the applications the cards brought (docs/embedding.md)'),
  admin('/admin/support', 'support/SupportQueuePage', 'the support queue (/admin opens it)'),
  admin('/admin/support/$id', 'support/SupportRequestPage'),
  admin('/admin/people', 'people/PeopleListPage'),
  admin('/admin/people/$id', 'people/PersonPage'),
  admin('/admin/plans', 'plans/PlansPage'),
  admin('/admin/forms', 'forms/FormsPage'),
  admin('/admin/forms/publish', 'forms/PublishPage'),
  admin('/admin/forms/versions', 'forms/VersionsPage'),
  admin('/admin/forms/$formKey', 'forms/FormDesignerPage', 'the form designer and its live preview'),
  admin('/admin/staff', 'staff/StaffPage'),
  admin('/admin/audit', 'audit/AuditLogPage'),
  admin('/admin/outbox', 'records/OutboxPage'),
  admin('/admin/payments', 'records/PaymentEventsPage'),
  admin('/admin/security', 'security/SecurityPage'),
  { route: '/app/staff-invitation', kind: 'public', chunks: [`${PAGES}/admin/staff/StaffInvitationPage.tsx`], note: 'a staff invitation accepted' },
];

/** Chunks fetched only when the person does something, with the route they are measured on top of. */
export const ON_INTERACTION: { chunk: string; when: string; over: string }[] = [
  { chunk: `${PAGES}/auth/LoginModal.tsx`, when: 'Login in the public top bar', over: '/ (and /home)' },
  { chunk: `${PAGES}/landing/MenuDrawer.tsx`, when: 'the menu of the public top bar (narrow screens)', over: '/ (and /home)' },
  { chunk: 'src/forms/fields/essay/EssayWriter.tsx', when: '"Write essay" in a requirement form: the writing area, editable at once (a stand-in until Tiptap takes over)', over: '/auth/scholarshipDetail with a requirement form' },
  { chunk: 'src/forms/fields/essay/EssayEditor.tsx', when: '"Write essay" in a requirement form: Tiptap, which takes over from the stand-in', over: '/auth/scholarshipDetail with a requirement form' },
  { chunk: PHONE_WIDGET, when: 'an empty phone field reached (pointed at, touched or focused): the sign-up form', over: '/signup (and /auth/register1)' },
  { chunk: 'src/forms/widgets/SearchSelectWidget.tsx', when: 'a searchable field reached (schools): react-select', over: '/auth/profile' },
  { chunk: 'src/forms/widgets/SearchableSelectWidget.tsx', when: 'a long list reached (field of study)', over: '/auth/profile' },
  { chunk: 'src/forms/widgets/MultiSelectWidget.tsx', when: 'a multiple choice reached', over: '/auth/profile' },
  { chunk: `${PAGES}/chat/ChatFieldForm.tsx`, when: "a chat question only a field's own widget answers (the form engine)", over: '/chatbot' },
  { chunk: RICH_TEXT, when: 'the description reached (pointer over it, or focus): Tiptap takes over from the stand-in', over: '/app/scholarships/$id (Details)' },
  { chunk: `${PAGES}/membership/MembershipOptionsDialog.tsx`, when: "a members' feature reached by a non-member (the plans popup)", over: '/auth/dashboard' },
  { chunk: `${PAGES}/account/assistant/AssistantChat.tsx`, when: "'Ask Lenny' on the dashboard (the assistant's drawer)", over: '/auth/dashboard' },
  { chunk: `${PAGES}/account/ProfileFormPanel.tsx`, when: 'the registration form inside the assistant, before the registration is done', over: '/auth/dashboard' },
  { chunk: 'src/api/eligibility-stats.ts', when: 'a page quoting the catalogue figures, opened within the app (a first load brings them; docs/public-site.md)', over: '/ (and /home)' },
  { chunk: `${PAGES}/conversation/ReplyForm.tsx`, when: "a provider's message opened: its conversation and the served reply form (docs/inbox.md)", over: '/auth/message (and /auth/dashboard/message)' },
  { chunk: `${PAGES}/provider/review/MessageDialog.tsx`, when: '"Message" on the applicants page (the served message form; its rich-text body is a stand-in until reached, then RichTextWidget)', over: '/app/scholarships/$id/applicants' },
];

export interface RouteFigure {
  route: string;
  kind: RouteKind;
  files: number;
  raw_bytes: number;
  gzip_bytes: number;
  gzip_kb: number;
  budget_kb?: number;
  over_budget: boolean;
  note?: string;
}

export interface InteractionFigure {
  chunk: string;
  when: string;
  over: string;
  files: number;
  gzip_kb: number;
}

export interface BundleReport {
  dist: string;
  built_at: string;
  budgets_kb: typeof BUDGETS_KB;
  routes: RouteFigure[];
  on_interaction: InteractionFigure[];
  landing_kb: number;
  heaviest_signed_in: { route: string; gzip_kb: number };
  over_budget: string[];
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

/** Reads the build and sizes every route. Throws when the build or the route table is out of step. */
export function measureBundle(dist = process.env.BENCH_WEB_DIST ?? path.join(REPO_ROOT, 'web', 'dist')): BundleReport {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the web app (npm run build -w web; web/vite.config.ts turns build.manifest on).`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error(`${manifestFile} names no entry chunk`);

  // A module one page imports and another loads lazily may come out as a shared chunk named after
  // it ('_eligibility-stats-<hash>.js') rather than under its source path: the same file either way.
  const lazilyLoaded = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const keyOf = (chunk: string): string => {
    if (manifest[chunk]) return chunk;
    const name = path.basename(chunk).replace(/\.tsx?$/, '');
    return [...lazilyLoaded].find((key) => key.startsWith('_') && manifest[key]?.name === name) ?? chunk;
  };

  // Every lazy chunk is accounted for, and every chunk named here exists.
  const named = new Set([...ROUTES.flatMap((r) => r.chunks), ...ON_INTERACTION.map((i) => i.chunk)].map(keyOf));
  const lazy = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);
  const unnamed = lazy.filter((key) => !named.has(key));
  const missing = [...named].filter((key) => !manifest[key]);
  if (unnamed.length || missing.length) {
    throw new Error(
      [
        unnamed.length ? `lazy chunks no route of bench/bundle.ts names (add them to ROUTES or ON_INTERACTION): ${unnamed.join(', ')}` : '',
        missing.length ? `chunks bench/bundle.ts names that the build does not have (update ROUTES): ${missing.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }

  const gzipCache = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = gzipCache.get(file);
    if (!size) {
      const content = readFileSync(path.join(dist, file));
      size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
      gzipCache.set(file, size);
    }
    return size;
  };
  /** The chunks `keys` bring with their static imports, transitively. */
  const closure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return seen;
  };
  const jsFiles = (keys: Iterable<string>) => [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const total = (files: string[]) => files.reduce((sum, file) => ({ raw: sum.raw + sizeOf(file).raw, gzip: sum.gzip + sizeOf(file).gzip }), { raw: 0, gzip: 0 });

  const loads = new Map<string, Set<string>>();
  const routes: RouteFigure[] = ROUTES.map((route) => {
    const keys = closure([entryKey, ...route.chunks.map(keyOf)]);
    loads.set(route.route, keys);
    const files = jsFiles(keys);
    const { raw, gzip } = total(files);
    const budget = { landing: BUDGETS_KB.landing, public: BUDGETS_KB.publicForm, 'signed-in': BUDGETS_KB.signedIn }[route.kind];
    return {
      route: route.route,
      kind: route.kind,
      files: files.length,
      raw_bytes: raw,
      gzip_bytes: gzip,
      gzip_kb: kB(gzip),
      ...(budget ? { budget_kb: budget } : {}),
      over_budget: budget !== undefined && kB(gzip) > budget,
      ...(route.note ? { note: route.note } : {}),
    };
  });
  const on_interaction = ON_INTERACTION.map((item) => {
    const before = loads.get(item.over);
    if (!before) throw new Error(`ON_INTERACTION names an unknown route: ${item.over}`);
    const added = jsFiles([...closure([keyOf(item.chunk)])].filter((key) => !before.has(key)));
    return { chunk: item.chunk, when: item.when, over: item.over, files: added.length, gzip_kb: kB(total(added).gzip) };
  });
  const signedInRoutes = routes.filter((r) => r.kind === 'signed-in');
  const heaviest = signedInRoutes.reduce((a, b) => (b.gzip_bytes > a.gzip_bytes ? b : a));
  return {
    dist: path.relative(REPO_ROOT, dist) || dist,
    built_at: statSync(manifestFile).mtime.toISOString(),
    budgets_kb: BUDGETS_KB,
    routes,
    on_interaction,
    landing_kb: routes.find((r) => r.kind === 'landing')!.gzip_kb,
    heaviest_signed_in: { route: heaviest.route, gzip_kb: heaviest.gzip_kb },
    over_budget: routes.filter((r) => r.over_budget).map((r) => r.route),
  };
}

function table(header: string[], rows: string[][], rightAligned: number[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (rightAligned.includes(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return `${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`;
}

export function printBundle(report: BundleReport, write: (text: string) => void = (text) => process.stdout.write(text)): void {
  write(`\nweb bundle: JavaScript of a first load per route, gzip -9, kB of 1,000 bytes (${report.dist}, built ${report.built_at})\n`);
  write(
    table(
      ['route', 'JS files', 'raw kB', 'gzip kB', 'budget kB', '', 'note'],
      report.routes.map((r) => [
        r.route,
        String(r.files),
        String(kB(r.raw_bytes)),
        String(r.gzip_kb),
        r.budget_kb ? String(r.budget_kb) : '',
        r.budget_kb ? (r.over_budget ? 'OVER' : 'ok') : '',
        r.note ?? '',
      ]),
      [1, 2, 3, 4],
    ),
  );
  write('\nloaded only on interaction (what it adds to the route it opens from):\n');
  write(table(['chunk', 'when', 'over', 'JS files', 'gzip kB'], report.on_interaction.map((i) => [i.chunk, i.when, i.over, String(i.files), String(i.gzip_kb)]), [3, 4]));
  write(
    `landing ${report.landing_kb} kB (budget ${report.budgets_kb.landing}); heaviest signed-in route ${report.heaviest_signed_in.route}: ` +
      `${report.heaviest_signed_in.gzip_kb} kB (budget ${report.budgets_kb.signedIn})\n`,
  );
}

export function writeBundleReport(report: BundleReport): void {
  const outDir = path.join(REPO_ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'bundle.json'), `${JSON.stringify(report, null, 2)}\n`);
}

// Run directly: `npm run bench:bundle`.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const report = measureBundle();
    printBundle(report);
    writeBundleReport(report);
    if (report.over_budget.length) {
      process.stdout.write(`FAIL: over budget: ${report.over_budget.join(', ')}\n`);
      process.exitCode = 1;
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
