import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from './metrics.js';
import { MetricsRepository } from './metrics.repository.js';
import { MetricsServer } from './metrics-server.js';
import { RepositoryTiming } from './repository-timing.js';
import { ScrapeGauges } from './scrape-gauges.js';

/**
 * Prometheus metrics (docs/operations.md, "Metrics"): the registry every module counts into
 * (`Metrics`), the gauges read at scrape time, the repositories' timing and the /metrics server,
 * which main.ts starts on METRICS_PORT (the in-process test applications do not listen).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    { provide: Metrics, inject: [AppConfig], useFactory: (config: AppConfig) => new Metrics(config.metricsPort !== null) },
    MetricsRepository,
    ScrapeGauges,
    RepositoryTiming,
    MetricsServer,
  ],
  exports: [Metrics, MetricsServer],
})
export class MetricsModule {}
