/**
 * The Grafana dashboard and the Prometheus rules speak of the metrics the server serves, and of
 * nothing else (docs/operations.md, "Alerts and runbooks"). Checks that the dashboard is a
 * dashboard (JSON, panels with unique ids, a Prometheus query per panel), that every PromQL
 * expression of it and of deploy/prometheus/rules/ names only the server's metrics, prom-client's
 * default metrics, Prometheus' `up` or a recording rule defined beside; and that every alert has a
 * severity and a runbook_url naming a section of docs/operations.md that exists.
 * Run by scripts/check-operations-config.sh.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SERVED_HISTOGRAMS, SERVED_SERIES } from '../server/src/metrics/served-metrics.js';

const DASHBOARD = 'deploy/grafana/scholarmatch.json';
const RULES_DIR = 'deploy/prometheus/rules';
const RUNBOOKS = 'docs/operations.md';

/** The server's own metrics (docs/operations.md, "Metrics"), and Prometheus' own per scrape target. */
const HISTOGRAMS: readonly string[] = SERVED_HISTOGRAMS;
const SERIES = [...SERVED_SERIES, 'up'];

/** prom-client 15's collectDefaultMetrics() (the list used when prom-client itself is not installed). */
const DEFAULT_METRICS = [
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_start_time_seconds',
  'process_resident_memory_bytes',
  'process_virtual_memory_bytes',
  'process_heap_bytes',
  'process_open_fds',
  'process_max_fds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_min_seconds',
  'nodejs_eventloop_lag_max_seconds',
  'nodejs_eventloop_lag_mean_seconds',
  'nodejs_eventloop_lag_stddev_seconds',
  'nodejs_eventloop_lag_p50_seconds',
  'nodejs_eventloop_lag_p90_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_requests',
  'nodejs_active_requests_total',
  'nodejs_heap_size_total_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_external_memory_bytes',
  'nodejs_heap_space_size_total_bytes',
  'nodejs_heap_space_size_used_bytes',
  'nodejs_heap_space_size_available_bytes',
  'nodejs_version_info',
  'nodejs_gc_duration_seconds_bucket',
  'nodejs_gc_duration_seconds_sum',
  'nodejs_gc_duration_seconds_count',
];

/** The default metrics' real names when prom-client is installed (it is the server's once metrics are served). */
async function defaultMetrics(): Promise<string[]> {
  try {
    const client = await import('prom-client');
    const register = new client.Registry();
    client.collectDefaultMetrics({ register });
    const text = await register.metrics();
    return [...new Set([...text.matchAll(/^(\w+)(?:\{| )/gm)].map((m) => m[1]))];
  } catch {
    return DEFAULT_METRICS;
  }
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** The metric (and recording rule) names a PromQL expression reads. */
export function metricNames(expr: string): string[] {
  let e = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  e = e.replace(/\{[^}]*\}/g, ' ').replace(/\[[^\]]*\]/g, ' ');
  e = e.replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  e = e.replace(/\$\{[^}]*\}|\$\w+/g, ' ');
  // Grafana's label_values(selector, label): the label is not a metric.
  e = e.replace(/\blabel_values\s*\(([^,)]*),[^)]*\)/g, '($1)');
  const names: string[] = [];
  for (const match of e.matchAll(/(?<![\w.:])[a-zA-Z_:][\w:]*/g)) {
    const word = match[0];
    if (/^\s*\(/.test(e.slice(match.index + word.length))) continue; // a function or aggregation
    if (KEYWORDS.has(word.toLowerCase())) continue;
    names.push(word);
  }
  return names;
}

