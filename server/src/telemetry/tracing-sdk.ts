import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { createRequire } from 'node:module';

const DEFAULT_SERVICE_NAME = 'scholarmatch';

export interface TracingOptions {
  /** Where spans go; the OTLP http/protobuf exporter, configured by the standard OTEL_* variables, when absent. */
  exporter?: SpanExporter;
  /** Export each span as it ends (tests) instead of in batches. */
  exportEachSpan?: boolean;
}

/**
 * The OpenTelemetry SDK, loaded only when tracing is on (tracing.ts). Spans go to the OTLP
 * http/protobuf exporter (endpoint, headers and timeout from the standard OTEL_EXPORTER_OTLP_*
 * variables) in batches; the sampler follows OTEL_TRACES_SAMPLER (parent-based, always on, by default).
 */
export async function startSdk(options: TracingOptions): Promise<{ flush(): Promise<void>; shutdown(): Promise<void> }> {
  const exporter = options.exporter ?? new OTLPTraceExporter();
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over our default name.
  const resource = resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [options.exportEachSpan ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // Registers the AsyncLocalStorage context manager and the W3C traceparent/baggage propagator.
  provider.register();

  // Spans for every query of the `pg` driver, which TypeORM, Kysely and pg-boss all use. The
  // instrumentation patches `pg` when it is required; the server imports it as an ES module, so
  // the require below hands it the module (loaded already or not: the patch is on its prototypes,
  // which every importer shares). Only the statement text is recorded, never the values bound to it.
  const pg = new PgInstrumentation({ requireParentSpan: true });
  pg.setTracerProvider(provider);
  pg.enable();
  createRequire(import.meta.url)('pg');

  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      pg.disable();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
