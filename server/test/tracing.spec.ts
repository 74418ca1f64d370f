import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { startTracing, type Tracing } from '../src/telemetry/tracing.js';
import { SUPPORT_MAIL_QUEUE } from '../src/support/support-mail.job.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, jobsSettled, startTestApp, type TestApp } from './test-app.js';

/**
 * OpenTelemetry tracing (docs/operations.md, "Traces and logs"), recorded in memory: a request's
 * SERVER span named by its route template, the pg driver's queries as its children, and a job
 * queued by a request in a span linked to the request's.
 */
describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;

  beforeAll(async () => {
    tracing = await startTracing({ exporter, exportEachSpan: true });
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
    await tracing?.shutdown();
  });

  const spans = () => exporter.getFinishedSpans();
  const serverSpans = (name: string) => spans().filter((span) => span.kind === SpanKind.SERVER && span.name === name);
  const childrenOf = (parent: ReadableSpan) => spans().filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

  it("names a request's span by its route template, with the status, and its queries are child spans", async () => {
    const { token } = await api.person();
    exporter.reset();
    const missing = '0b6f1c2e-8d6a-4c1e-9a51-3f0e4d1b2c7a';
    const res = await api.call('GET', `/scholarships/${missing}`, { token });
    expect(res.statusCode).toBe(404);

    await eventually(async () => expect(serverSpans('GET /api/v1/scholarships/:id')).toHaveLength(1));
    const [server] = serverSpans('GET /api/v1/scholarships/:id');
    expect(server.attributes['http.route']).toBe('/api/v1/scholarships/:id');
    expect(server.attributes['http.response.status_code']).toBe(404);
    expect(server.attributes['http.request.method']).toBe('GET');
    // The id stays out of the span's name (a template names all of them).
    expect(server.name).not.toContain(missing);
    expect(server.attributes['request.id']).toBe(res.headers['x-request-id']);

    const queries = childrenOf(server).filter((span) => span.attributes['db.system'] === 'postgresql' || span.name.startsWith('pg.query'));
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.spanContext().traceId).toBe(server.spanContext().traceId);
      expect(query.kind).toBe(SpanKind.CLIENT);
    }
    // Only the statement is recorded, never the values bound to it.
    expect(JSON.stringify(queries.map((query) => query.attributes))).not.toContain(missing);
  });

  it("continues the caller's trace when it sends a W3C traceparent", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health?id=chat-capability-5b1e&x=1', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    expect(res.statusCode).toBe(200);
    await eventually(async () => expect(spans().some((span) => span.kind === SpanKind.SERVER && span.spanContext().traceId === traceId)).toBe(true));
    const [server] = spans().filter((span) => span.kind === SpanKind.SERVER && span.spanContext().traceId === traceId);
    expect(server.name).toBe('GET /api/v1/health');
    expect(server.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    // A capability in the query (a chat's id) is not kept in the span either.
    expect(server.attributes).toMatchObject({ 'url.path': '/api/v1/health', 'url.query': 'id=[redacted]&x=1' });
  });

  it('links the span of a job to the span of the request that queued it', async () => {
    exporter.reset();
    const res = await api.call('POST', '/scholarships/add-support', {
      body: { email: 'ada@example.com', name: 'Guest', phone: '+12025550100', description: 'Where is my application?' },
      ip: '10.60.0.1',
    });
    expect(res.statusCode).toBe(201);
    await jobsSettled(t.sql);

    const [request] = serverSpans('POST /api/v1/scholarships/add-support');
    expect(request.attributes['http.response.status_code']).toBe(201);
    await eventually(async () => expect(spans().filter((span) => span.name === `job ${SUPPORT_MAIL_QUEUE}`).length).toBeGreaterThan(0));
    const jobs = spans().filter((span) => span.name === `job ${SUPPORT_MAIL_QUEUE}`);
    const linked = jobs.filter((job) => job.links.some((link) => link.context.spanId === request.spanContext().spanId && link.context.traceId === request.spanContext().traceId));
    expect(linked).toHaveLength(1);
    const [job] = linked;
    expect(job.kind).toBe(SpanKind.CONSUMER);
    // A trace of its own (it may run long after the request), linked rather than a child.
    expect(job.spanContext().traceId).not.toBe(request.spanContext().traceId);
    expect(job.attributes['request.id']).toBe(res.headers['x-request-id']);
    // The job's own queries are its children.
    expect(childrenOf(job).some((span) => span.name.startsWith('pg.'))).toBe(true);
  });
});
