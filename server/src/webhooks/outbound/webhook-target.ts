import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Where a delivery goes: the URL, and the address it resolved to and was checked, which the connection then uses. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a URL may not be an endpoint (or may not be delivered to now): the owner sees the sentence. */
export class RefusedTarget extends Error {
  override readonly name = 'RefusedTarget';
}

export interface TargetPolicy {
  /** WEBHOOKS_ALLOW_LOOPBACK: loopback addresses allowed, over http too (development and tests only). */
  allowLoopback: boolean;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * The server-side request forgery rules of docs/webhooks.md, "Where endpoints may point": an https
 * URL without credentials whose host resolves only to public unicast addresses. ipaddr.js names the
 * range of each address; anything but `unicast` (private, loopback, link-local, unique-local,
 * carrier-grade NAT, multicast, reserved, documentation, 6to4, Teredo, NAT64...) is refused, and
 * an IPv4-mapped IPv6 address is judged as the IPv4 address it carries. Run at registration and
 * before every delivery; the delivery connects to the address checked here, so a second lookup
 * (DNS rebinding) cannot move it.
 */
export async function checkedTarget(raw: string, policy: TargetPolicy, resolve: Resolver = systemResolver): Promise<CheckedTarget> {
  const url = parsed(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = ipaddr.isValid(host) ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }] : await resolved(host, resolve);
  const ranges = addresses.map(({ address }) => rangeOf(address));
  const loopbackOnly = ranges.every((range) => range === 'loopback');
  for (const [index, range] of ranges.entries()) {
    if (range === 'unicast' || (range === 'loopback' && policy.allowLoopback)) continue;
    const named = host === addresses[index].address ? host : `${host} resolves to ${addresses[index].address}, which`;
    throw new RefusedTarget(`${named} is a ${words(range)} address: webhooks go to public addresses only.`);
  }
  if (url.protocol !== 'https:' && !(policy.allowLoopback && loopbackOnly)) throw new RefusedTarget('Webhook URLs must start with https://.');
  const { address, family } = addresses[0];
  return { url, address: ipaddr.process(address).toString(), family: ipaddr.process(address).kind() === 'ipv6' ? 6 : 4 };
}

function parsed(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget('This is not a web address; give one such as https://example.org/webhooks.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedTarget('Webhook URLs must start with https://.');
  if (url.username || url.password) throw new RefusedTarget('Webhook URLs cannot carry a user name or password; authenticate deliveries by their signature.');
  return url;
}

async function resolved(host: string, resolve: Resolver): Promise<{ address: string; family: number }[]> {
  let addresses: { address: string; family: number }[] = [];
  try {
    addresses = await resolve(host);
  } catch {
    // answered below: no address
  }
  if (!addresses.length) throw new RefusedTarget(`We could not find the address of ${host}.`);
  return addresses;
}

/** ipaddr.js's name of the address's range; an IPv4-mapped IPv6 address is judged as its IPv4 address. */
function rangeOf(address: string): string {
  return ipaddr.process(address).range();
}

const RANGE_WORDS: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
};

function words(range: string): string {
  return RANGE_WORDS[range] ?? `reserved (${range})`;
}
