import { nextAttemptAt } from './webhook-attempts.js';
import { checkedTarget, type Resolver } from './webhook-target.js';

const publicOnly = { allowLoopback: false };
const resolvingTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('where webhooks may point (docs/webhooks.md)', () => {
  it('accepts https to a public address, and connects to the address it checked', async () => {
    const target = await checkedTarget('https://hooks.example.org/in', publicOnly, resolvingTo('93.184.216.34'));
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(target.url.href).toBe('https://hooks.example.org/in');
  });

  it('refuses a name resolving to loopback when loopback is not allowed (localhost, with the system resolver)', async () => {
    await expect(checkedTarget('https://localhost/in', publicOnly)).rejects.toThrow(/localhost resolves to .*loopback/);
  });

  it('refuses a name if any of its addresses is private (a rebinding answer among public ones)', async () => {
    await expect(checkedTarget('https://mixed.example.org/', publicOnly, resolvingTo('93.184.216.34', '10.0.0.7'))).rejects.toThrow('10.0.0.7, which is a private address');
  });

  it.each([
    ['https://127.0.0.1/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://192.168.1.1/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://[64:ff9b::a00:1]/', 'reserved'],
  ])('refuses %s (%s)', async (url, words) => {
    await expect(checkedTarget(url, publicOnly, resolvingTo())).rejects.toThrow(words);
  });

  it('allows loopback over http only with the setting, and https still elsewhere', async () => {
    await expect(checkedTarget('http://127.0.0.1:4000/in', { allowLoopback: true })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(checkedTarget('http://hooks.example.org/in', { allowLoopback: true }, resolvingTo('93.184.216.34'))).rejects.toThrow('https://');
    await expect(checkedTarget('https://nowhere.invalid/', publicOnly, async () => [])).rejects.toThrow('could not find the address of nowhere.invalid');
  });
});

describe('the retry schedule', () => {
  it('doubles from the base, waits at most 6 hours, and stops 3 days after the event', () => {
    const created = new Date('2026-11-28T00:00:00Z');
    const delays: number[] = [];
    let now = created;
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptAt(attempt, created, now, { baseMs: 30_000, maxMs: 6 * 3_600_000, windowSeconds: 3 * 86_400 });
      if (!next) break;
      delays.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(delays.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...delays)).toBe(6 * 3600);
    expect((now.getTime() - created.getTime()) / 3600_000).toBeGreaterThan(66);
    expect(delays.length).toBeLessThan(25);
  });
});
