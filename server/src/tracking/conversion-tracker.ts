import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import type { Conversion } from './conversion.js';
import { ConversionsRepository } from './conversions.repository.js';

/** The lead's value, in cents of a dollar (0.05). */
export const LEAD_VALUE_CENTS = 5;
export const SALE_NOTE = 'Trial successful';

/** The port: stored always; forwarded to CONVERSION_TRACKER_URL when one is configured. */
export abstract class ConversionTracker {
  abstract track(conversion: Conversion): Promise<void>;
}

@Injectable()
export class StoredConversionTracker extends ConversionTracker {
  private readonly logger = new Logger('ConversionTracker');

  constructor(
    private readonly conversions: ConversionsRepository,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /** Never fails its caller: a lost conversion must not cost a sign-up or a membership. */
  async track(conversion: Conversion): Promise<void> {
    try {
      const id = await this.conversions.insertOnce(conversion);
      if (id && this.config.CONVERSION_TRACKER_URL) await this.forward(id, conversion);
    } catch (error) {
      this.logger.warn({ err: error, kind: conversion.kind }, 'conversion not recorded');
    }
  }

  private async forward(id: string, conversion: Conversion): Promise<void> {
    const response = await fetch(this.config.CONVERSION_TRACKER_URL!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: conversion.kind, amount: conversion.amountCents / 100, note: conversion.note, linkId: conversion.linkId, sourceId: conversion.sourceId, reference: conversion.dedupeKey }),
      signal: AbortSignal.timeout(5000),
    });
    if (response.ok) await this.conversions.markForwarded(id);
  }
}
