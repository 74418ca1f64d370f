import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { messageOf } from '../../common/error-message.js';
import { AppConfig } from '../../config/app-config.js';
import { DatabaseLocation } from '../../database/database.module.js';
import { NotificationListener } from '../../database/notification-listener.js';
import { JobQueue } from '../../jobs/job-queue.js';
import { Mailer } from '../../mail/mailer.js';
import { WebhookAttempts } from './webhook-attempts.js';
import { type AttemptRecord, WEBHOOK_DELIVERIES_CHANNEL, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { Metrics } from '../../metrics/metrics.js';
import { runsBackgroundWork } from '../../config/process-role.js';

export const WEBHOOK_DELIVERY_QUEUE = 'deliver-webhooks';
/** Deliveries claimed per round; a run goes on until none is due. */
const BATCH = 200;
/** POSTs in flight at once in one instance. */
const PARALLEL = 32;
/** How long a claim holds (past the slowest attempt, 5 s by default): an instance that dies mid-round gives its deliveries back after it. */
const LEASE_SECONDS = 60;
/** A retry due within this long is waited for in the same run; a later one gets a job of its own. */
const WAIT_IN_RUN_MS = 2000;
/** Notifications within this long of each other queue one job: a stream of submissions is one run every quarter second, not one each (the write path shares the CPU with the deliveries). */
const COALESCE_MS = 250;

/**
 * Delivers the outbox (docs/webhooks.md, "Delivery and retries"): claims due deliveries (every instance its
 * own, SKIP LOCKED), POSTs them 32 at a time, records each attempt with the delivery's next state
 * in one statement, then disables an endpoint whose delivery failed for good with no success
 * since it was queued, and e-mails its owner. Queued by the NOTIFY a cause's commit sends, by
 * itself for the next retry due, and every minute as a safety net.
 */
@Injectable()
export class WebhookDeliveryJob implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  /** The job about to be queued for the notifications of the last few milliseconds. */
  private coalescing?: NodeJS.Timeout;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly attempts: WebhookAttempts,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    if (this.config.WEBHOOKS_ALLOW_LOOPBACK) this.logger.warn('WEBHOOKS_ALLOW_LOOPBACK is on: webhooks may go to loopback addresses over http (development and tests only)');
    this.jobs.register(WEBHOOK_DELIVERY_QUEUE, async () => void (await this.run()), { cron: '* * * * *', retryLimit: 5, retryDelaySeconds: 5 });
  }

  /** Delivers what is due; answers how many attempts were made. */
  async run(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const batch = await this.deliveries.claimDue(BATCH, LEASE_SECONDS);
      if (batch.length) {
        const records = await inParallel(batch, PARALLEL, (delivery) => this.attempts.scheduled(delivery));
        await this.deliveries.recordAttempts(records);
        // Each attempt once recorded: delivered, or failed (to be retried, or for good).
        for (const record of records) this.metrics.webhookDeliveries.inc({ outcome: record.state === 'delivered' ? 'delivered' : 'failed' });
        await this.disableFailing(records, new Map(batch.map((delivery) => [delivery.deliveryId, delivery.deliveryCreatedAt])));
        attempted += records.length;
        continue;
      }
      const wait = await this.deliveries.secondsToNextDue();
      if (wait === null) return attempted;
      if (wait * 1000 > WAIT_IN_RUN_MS) {
        if (wait < 60) await this.jobs.send(WEBHOOK_DELIVERY_QUEUE, {}, { startAfterSeconds: Math.ceil(wait) }).catch((error: unknown) => this.logger.warn(messageOf(error)));
        return attempted;
      }
      await sleep(Math.max(10, wait * 1000));
    }
  }

  /** Queues a run, one for every burst of notifications. */
  queue(): void {
    if (this.coalescing) return;
    this.coalescing = setTimeout(() => {
      this.coalescing = undefined;
      void this.jobs.nudge(WEBHOOK_DELIVERY_QUEUE, this.logger);
    }, COALESCE_MS);
    this.coalescing.unref();
  }

  /** Endpoints whose delivery failed for good and that have not succeeded since it was queued: disabled, their owner told once. */
  private async disableFailing(records: AttemptRecord[], queuedAt: Map<string, Date>): Promise<void> {
    for (const record of records.filter((r) => r.state === 'failed')) {
      const reason = `Every delivery failed for 3 days; the last answer: ${record.error ?? 'none'}`.slice(0, 300);
      const disabled = await this.endpoints.disableIfFailingSince(record.endpointId, queuedAt.get(record.deliveryId)!, reason);
      if (!disabled) continue;
      await this.mailer
        .send({
          to: disabled.email,
          subject: 'Your ScholarMatch webhook endpoint was disabled',
          text:
            `We could not deliver events to ${disabled.url} for 3 days, so we have stopped sending to it.\n\n` +
            `The last attempt: ${record.error ?? 'no answer'}\n\n` +
            'Fix the endpoint, then enable it again in the studio (Settings, Webhooks): deliveries still within their 3 days are sent again then, and its delivery log shows every attempt.',
        })
        .catch((error: unknown) => this.logger.warn(`could not tell ${disabled.email} that a webhook endpoint was disabled: ${messageOf(error)}`));
    }
  }
}

/** Runs `work` on every item, at most `limit` at a time; answers in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Queues the delivery job when a cause commits with deliveries (and on every (re)connect, for what was missed). */
@Injectable()
export class WebhookDeliveryListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener: NotificationListener;

  constructor(
    location: DatabaseLocation,
    job: WebhookDeliveryJob,
    private readonly config: AppConfig,
  ) {
    const queue = () => job.queue();
    this.listener = new NotificationListener(location, WEBHOOK_DELIVERIES_CHANNEL, new Logger(WebhookDeliveryListener.name), { onNotification: queue, onConnected: queue });
  }

  async onApplicationBootstrap(): Promise<void> {
    // It only wakes the workers: in a `web` process there are none (config/process-role.ts).
    if (runsBackgroundWork(this.config)) await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }
}