// The extractor's own cases, so that a change to it cannot quietly pass everything.
const SELF_CHECKS: [string, string[]][] = [
  ['sum by (le) (rate(a_bucket{le="0.25", route!~"x|y"}[5m])) / on (job) group_left () b:rule', ['a_bucket', 'b:rule']],
  ['topk(10, histogram_quantile(0.95, sum by (route, le) (rate(c_bucket{instance=~"$instance"}[$__rate_interval]))))', ['c_bucket']],
  ['max(d) > 0 and absent(up{job="scholarmatch"}) or e offset 5m * 1e3', ['d', 'up', 'e']],
  ['label_values(up{job="scholarmatch"}, instance)', ['up']],
];
for (const [expr, expected] of SELF_CHECKS) {
  const got = metricNames(expr);
  if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`metricNames(${expr}) gave ${JSON.stringify(got)}, not ${JSON.stringify(expected)}`);
}

/** GitHub's anchor of a Markdown heading. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const problems: string[] = [];
const ruleFiles = readdirSync(RULES_DIR).filter((f) => f.endsWith('.yml'));
const rules: (Rule & { file: string })[] = ruleFiles.flatMap((file) =>
  (parse(readFileSync(`${RULES_DIR}/${file}`, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((g) => g.rules.map((r) => ({ ...r, file }))),
);
const allowed = new Set([
  ...SERIES,
  ...HISTOGRAMS.flatMap((h) => [`${h}_bucket`, `${h}_sum`, `${h}_count`]),
  ...(await defaultMetrics()),
  ...rules.flatMap((r) => (r.record ? [r.record] : [])),
]);
const checkExpr = (where: string, expr: string) => {
  for (const name of metricNames(expr)) if (!allowed.has(name)) problems.push(`${where}: unknown metric ${name}`);
};

const anchors = new Set(
  readFileSync(RUNBOOKS, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => anchorOf(line.replace(/^#+ /, ''))),
);
for (const rule of rules) {
  const name = rule.record ?? rule.alert ?? '(unnamed)';
  checkExpr(`${rule.file} ${name}`, rule.expr);
  if (!rule.alert) continue;
  if (!['page', 'ticket'].includes(rule.labels?.severity ?? '')) problems.push(`${rule.file} ${name}: severity must be page or ticket`);
  const runbook = rule.annotations?.runbook_url ?? '';
  const [doc, anchor] = runbook.split('#');
  if (doc !== RUNBOOKS || !anchors.has(anchor)) problems.push(`${rule.file} ${name}: runbook_url "${runbook}" is not a section of ${RUNBOOKS}`);
  if (anchor !== name.toLowerCase()) problems.push(`${rule.file} ${name}: its runbook's anchor should be #${name.toLowerCase()}`);
}

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos?: { h: number; w: number; x: number; y: number };
  targets?: { expr?: string; refId: string }[];
  panels?: Panel[];
}
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { uid: string; title: string; schemaVersion: number; panels: Panel[]; templating: { list: { name: string; query?: unknown }[] } };
if (!dashboard.uid || !dashboard.title || typeof dashboard.schemaVersion !== 'number') problems.push(`${DASHBOARD}: uid, title and schemaVersion are required`);
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const ids = panels.map((p) => p.id);
if (new Set(ids).size !== ids.length) problems.push(`${DASHBOARD}: panel ids repeat`);
let exprs = 0;
for (const panel of panels) {
  if (!panel.gridPos) problems.push(`${DASHBOARD} "${panel.title}": no gridPos`);
  if (panel.type === 'row') continue;
  if (!panel.targets?.length) problems.push(`${DASHBOARD} "${panel.title}": no query`);
  for (const target of panel.targets ?? []) {
    if (!target.expr) problems.push(`${DASHBOARD} "${panel.title}" ${target.refId}: no expr`);
    else {
      exprs += 1;
      checkExpr(`${DASHBOARD} "${panel.title}"`, target.expr);
    }
  }
}
for (const variable of dashboard.templating.list) {
  const query = variable.query as { query?: string } | string | undefined;
  const text = typeof query === 'string' ? query : query?.query;
  if (text && variable.name !== 'datasource') checkExpr(`${DASHBOARD} variable ${variable.name}`, text);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const alerts = rules.filter((r) => r.alert).length;
console.log(`check-operations-metrics: ${panels.length} panels and ${exprs} queries, ${rules.length - alerts} recording rules and ${alerts} alerts name only served metrics; every alert has a runbook`);
