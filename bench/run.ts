/**
 * `npm run bench` (after `npm run build`; `npx tsx bench/run.ts` against an existing build): the
 * one benchmark suite (docs/performance.md). Every API scenario runs against one server on the
 * benchmark data (bench/bench-server.ts: 100,000 scholarships × 100,000 applicants in the
 * `scholarmatch_bench` database, generated the first time), with autocannon; then the browser
 * figures and the web bundle's sizes.
 *
 * Parts, in this order (BENCH_ONLY=matching,mixed runs some; all by default):
 * - forms:        form fields and a form schema beside a bare Fastify twin (ratio_to_bare), login,
 *                 profile read, profile save (bench/forms.ts)
 * - matching:     list page, count, stats, dashboard summary, details, public stats, recomputation
 *                 (bench/matching.ts)
 * - applications: draft save, submission (bench/applications.ts)
 * - mixed:        a blend of all of them for BENCH_MIXED_DURATION s (bench/mixed.ts)
 * - uploads:      a 2 MB PDF over 8 connections (bench/uploads.ts)
 * - payments:     signed webhooks one after another, and a storm of 1,000 shuffled ones with
 *                 duplicates checked against a reference model (bench/payments.ts)
 * - browser:      keystroke latency and cold load of /auth/profile in Chromium (bench/browser.ts)
 * - studio:       the eligibility builder's live count, and the time from a provider's publish,
 *                 criteria change or close until every stored match reflects it (bench/studio.ts)
 * - studio-browser: keystroke in the requirement builder -> re-rendered live preview, in Chromium (bench/studio-browser.ts)
 * - inbox:        the inbox list and its search over 1,000,000 messages, and the unread count (bench/inbox.ts)
 * - review:       the provider's applicants list at 10,000 applications, and the export's memory (bench/review.ts)
 * - keys:         the provider's scholarships list with a session token and with an API key: server CPU per request (bench/api-keys.ts)
 * - webhooks:     a submission's p95 with 3 webhook endpoints subscribed and with none, and 10,000 events
 *                 delivered to a loopback receiver, also failing half the time (bench/webhooks.ts)
 * - chat:         one turn of an open sign-up chat (bench/chat.ts)
 * - designer:     publishing a form version whose field holds 100,000 answers, and its rollback (bench/form-designer.ts)
 * - automation:   a publish that about 20,000 of 100,000 members match -> their automatic
 *                 applications, as applications per second (bench/automation.ts)
 * - console:      the support queue's list at 100,000 requests, and the audit log's write cost per
 *                 staff action (bench/console.ts; runs alone too: `npx tsx bench/console.ts`)
 * - bundle:       gzip JS per route from web/dist, with budgets (bench/bundle.ts)
 *
 * Writes bench/results/latest.json ([{ name, rps, p50_ms, p95_ms, p99_ms, errors,
 * server_cpu_ms_per_1k, ratio_to_bare?, ... }]; a partial run replaces only its own rows),
 * latest-meta.json (the machine, versions, settings, targets), latest-browser.json and
 * bundle.json. Prints a FAIL line and exits non-zero when any request failed or a bundle budget
 * is exceeded; latency targets are reported, not enforced (the shared machine is too noisy).
 *
 * Settings: BENCH_ONLY, BENCH_DURATION (s per round, default 4), BENCH_ROUNDS (default 3),
 * BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 16), BENCH_MIXED_DURATION (s, default
 * 60), BENCH_APPLICANTS (default 256), BENCH_LOGIN_CONNECTIONS (4), BENCH_PROFILE_CONNECTIONS (8),
 * BENCH_UPLOAD_CONNECTIONS (8), BENCH_LOG_LEVEL (info), BENCH_DATABASE_URL, BENCH_WEB_DIST.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '@scholarmatch/testkit';
import { Applications, measureApplications } from './applications.js';
import { benchDatabaseUrl, BenchServer, POOL_SIZE } from './bench-server.js';
import { measureProfilePage, type KeystrokeFigures, type LoadFigures } from './browser.js';
import { measureBundle, printBundle, writeBundleReport, type BundleReport } from './bundle.js';
import { FORM_FIELDS, FORM_SCHEMA, measureForms, PROFILE_SAVE } from './forms.js';
import { COUNT, LIST_PAGE, measureMatching, STATS } from './matching.js';
import { CONNECTIONS, DURATION, printTable, ROUNDS, WARMUP, type Result } from './measure.js';
import { measureMixed, MIXED, MIXED_DURATION, printMix } from './mixed.js';
import { BENCH_DOMAIN, BENCH_PASSWORD } from './scale-data.js';
import { measureStudio, LIVE_COUNT, TO_CONSISTENCY } from './studio.js';
import { measureUploads } from './uploads.js';
import { measurePayments, STORM, WEBHOOK } from './payments.js';
import { measureCheckoutToDetail } from './payments-browser.js';
import { measureStudioPreview } from './studio-browser.js';
import { INBOX_SEARCH, measureInbox } from './inbox.js';
import { measureReview, REVIEW_LIST } from './review.js';
import { measureApiKeys, WITH_KEY, WITH_SESSION } from './api-keys.js';
import { DELIVERY, DELIVERY_FLAKY, measureWebhooks, SUBMISSION_3_HOOKS, SUBMISSION_NO_HOOKS } from './webhooks.js';
import { CHAT_TURN, measureChat } from './chat.js';
import { AUTO_APPLY, measureAutomation } from './automation.js';
import { AUDIT_WRITE_COST, measureConsole, SUPPORT_QUEUE_LIST } from './console.js';
import { benchAdminToken, measureFormDesigner } from './form-designer.js';

const ALL_PARTS = ['forms', 'matching', 'applications', 'mixed', 'uploads', 'payments', 'studio', 'inbox', 'review', 'keys', 'webhooks', 'console', 'chat', 'automation', 'designer', 'browser', 'studio-browser', 'bundle'];
const SERVER_PARTS = ALL_PARTS.filter((part) => part !== 'bundle');
const PARTS = new Set((process.env.BENCH_ONLY ?? ALL_PARTS.join(',')).split(',').map((p) => p.trim()).filter(Boolean));
const unknown = [...PARTS].filter((part) => !ALL_PARTS.includes(part));
if (unknown.length) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${ALL_PARTS.join(', ')})`);

const TARGET_RATIO = 0.6;
const log = (line: string) => process.stdout.write(`${line}\n`);
const outDir = path.join(REPO_ROOT, 'bench', 'results');

async function postgresVersion(sql?: pg.Pool): Promise<string> {
  try {
    if (sql) return (await sql.query('SHOW server_version')).rows[0].server_version;
    const client = new pg.Client({ connectionString: benchDatabaseUrl() });
    await client.connect();
    const version = (await client.query('SHOW server_version')).rows[0].server_version;
    await client.end();
    return version;
  } catch {
    return 'unknown';
  }
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

const started = new Date();
const loadBefore = os.loadavg();
log(
  `bench: parts ${[...PARTS].join(', ')}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s after ${WARMUP} s of warm-up (median round shown), ` +
    `mixed ${MIXED_DURATION} s; ${os.cpus().length} cores, Node ${process.version}`,
);

const results: Result[] = [];
let checkoutToDetail: LoadFigures | undefined;
let studioPreview: KeystrokeFigures | undefined;
let browserFigures: { keystrokes: KeystrokeFigures[]; loads: LoadFigures[] } | undefined;
let bundle: BundleReport | undefined;
let bundleError: string | undefined;
let pgVersion: string | undefined;

if (SERVER_PARTS.some((part) => PARTS.has(part))) {
  const bench = await BenchServer.start(log);
  try {
    pgVersion = await postgresVersion(bench.sql);
    const applications = new Applications(bench);
    if (PARTS.has('applications') || PARTS.has('mixed') || PARTS.has('webhooks')) await bench.resetApplications();
    if (PARTS.has('forms')) await measureForms(bench, results);
    if (PARTS.has('matching')) await measureMatching(bench, results, log);
    if (PARTS.has('applications')) await measureApplications(bench, applications, results);
    if (PARTS.has('mixed')) await measureMixed(bench, applications, results);
    if (PARTS.has('uploads')) await measureUploads(bench, results, log);
    if (PARTS.has('payments')) {
      await measurePayments(bench, results, log);
      checkoutToDetail = await measureCheckoutToDetail(bench);
    }
    if (PARTS.has('studio')) await measureStudio(bench, results, log);
    if (PARTS.has('inbox')) await measureInbox(bench, results, log);
    if (PARTS.has('review')) await measureReview(bench, results, log);
    if (PARTS.has('keys')) await measureApiKeys(bench, results, log);
    if (PARTS.has('webhooks')) await measureWebhooks(bench, applications, results, log);
    if (PARTS.has('console')) await measureConsole(bench, results, log);
    if (PARTS.has('chat')) await measureChat(bench, results);
    if (PARTS.has('designer')) {
      // One bench applicant serves as the admin for the part, then is an applicant again.
      const admin = `applicant0@${BENCH_DOMAIN}`;
      try {
        await measureFormDesigner(bench.baseUrl, bench.sql, await benchAdminToken(bench.baseUrl, bench.sql, admin, BENCH_PASSWORD), results);
      } finally {
        await bench.sql.query(`UPDATE users SET role = 'applicant' WHERE email = $1`, [admin]);
      }
    }
    if (PARTS.has('automation')) await measureAutomation(bench, results, log);
    // The phone's requirement form: the scholarship the applications part only saves drafts to, so it stays editable.
    if (PARTS.has('browser')) browserFigures = await measureProfilePage(bench.baseUrl, bench.applicants[0].email, BENCH_PASSWORD, bench.applicationScholarshipIds[0]);
    if (PARTS.has('studio-browser')) studioPreview = await measureStudioPreview(bench);
  } finally {
    await bench.stop();
  }
}
if (PARTS.has('bundle')) {
  try {
    bundle = measureBundle();
    writeBundleReport(bundle);
  } catch (error) {
    bundleError = (error as Error).message;
  }
}

// ---- report ----
mkdirSync(outDir, { recursive: true });
if (results.length) {
  process.stdout.write('\n');
  printTable(results);
  const mixed = results.find((r) => r.name === MIXED);
  if (mixed) printMix(mixed);
  // A partial run (BENCH_ONLY) replaces only its own rows of the kept results, in place.
  const latestFile = path.join(outDir, 'latest.json');
  const latest = PARTS.size === ALL_PARTS.length || !existsSync(latestFile) ? [] : (JSON.parse(readFileSync(latestFile, 'utf8')) as Result[]);
  for (const result of results) {
    const index = latest.findIndex((old) => old.name === result.name);
    if (index >= 0) latest[index] = result;
    else latest.push(result);
  }
  writeFileSync(latestFile, `${JSON.stringify(latest, null, 2)}\n`);
}
if (browserFigures) {
  process.stdout.write('\nbrowser (headless Chromium):\n');
  for (const k of browserFigures.keystrokes) {
    process.stdout.write(`  ${k.name}: ${k.keystrokes} keystrokes, median ${k.median_ms} ms, p95 ${k.p95_ms} ms, events >= 16 ms: ${k.slow_events_16ms}\n`);
  }
  for (const l of browserFigures.loads) process.stdout.write(`  ${l.name}: median ${l.median_ms} ms, max ${l.max_ms} ms over ${l.runs} runs\n`);
  writeFileSync(path.join(outDir, 'latest-browser.json'), `${JSON.stringify(browserFigures, null, 2)}\n`);
}
if (checkoutToDetail) {
  process.stdout.write(`\n${checkoutToDetail.name}: median ${checkoutToDetail.median_ms} ms, max ${checkoutToDetail.max_ms} ms over ${checkoutToDetail.runs} runs\n`);
  writeFileSync(path.join(outDir, 'latest-payments-browser.json'), `${JSON.stringify(checkoutToDetail, null, 2)}\n`);
}
if (studioPreview) {
  const k = studioPreview;
  process.stdout.write(`\nstudio (headless Chromium): ${k.name}: ${k.keystrokes} keystrokes, median ${k.median_ms} ms, p95 ${k.p95_ms} ms, events >= 16 ms: ${k.slow_events_16ms}\n`);
  writeFileSync(path.join(outDir, 'latest-studio-browser.json'), `${JSON.stringify(studioPreview, null, 2)}\n`);
}
if (bundle) printBundle(bundle);

// ---- targets ----
interface Target {
  target: string;
  value: string;
  met: boolean;
}
const targets: Target[] = [];
const row = (name: string) => results.find((r) => r.name === name);
for (const [name, label] of [
  [LIST_PAGE, 'list page'],
  [COUNT, 'count'],
  [STATS, 'stats'],
] as const) {
  const r = row(name);
  if (r) targets.push({ target: `${label} p95 ≤ 10 ms at ${CONNECTIONS} clients (issue 5)`, value: `${r.p95_ms} ms`, met: r.p95_ms <= 10 });
}
const webhook = row(WEBHOOK);
if (webhook) targets.push({ target: 'webhook handling p95 ≤ 20 ms (issue 15)', value: `${webhook.p95_ms} ms`, met: webhook.p95_ms <= 20 });
const storm = row(STORM);
if (storm) {
  targets.push({ target: 'webhook storm ends in the reference model\'s states with 0 errors (issue 15)', value: `${storm.states_wrong} of ${storm.states_checked} wrong, ${storm.errors} errors`, met: storm.states_wrong === 0 && storm.errors === 0 });
}
if (checkoutToDetail) {
  targets.push({ target: 'checkout paid -> unlocked detail in Chromium ≤ 2 s (issue 15)', value: `median ${checkoutToDetail.median_ms} ms, max ${checkoutToDetail.max_ms} ms`, met: checkoutToDetail.max_ms <= 2000 });
}
const liveCount = row(LIVE_COUNT);
if (liveCount) targets.push({ target: 'live eligibility count p95 ≤ 100 ms at 100,000 applicants (issue 16)', value: `${liveCount.p95_ms} ms`, met: liveCount.p95_ms <= 100 });
for (const r of results.filter((result) => result.name.startsWith(TO_CONSISTENCY))) {
  targets.push({ target: `${r.name} ≤ 5 s (issue 16)`, value: `max ${r.max_ms} ms`, met: Number(r.max_ms) <= 5000 });
}
const reviewList = row(REVIEW_LIST);
if (reviewList) targets.push({ target: 'applicants list p95 ≤ 20 ms at 10,000 applications for one scholarship (issue 17)', value: `${reviewList.p95_ms} ms`, met: reviewList.p95_ms <= 20 });
const withSession = row(WITH_SESSION);
const withKey = row(WITH_KEY);
if (withSession && withKey) {
  const ratio = withKey.server_cpu_ms_per_1k / Math.max(1, withSession.server_cpu_ms_per_1k);
  targets.push({
    target: 'API key authentication: server CPU per request within 10 % of a session token, same run (issue 32)',
    value: `${withKey.server_cpu_ms_per_1k} vs ${withSession.server_cpu_ms_per_1k} ms/1k req (×${ratio.toFixed(2)})`,
    met: ratio <= 1.1,
  });
}
const noHooks = row(SUBMISSION_NO_HOOKS);
const threeHooks = row(SUBMISSION_3_HOOKS);
if (noHooks && threeHooks) {
  const extra = threeHooks.p95_ms - noHooks.p95_ms;
  targets.push({ target: 'submission p95 with 3 webhook endpoints ≤ 2 ms more than with none, same run (issue 33)', value: `${threeHooks.p95_ms} vs ${noHooks.p95_ms} ms (+${extra.toFixed(2)})`, met: extra <= 2 });
}
for (const delivery of [row(DELIVERY), row(DELIVERY_FLAKY)]) {
  if (!delivery) continue;
  targets.push({
    target: `${delivery.name}: ≥ 500 events/s, each accepted once with a valid signature (issue 33)`,
    value: `${delivery.rps} events/s, ${delivery.attempts} attempts, ${delivery.duplicates} twice, ${delivery.missing} missing, ${delivery.bad_signatures} bad signatures`,
    met: delivery.errors === 0 && (delivery.name === DELIVERY_FLAKY || delivery.rps >= 500),
  });
}
const inboxSearch = row(INBOX_SEARCH);
const queueList = row(SUPPORT_QUEUE_LIST);
if (queueList) targets.push({ target: "support queue's list p95 ≤ 20 ms at 100,000 requests (issue 31)", value: `${queueList.p95_ms} ms`, met: queueList.p95_ms <= 20 });
const auditCost = row(AUDIT_WRITE_COST);
if (auditCost) targets.push({ target: 'audit log write cost per staff action (issue 31: reported)', value: `${auditCost.p50_ms} ms`, met: true });
if (inboxSearch) targets.push({ target: `inbox search p95 ≤ 20 ms over 1,000,000 messages at ${CONNECTIONS} clients (issue 17)`, value: `${inboxSearch.p95_ms} ms`, met: inboxSearch.p95_ms <= 20 });
const chatTurn = row(CHAT_TURN);
if (chatTurn) targets.push({ target: `a chat turn p95 ≤ 15 ms at ${CONNECTIONS} clients (issue 18)`, value: `${chatTurn.p95_ms} ms`, met: chatTurn.p95_ms <= 15 });
for (const r of results.filter((result) => result.name.startsWith(AUTO_APPLY))) {
  targets.push({ target: `${r.name}: ≥ 2,000 applications/s, exactly once (issue 20)`, value: `${r.rps}/s (slowest of 3: ${r.max_ms} ms)`, met: r.rps >= 2000 });
}
const save = row(PROFILE_SAVE);
if (save) targets.push({ target: 'profile save p95 ≤ 25 ms at 8 clients (issue 4)', value: `${save.p95_ms} ms`, met: save.p95_ms <= 25 });
for (const name of [FORM_FIELDS, FORM_SCHEMA]) {
  const r = row(name);
  if (r?.ratio_to_bare !== undefined) targets.push({ target: `${name}: ratio to bare ≥ ${TARGET_RATIO}`, value: String(r.ratio_to_bare), met: r.ratio_to_bare >= TARGET_RATIO });
}
for (const l of browserFigures?.loads.filter((l) => l.name.startsWith('phone')) ?? []) {
  targets.push({ target: `${l.name}: median ≤ 3,500 ms (issue 35)`, value: `${l.median_ms} ms (max ${l.max_ms})`, met: l.median_ms <= 3500 });
}
for (const k of browserFigures?.keystrokes.filter((k) => !k.name.startsWith('baseline')) ?? []) {
  targets.push({ target: `keystroke, ${k.name}: median ≤ 16 ms, p95 ≤ 32 ms`, value: `${k.median_ms} / ${k.p95_ms} ms`, met: k.median_ms <= 16 && k.p95_ms <= 32 });
}
if (studioPreview) {
  targets.push({ target: 'requirement builder keystroke -> re-rendered preview in Chromium: median ≤ 50 ms (issue 16)', value: `median ${studioPreview.median_ms} ms, p95 ${studioPreview.p95_ms} ms`, met: studioPreview.median_ms <= 50 });
}
if (bundle) {
  targets.push({ target: `landing page JS ≤ ${bundle.budgets_kb.landing} kB gzip`, value: `${bundle.landing_kb} kB`, met: bundle.landing_kb <= bundle.budgets_kb.landing });
  targets.push({
    target: `heaviest signed-in route JS ≤ ${bundle.budgets_kb.signedIn} kB gzip`,
    value: `${bundle.heaviest_signed_in.gzip_kb} kB (${bundle.heaviest_signed_in.route})`,
    met: bundle.heaviest_signed_in.gzip_kb <= bundle.budgets_kb.signedIn,
  });
  targets.push({
    target: `every route within its budget (public routes ≤ ${bundle.budgets_kb.publicForm} kB)`,
    value: bundle.over_budget.length ? `over: ${bundle.over_budget.join(', ')}` : 'all within',
    met: bundle.over_budget.length === 0,
  });
}
if (targets.length) {
  process.stdout.write('\ntargets:\n');
  for (const t of targets) process.stdout.write(`  ${t.met ? 'met    ' : 'NOT met'}  ${t.target}: ${t.value}\n`);
}

const loadAfter = os.loadavg();
const cpus = os.cpus();
// latest-meta.json: the machine and versions now, and one entry per run whose figures are still in
// the results (a partial run replaces the entry of the parts it measured again).
const metaFile = path.join(outDir, 'latest-meta.json');
interface RunMeta {
  parts: string[];
  started_at: string;
  finished_at: string;
  load_average_1m: { before: number; after: number };
  settings: Record<string, unknown>;
  targets: Target[];
}
const previousRuns: RunMeta[] = PARTS.size === ALL_PARTS.length || !existsSync(metaFile) ? [] : ((JSON.parse(readFileSync(metaFile, 'utf8')).runs as RunMeta[] | undefined) ?? []);
const thisRun: RunMeta = {
  parts: [...PARTS],
  started_at: started.toISOString(),
  finished_at: new Date().toISOString(),
  load_average_1m: { before: Math.round(loadBefore[0] * 100) / 100, after: Math.round(loadAfter[0] * 100) / 100 },
  settings: {
    connections: CONNECTIONS,
    rounds: ROUNDS,
    round_s: DURATION,
    warmup_s: WARMUP,
    mixed_s: MIXED_DURATION,
    applicants: POOL_SIZE,
    database: benchDatabaseUrl().replace(/\/\/[^@]*@/, '//'),
  },
  targets,
};
const runs = [
  ...previousRuns.map((run) => ({ ...run, parts: run.parts.filter((part) => !PARTS.has(part)) })).filter((run) => run.parts.length),
  thisRun,
];
writeFileSync(
  metaFile,
  `${JSON.stringify(
    {
      machine: { cores: cpus.length, cpu: cpus[0]?.model.trim(), memory_gb: Math.round(os.totalmem() / 1e8) / 10, os: `${os.type()} ${os.release()}` },
      versions: { node: process.version, postgresql: pgVersion ?? (await postgresVersion()), commit: gitCommit() },
      runs,
    },
    null,
    2,
  )}\n`,
);

// ---- failures ----
const failures: string[] = [];
const withErrors = results.filter((r) => r.errors > 0);
if (withErrors.length) failures.push(`requests failed: ${withErrors.map((r) => `${r.name} (${r.errors})`).join(', ')}`);
if (bundleError) failures.push(`bundle: ${bundleError}`);
if (storm && Number(storm.states_wrong) > 0) failures.push(`webhook storm: ${storm.states_wrong} subscriptions not in the reference model's state`);
if (bundle?.over_budget.length) failures.push(`bundle over budget: ${bundle.over_budget.join(', ')}`);
for (const failure of failures) process.stdout.write(`FAIL: ${failure}\n`);
if (failures.length) process.exitCode = 1;
