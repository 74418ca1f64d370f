import { KeyRateLimit } from './key-rate-limit.js';
import type { CallCounter } from './per-caller-limit.js';

/** The shared store in memory (one window per key), counting the statements it is sent. */
function sharedCounter(): CallCounter & { statements: number } {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const counter = {
    statements: 0,
    async hit(key: string, windowMs: number, hits = 1) {
      counter.statements++;
      let window = windows.get(key);
      if (!window || window.endsAt <= Date.now()) window = { hits: 0, endsAt: Date.now() + windowMs };
      window.hits += hits;
      windows.set(key, window);
      return { current: window.hits, ttl: window.endsAt - Date.now() };
    },
  };
  return counter;
}

const reply = () => {
  const headers: Record<string, string | number> = {};
  return { headers, header: (name: string, value: string | number) => void (headers[name] = value) };
};

describe('KeyRateLimit', () => {
  it('holds the limit across replicas that count locally, and refuses past it with 429 and the RateLimit headers', async () => {
    const counter = sharedCounter();
    const replicas = [new KeyRateLimit(counter, 100), new KeyRateLimit(counter, 100)];
    let allowed = 0;
    let last = reply();
    for (let i = 0; i < 150; i++) {
      last = reply();
      const ok = await replicas[i % 2].take('key-1', last).then(() => true, (error: { statusCode: number }) => (expect(error.statusCode).toBe(429), false));
      if (ok) allowed++;
    }
    expect(allowed).toBe(100);
    expect(last.headers).toMatchObject({ 'RateLimit-Limit': 100, 'RateLimit-Remaining': 0, 'Retry-After': expect.any(Number) });
    // Far fewer statements than requests while far from the limit.
    expect(counter.statements).toBeLessThan(150);
    const other = reply();
    await replicas[0].take('key-2', other);
    expect(other.headers).toMatchObject({ 'RateLimit-Limit': 100, 'RateLimit-Remaining': 99 });
  });
});
