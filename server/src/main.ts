import { AppConfig } from './config/app-config.js';
import { createApp } from './app.factory.js';
import { DatabaseLocation } from './database/database.module.js';
import { DEMO_ACCOUNTS, demoDataEnabled } from './demo/demo-accounts.js';
import { EssayWriter } from './essays/essay-writer.js';
import { Mailer } from './mail/mailer.js';
import { MetricsServer } from './metrics/metrics-server.js';
import { FileStorage } from './uploads/file-storage.js';
import { startTracingFromEnv } from './telemetry/tracing.js';

async function main(): Promise<void> {
  const startedAt = Date.now();
  // Before the application: its HTTP hooks are registered only when tracing runs (docs/operations.md, "Traces and logs").
  const tracing = await startTracingFromEnv();
  const config = AppConfig.fromEnv();
  const location = new DatabaseLocation(config);
  const app = await createApp(config, location);
  await app.listen({ port: config.PORT, host: config.HOST });
  // Prometheus' endpoint, on a port of its own (docs/operations.md, "Metrics").
  const metricsPort = config.metricsPort;
  const metricsAt = metricsPort === null ? 'off (METRICS_PORT=off)' : `http://${hostForUrl(config.METRICS_HOST)}:${await app.get(MetricsServer).listen(metricsPort, config.METRICS_HOST)}/metrics`;

  const base = config.listenUrl;
  const database = location.isEmbedded ? `embedded PostgreSQL (data in ${config.DATA_DIR})` : 'DATABASE_URL';
  const lines = [
    '',
    `ScholarMatch is ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    `  App:      ${base}/`,
    `  Swagger:  ${base}/api/docs`,
    `  Health:   ${base}/api/v1/health`,
    `  Database: ${database}`,
    `  Metrics:  ${metricsAt}`,
    `  E-mail:   ${app.get(Mailer).destination}`,
    `  Essays:   ${app.get(EssayWriter).destination}`,
    `  Files:    ${app.get(FileStorage).destination}`,
    `  Traces:   ${tracing ? `OTLP to ${process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT}` : 'off (set OTEL_EXPORTER_OTLP_ENDPOINT)'}`,
    ...demoLogins(config, location),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function demoLogins(config: AppConfig, location: DatabaseLocation): string[] {
  if (!demoDataEnabled(config, location)) return [];
  return ['  Demo logins (local data only):', ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(9)} ${a.email} / ${a.password}`)];
}

main().catch((error: unknown) => {
  process.stderr.write(`ScholarMatch failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
