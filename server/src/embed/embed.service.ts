import { Injectable } from '@nestjs/common';
import { formatDate, formatUsd, labelsFrom, parseIsoDate, ruleInWords, todayIso, type FieldDefinition } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { AppConfig } from '../config/app-config.js';
import { FormsService } from '../forms/forms.service.js';
import { totalAmountOf } from '../scholarships/scholarship.entity.js';
import { ProviderAccountsService } from '../studio/provider-accounts.service.js';
import type { EmbedSettingsDto } from './dto/embed.dto.js';
import { cardContentSecurityPolicy, renderEmbedCard, renderMissingCard, type EmbedCardView } from './embed-card.js';
import { embedOriginsOf, frameAncestorsOf, isLoopbackHost } from './embed-origins.js';
import { EmbedRepository, type EmbedCardRow } from './embed.repository.js';

/** A card page as served: its status, HTML and the policy naming who may frame it. */
export interface CardPage {
  status: 200 | 404;
  html: string;
  contentSecurityPolicy: string;
  /** Whether any site may frame it (else X-Frame-Options DENY agrees with frame-ancestors 'none'). */
  framable: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The query an Apply link adds, which the app keeps until the application (docs/embedding.md, "Counting"). */
export const EMBED_REFERRAL = 'embed';

/** The embeddable card and the organisation's embed settings (docs/embedding.md). */
@Injectable()
export class EmbedService {
  private readonly loopbackAllowed: boolean;

  constructor(
    private readonly repository: EmbedRepository,
    private readonly forms: FormsService,
    private readonly config: AppConfig,
  ) {
    // A production server on a public address takes https sites only; during development, or a
    // production build run on this machine (as the browser tests do), a localhost page may frame it.
    this.loopbackAllowed = config.NODE_ENV !== 'production' || isLoopbackHost(new URL(config.publicUrl).hostname);
  }

  get loaderUrl(): string {
    return `${this.config.publicUrl}/embed.js`;
  }

  /** The card of a published scholarship; any other id is the 404 card, framable by its organisation's sites when it has one. */
  async card(id: string): Promise<CardPage> {
    const row = UUID.test(id) ? await this.repository.card(id.toLowerCase()) : undefined;
    const origins = row?.embed_origins ?? [];
    const contentSecurityPolicy = cardContentSecurityPolicy(frameAncestorsOf(origins));
    const framable = origins.length > 0;
    if (!row || row.status !== 'published' || !row.slug) return { status: 404, html: renderMissingCard(), contentSecurityPolicy, framable };
    return { status: 200, html: renderEmbedCard(await this.viewOf(row)), contentSecurityPolicy, framable };
  }

  async settings(caller: Caller): Promise<EmbedSettingsDto> {
    const [origins, scholarships] = await Promise.all([this.repository.origins(caller.id), this.repository.embeddable(caller.id)]);
    return {
      origins,
      loaderUrl: this.loaderUrl,
      scholarships: scholarships.map((row) => ({ id: row.id, title: row.title, status: row.status, snippet: this.snippetOf(row.id), embedApplications: row.embed_applications })),
    };
  }

  async saveOrigins(caller: Caller, values: string[]): Promise<EmbedSettingsDto> {
    await this.repository.saveOrigins(caller.id, embedOriginsOf(values, this.loopbackAllowed));
    return this.settings(caller);
  }

  /** The HTML a sponsor pastes: a placeholder the loader fills, and the loader. */
  snippetOf(scholarshipId: string): string {
    return `<div data-scholarmatch-scholarship="${scholarshipId}"></div>\n<script async src="${this.loaderUrl}"></script>`;
  }

  private async viewOf(row: EmbedCardRow): Promise<EmbedCardView> {
    const [first] = row.amounts;
    const perAward = first !== undefined && row.amounts.every((amount) => amount === first) ? first : undefined;
    return {
      title: row.title,
      sponsor: ProviderAccountsService.nameOf(row.organisation ?? {}) ?? (row.provider_name || null),
      amount: { label: perAward !== undefined ? 'Amount per award' : 'Total amount', value: formatUsd(perAward ?? totalAmountOf(row)) },
      deadline: deadlineInWords(row.deadline),
      open: !row.deadline || row.deadline >= todayIso(),
      eligibility: await this.eligibilityInWords(row),
      requirements: row.requirements.map((requirement) => (requirement.optional ? `${requirement.title} (optional)` : requirement.title)),
      applyUrl: `${this.config.publicUrl}/scholarships/${encodeURIComponent(row.slug!)}?ref=${EMBED_REFERRAL}&s=${row.id}`,
    };
  }

  /** Each rule in the words of the applicant's "Why you match" (ruleInWords), with the options' labels. */
  private async eligibilityInWords(row: EmbedCardRow): Promise<string[]> {
    const byKey = new Map<string, FieldDefinition>();
    for (const field of (await this.forms.fieldsById()).values()) if (field.active !== false) byKey.set(field.key, field);
    return row.criteria.map((rule) => {
      const field = byKey.get(rule.fieldKey);
      const options = field?.options ? Object.fromEntries(field.options.map((option) => [option.value, option.label])) : undefined;
      return ruleInWords({ fieldName: field?.name ?? rule.fieldKey, operator: rule.operator, value: rule.value }, labelsFrom(options));
    });
  }
}

/** 'June 30, 2027' as the product's cards write a deadline, or 'No deadline'. */
function deadlineInWords(deadline: string | null): string {
  const date = deadline ? parseIsoDate(deadline) : undefined;
  return date ? formatDate(new Date(Date.UTC(date.year, date.month - 1, date.day)), 'monthFirst', 'UTC') : 'No deadline';
}
