import { randomUUID } from 'node:crypto';
import { makeMember, publishedScholarship } from '@scholarmatch/testkit';
import { Metrics } from '../src/metrics/metrics.js';
import { SERVED_HISTOGRAMS, SERVED_SERIES } from '../src/metrics/served-metrics.js';
import { MetricsServer } from '../src/metrics/metrics-server.js';
import { cronPeriodSeconds } from '../src/metrics/scrape-gauges.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

/** One sample of the text format: `name{a="x",b="y"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** Every family the server says it serves (the alert rules' and dashboard's vocabulary), and two of Node's defaults. */
const FAMILIES = [...SERVED_HISTOGRAMS, ...SERVED_SERIES, 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds'];

describe('Prometheus metrics', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
    // Port 0: several suites run at once, and the system picks a free port.
    const port = await t.app.get(MetricsServer).listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await res.text();
    return { text, samples: parse(text) };
  };
  const requestSeries = (samples: Sample[]) => samples.filter((s) => s.name === 'http_server_request_duration_seconds_count');
  const count = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

  /** Traffic whose paths are all different: ids, unknown API paths, unknown pages, odd methods. */
  async function varied(n: number): Promise<string[]> {
    const seen: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      seen.push(id);
      await t.app.inject({ method: 'GET', url: `/api/v1/scholarships/${id}` });
      await t.app.inject({ method: 'GET', url: `/api/v1/no-such-thing-${id}` });
      await t.app.inject({ method: 'DELETE', url: `/x/${id}?q=${id}` });
    }
    return seen;
  }

  it('serves every family of the contract, in the Prometheus text format', async () => {
    const { login } = accountClient(t);
    await login('nobody@example.com', 'wrong password');
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const { text, samples } = await scrape();
    for (const family of FAMILIES) expect(text, family).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    expect(count(samples, 'scholarmatch_database_up')).toBe(1);
    expect(samples.filter((s) => s.name === 'scholarmatch_db_pool_clients').map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use', 'waiting']);
    // Every queue of the catalogue has a depth (0 here), and the scheduled ones their period.
    expect(count(samples, 'scholarmatch_queue_jobs', { queue: 'deliver-webhooks', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(samples.some((s) => s.name === 'scholarmatch_queue_jobs' && s.labels.queue === 'deliver-webhooks')).toBe(true);
    expect(count(samples, 'scholarmatch_queue_period_seconds', { queue: 'membership-expiries' })).toBe(600);
    expect(count(samples, 'scholarmatch_queue_period_seconds', { queue: 'sweep-unused-uploads' })).toBe(3600);
    expect(count(samples, 'scholarmatch_logins_total', { outcome: 'wrong_password' })).toBe(1);
    expect(count(samples, 'scholarmatch_support_requests_waiting_over_24h')).toBe(0);
    // The health route by its template; repositories timed by class and method.
    expect(count(samples, 'http_server_request_duration_seconds_count', { route: '/api/v1/health', method: 'GET', status_class: '2xx' })).toBe(1);
    expect(count(samples, 'scholarmatch_db_query_duration_seconds_count', { repository: 'UsersRepository', method: 'findByEmailWithPassword' })).toBe(1);
  });

  it('counts a sign-up and a successful login', async () => {
    const { signUp, login } = accountClient(t);
    const before = (await scrape()).samples;
    const { body } = await signUp({}, '10.9.0.1');
    expect((await login(body.email, body.password, '10.9.0.2')).statusCode).toBe(201);
    const after = (await scrape()).samples;
    expect(count(after, 'scholarmatch_signups_total') - count(before, 'scholarmatch_signups_total')).toBe(1);
    expect(count(after, 'scholarmatch_logins_total', { outcome: 'ok' }) - count(before, 'scholarmatch_logins_total', { outcome: 'ok' })).toBe(1);
  });

  it('counts a trial started through the sandbox checkout, its webhooks, and a refused webhook', async () => {
    const api = accountClient(t);
    const before = (await scrape()).samples;
    const { session } = await api.signUp({}, '10.9.0.3');
    const plans = (await api.call('GET', '/subscription-plans')).json().data as { id: string; productId: string }[];
    const plan = plans.find((p) => p.productId === 'quarterly')!;
    const { checkoutUrl } = (await api.call('POST', '/user-payments/checkout', { body: { planId: plan.id }, token: session.accessToken })).json().data;
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '10001' };
    const paid = await t.app.inject({ method: 'POST', url: `${checkoutUrl}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(card).toString() });
    expect(paid.statusCode).toBe(303);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(refused.statusCode).toBe(400);
    const delta = (after: Sample[], name: string, labels: Record<string, string> = {}) => count(after, name, labels) - count(before, name, labels);
    // The sandbox delivers its events to this server's endpoint right after the payment commits.
    await eventually(async () => {
      const after = (await scrape()).samples;
      expect(delta(after, 'scholarmatch_trials_started_total')).toBe(1);
      expect(delta(after, 'scholarmatch_membership_transitions_total', { to: 'trialing' })).toBe(1);
      expect(delta(after, 'scholarmatch_webhooks_received_total', { source: 'sandbox' })).toBeGreaterThanOrEqual(1);
      expect(delta(after, 'scholarmatch_webhooks_refused_total', { source: 'sandbox', reason: 'signature_missing' })).toBe(1);
    }, 10_000);
  });

  it('counts applications by channel once they are submitted: from the form, and by Easy Apply', async () => {
    const api = accountClient(t);
    const provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken as string;
    const admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken as string;
    const withForm = await publishedScholarship(api.kit, provider, { title: 'Metrics form', requirements: [{ title: 'Why?', dataType: 'text', key: 'why' }] });
    const easy = await publishedScholarship(api.kit, provider, { title: 'Metrics easy', requirements: [] });
    const member = await api.person();
    await makeMember(api.kit, admin, member.id);
    const before = (await scrape()).samples;
    const submit = (status: 'Draft' | 'Received') =>
      api.call('POST', '/scholarships/submit-individual-scholarship', { token: member.token, body: { scholarshipId: withForm, status, requirements: [{ key: 'why', fieldValue: 'Because' }] } });
    expect((await submit('Draft')).statusCode).toBeLessThan(300);
    expect((await submit('Received')).statusCode).toBeLessThan(300);
    expect((await api.call('POST', '/scholarships/submit-scholarships', { token: member.token, body: { scholarshipId: [easy] } })).statusCode).toBeLessThan(300);
    const after = (await scrape()).samples;
    const delta = (channel: string) => count(after, 'scholarmatch_applications_submitted_total', { channel }) - count(before, 'scholarmatch_applications_submitted_total', { channel });
    // The draft is not a submission.
    expect([delta('form'), delta('easy_apply'), delta('bulk')]).toEqual([1, 1, 0]);
  });

  it('keeps the request labels bounded whatever the paths (route templates, never paths or ids)', async () => {
    const first = await varied(25);
    const { text, samples } = await scrape();
    for (const id of first) expect(text).not.toContain(id);
    const series = requestSeries(samples);
    const routes = new Set(series.map((s) => s.labels.route));
    expect(routes).toContain('/api/v1/scholarships/:id');
    expect(routes).toContain('unmatched');
    // Each id's details answer counted under the one template (404 or 401: 4xx either way).
    expect(count(samples, 'http_server_request_duration_seconds_count', { route: '/api/v1/scholarships/:id', status_class: '4xx' })).toBeGreaterThanOrEqual(25);
    for (const s of series) {
      expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']).toContain(s.labels.method);
      expect(['1xx', '2xx', '3xx', '4xx', '5xx']).toContain(s.labels.status_class);
    }

    // As many more distinct paths again: not one more series.
    const labelSets = (list: Sample[]) => new Set(list.map((s) => JSON.stringify(s.labels)));
    const before = labelSets(series);
    await varied(25);
    const after = labelSets(requestSeries((await scrape()).samples));
    expect([...after].sort()).toEqual([...before].sort());
  });

  it('serves only GET /metrics on its port', async () => {
    expect((await fetch(`${base}/other`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    // A scrape is not an API request: it adds no request series.
    const { samples } = await scrape();
    expect(requestSeries(samples).some((s) => s.labels.route === '/metrics')).toBe(false);
  });

  it('reads the queue periods of the cron forms the queues use', () => {
    expect(cronPeriodSeconds('* * * * *')).toBe(60);
    expect(cronPeriodSeconds('*/5 * * * *')).toBe(300);
    expect(cronPeriodSeconds('35 * * * *')).toBe(3600);
    expect(cronPeriodSeconds('0 3 * * *')).toBe(86_400);
    expect(cronPeriodSeconds('0 3 * * 1')).toBeUndefined();
  });
});

describe('metrics off (METRICS_PORT=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_PORT: 'off' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('times no request and no repository', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    await accountClient(t).login('nobody@example.com', 'wrong password');
    const text = await t.app.get(Metrics).registry.metrics();
    expect(text).not.toMatch(/^http_server_request_duration_seconds_count/m);
    expect(text).not.toMatch(/^scholarmatch_db_query_duration_seconds_count/m);
    expect(text).not.toMatch(/^process_cpu_seconds_total/m);
  });
});
