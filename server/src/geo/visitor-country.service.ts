import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';

export const FALLBACK_COUNTRY = 'us';

interface GeoIpLookup {
  lookup(ip: string): { country?: string } | null;
}

/**
 * The visitor's country from their IP address, from geoip-lite's bundled database (no network).
 * Reading the database blocks the process for about 170 ms, so it is loaded as the server starts
 * rather than inside the first visitor's request (which would stall every request in flight).
 * Tests skip the preload; they load it on first use. Anything unknown (loopback, private ranges,
 * lookups that fail) is 'us' (as in the original product).
 */
@Injectable()
export class VisitorCountryService implements OnApplicationBootstrap {
  private geoip?: Promise<GeoIpLookup>;

  constructor(private readonly config?: AppConfig) {}

  onApplicationBootstrap(): void {
    if (this.config?.NODE_ENV === 'test') return;
    this.load().catch(() => undefined);
  }

  private load(): Promise<GeoIpLookup> {
    this.geoip ??= import('geoip-lite').then((module) => (module.default ?? module) as GeoIpLookup);
    return this.geoip;
  }

  async countryOf(ip: string | undefined): Promise<string> {
    if (!ip) return FALLBACK_COUNTRY;
    try {
      const country = (await this.load()).lookup(ip)?.country;
      return country && /^[A-Z]{2}$/.test(country) ? country.toLowerCase() : FALLBACK_COUNTRY;
    } catch {
      return FALLBACK_COUNTRY;
    }
  }
}
