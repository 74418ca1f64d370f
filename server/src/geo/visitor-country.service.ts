import { Injectable } from '@nestjs/common';

export const FALLBACK_COUNTRY = 'us';

interface GeoIpLookup {
  lookup(ip: string): { country?: string } | null;
}

/**
 * The visitor's country from their IP address, from geoip-lite's bundled database (no network).
 * Loaded on first use: the database takes memory and a moment to read, and most requests never
 * need it. Anything unknown (loopback, private ranges, lookups that fail) is 'us' (seed 000 s. 7).
 */
@Injectable()
export class VisitorCountryService {
  private geoip?: Promise<GeoIpLookup>;

  async countryOf(ip: string | undefined): Promise<string> {
    if (!ip) return FALLBACK_COUNTRY;
    try {
      this.geoip ??= import('geoip-lite').then((module) => (module.default ?? module) as GeoIpLookup);
      const country = (await this.geoip).lookup(ip)?.country;
      return country && /^[A-Z]{2}$/.test(country) ? country.toLowerCase() : FALLBACK_COUNTRY;
    } catch {
      return FALLBACK_COUNTRY;
    }
  }
}
