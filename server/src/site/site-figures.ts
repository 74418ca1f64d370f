import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SiteFigures } from '@scholarmatch/schemas';
import { AppConfig } from '../config/app-config.js';
import { servesApi } from '../config/process-role.js';
import { PublicEligibilityStats } from '../scholarships/public-eligibility-stats.js';

/** How often the figures are read again (one count over the open scholarships): a publication, or the demo catalogue seeded just after start, shows within a minute. */
const REFRESH_EVERY_MS = 60_000;

/**
 * The catalogue's figures for pre-rendered pages: open scholarships and their combined value, the
 * same numbers the public stats endpoint gives the browser. Kept in memory and refreshed in the
 * background, so serving a page never waits on the database.
 */
@Injectable()
export class SiteFiguresCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SiteFiguresCache.name);
  private figures: SiteFigures | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stats: PublicEligibilityStats,
    private readonly config: AppConfig,
  ) {}

  /** Unknown until the first read succeeds (pages then show a neutral mark, never a made-up number). */
  get current(): SiteFigures | undefined {
    return this.figures;
  }

  onApplicationBootstrap(): void {
    // A worker serves no pages (config/process-role.ts): nothing to keep fresh.
    if (!servesApi(this.config)) return;
    // Not awaited: the start does not wait on a marketing figure.
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_EVERY_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    try {
      this.figures = await this.stats.catalogue();
    } catch (error) {
      this.logger.warn({ event: 'site figures unavailable', reason: (error as Error).message });
    }
  }
}
