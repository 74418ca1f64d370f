import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Metrics, secondsSince } from './metrics.js';

/**
 * Times every repository method for scholarmatch_db_query_duration_seconds {repository, method}.
 * SQL lives only in repositories (docs/architecture.md, "Rules the build checks"), and they run it
 * through several paths (Kysely's builder, `sql` templates, prepared `Statement`s, TypeORM for a
 * few writes): the repository method is the one place every statement passes, and its class and
 * method names are a fixed set. So each asynchronous method of each `*Repository` provider is
 * wrapped, on its instance, at start: the time includes every statement the method runs and its
 * wait for a pool client. A `transaction(...)` method is timed as a whole.
 *
 * Off with the metrics (METRICS_PORT=off): nothing is wrapped.
 */
@Injectable()
export class RepositoryTiming implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    if (!this.metrics.enabled) return;
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      const type = wrapper.metatype;
      // Our repository classes; TypeORM's generic `Repository` (injected entity repositories) is not one.
      if (!instance || typeof instance !== 'object' || typeof type !== 'function' || seen.has(instance)) continue;
      if (!/.Repository$/.test(type.name) || instance.constructor !== type) continue;
      seen.add(instance);
      timeMethods(instance as Record<string, unknown>, type.name, this.metrics);
    }
  }
}

/** The methods of `instance`'s classes (not Object's), each wrapped on the instance itself (bench/metrics-cost.ts times the wrapper). */
export function timeMethods(instance: Record<string, unknown>, repository: string, metrics: Metrics): void {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(instance) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (name !== 'constructor' && typeof descriptor?.value === 'function') names.add(name);
    }
  }
  for (const method of names) {
    const original = instance[method] as (...args: unknown[]) => unknown;
    // The child's label values are fixed here, once.
    const histogram = metrics.queryDuration.labels({ repository, method });
    instance[method] = function timed(this: unknown, ...args: unknown[]): unknown {
      const start = process.hrtime.bigint();
      const result = original.apply(this, args);
      // Only promises are statements; a synchronous helper is not timed.
      if (result instanceof Promise) {
        const done = () => histogram.observe(secondsSince(start));
        result.then(done, done);
      }
      return result;
    };
  }
}
