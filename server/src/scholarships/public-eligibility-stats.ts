import { normalizeIP } from '@fastify/rate-limit';
import { Injectable } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { LRUCache } from 'lru-cache';
import { RateLimitCountersRepository } from '../auth/rate-limit-counters.repository.js';
import { ApiError } from '../common/error-body.js';
import { PerCallerLimit } from '../common/per-caller-limit.js';
import { AppConfig } from '../config/app-config.js';
import { FormsService } from '../forms/forms.service.js';
import { EligibilityCounts } from '../matching/eligibility-counts.js';

export interface EligibilityStats {
  /** Open scholarships no given answer rules out. */
  counts: number;
  /** Their combined value, whole USD. */
  totalValue: number;
}

/**
 * The filter keys: the original `field.{fieldId}`, or `field.{fieldKey}` (the name every served form
 * uses; the date of birth, an account field, is in no public list of ids).
 */
const FILTER_KEY = /^field\.(?:(\d{1,9})|([A-Za-z][A-Za-z0-9_]{0,63}))$/;

/** Characters of JSON a teaser's answers may take. */
const MAX_FILTERS_LENGTH = 4_000;

/**
 * Public eligibility stats (GET and POST scholarships/eligible-scholarships/stats). Anyone may
 * ask, so answers are cached for ten minutes by their exact filters (a teaser may lag a new
 * publication by that much): the teaser's few inputs repeat across visitors, and a burst of
 * identical requests costs one query (docs/matching.md). Answer sets not cached yet are counted
 * per client IP (TEASER_COUNTS_PER_MINUTE): each is a scan of the rules, and varying the answers
 * would otherwise pass the cache; cached ones cost nothing and are not counted.
 */
@Injectable()
export class PublicEligibilityStats {
  private readonly cache = new LRUCache<string, Promise<EligibilityStats>>({ max: 5_000, ttl: 10 * 60_000 });
  private readonly uncachedPerClient: PerCallerLimit;

  constructor(
    private readonly counts: EligibilityCounts,
    private readonly forms: FormsService,
    config: AppConfig,
    counters: RateLimitCountersRepository,
  ) {
    this.uncachedPerClient = new PerCallerLimit(counters, config.TEASER_COUNTS_PER_MINUTE, 60_000, 'eligibility counts');
  }

  /** `clientIp`: whose count an answer set not cached yet is (absent: not counted, for the server's own reads). */
  async stats(filters?: Record<string, unknown> | null, clientIp?: string): Promise<EligibilityStats> {
    const answers = await this.answersByKey(filters ?? {});
    const today = todayIso();
    const key = `${today}|${JSON.stringify(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)))}`;
    let pending = this.cache.get(key);
    if (!pending) {
      // The address as the per-IP limits key it (IPv6 by its /64).
      if (clientIp !== undefined) await this.uncachedPerClient.take(`ip:${normalizeIP(clientIp)}`);
      // Another request may have started it meanwhile.
      pending = this.cache.get(key) ?? this.count(key, answers, today);
    }
    return pending;
  }

  private count(key: string, answers: Record<string, unknown>, today: string): Promise<EligibilityStats> {
    const pending = this.counts.openScholarshipsNotRuledOut(answers, today);
    this.cache.set(key, pending);
    pending.catch(() => this.cache.delete(key));
    return pending;
  }

  /** Every open scholarship and their value, read now: the public site's figures, which keep their own cache (src/site/). */
  async catalogue(): Promise<EligibilityStats> {
    return this.counts.openScholarshipsNotRuledOut({}, todayIso());
  }

  /**
   * `field.{id}` and `field.{key}` keys to field keys; fields that no longer exist are ignored (a
   * stale browser draft). Both spellings of one field make one cache entry.
   */
  private async answersByKey(filters: Record<string, unknown>): Promise<Record<string, unknown>> {
    // The answers become a cache key: a teaser sends three short ones.
    if (JSON.stringify(filters).length > MAX_FILTERS_LENGTH) throw new ApiError(400, 'eligiblityFilters is too large for a profile teaser.');
    const fields = await this.forms.fieldsById();
    const answers: Record<string, unknown> = {};
    for (const [name, answer] of Object.entries(filters)) {
      const match = FILTER_KEY.exec(name);
      if (!match) throw new ApiError(400, `eligiblityFilters keys are 'field.{fieldId}' or 'field.{fieldKey}'; '${name.slice(0, 40)}' is not.`);
      const [, id, key] = match;
      const field = id !== undefined ? fields.get(Number(id)) : [...fields.values()].find((candidate) => candidate.key === key);
      if (field && field.active !== false) answers[field.key] = answer;
    }
    return answers;
  }
}
