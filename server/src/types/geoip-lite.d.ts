/** The part of geoip-lite (which ships no types) this project uses. */
declare module 'geoip-lite' {
  export function lookup(ip: string): { country?: string; region?: string; city?: string } | null;
}
