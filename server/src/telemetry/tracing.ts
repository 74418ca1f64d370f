import { trace, type Tracer } from '@opentelemetry/api';
import type { TracingOptions } from './tracing-sdk.js';

/**
 * OpenTelemetry tracing (docs/operations.md, "Traces and logs"): on only when an OTLP endpoint is
 * configured, and then the SDK is loaded; otherwise nothing of it is loaded or started and the
 * few calls the code makes through @opentelemetry/api go to its no-op tracer.
 */

/** The name spans are recorded under (the instrumentation scope). */
const TRACER_NAME = 'scholarmatch';

export interface Tracing {
  /** Sends the spans still buffered (the HTTP server's close calls it). */
  flush(): Promise<void>;
  /** Stops exporting and unregisters the SDK (tests). */
  shutdown(): Promise<void>;
}

export type { TracingOptions } from './tracing-sdk.js';

let active: Tracing | undefined;

/** Whether spans are being recorded in this process. */
export function tracingEnabled(): boolean {
  return active !== undefined;
}

/** The running tracing, to flush on close; undefined when it is off. */
export function activeTracing(): Tracing | undefined {
  return active;
}

export function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/**
 * Tracing is on when the standard OTEL_EXPORTER_OTLP_ENDPOINT (or its traces-only variant) is set,
 * unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none says otherwise.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/** Starts tracing when the environment configures it (main.ts calls this before the application loads). */
export async function startTracingFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> {
  return tracingConfigured(env) ? startTracing() : undefined;
}

/** Starts the SDK (once per process): its tracer provider, the W3C trace context propagator and the pg instrumentation. */
export async function startTracing(options: TracingOptions = {}): Promise<Tracing> {
  if (active) throw new Error('tracing is already running');
  // Loaded here, not at the top: with tracing off, the SDK costs neither start-up time nor memory.
  const { startSdk } = await import('./tracing-sdk.js');
  const sdk = await startSdk(options);
  const tracing: Tracing = {
    flush: () => sdk.flush(),
    shutdown: async () => {
      if (active === tracing) active = undefined;
      await sdk.shutdown();
    },
  };
  active = tracing;
  return tracing;
}
