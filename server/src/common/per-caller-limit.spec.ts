import { type CallCounter, PerCallerLimit } from './per-caller-limit.js';

/** The shared store's behaviour in memory: a fixed window per key, on a clock the test moves. */
function counterAt(clock: { now: number }): CallCounter {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      let window = windows.get(key);
      if (!window || window.endsAt <= clock.now) window = { hits: 0, endsAt: clock.now + windowMs };
      window.hits++;
      windows.set(key, window);
      return { current: window.hits, ttl: window.endsAt - clock.now };
    },
  };
}

describe('PerCallerLimit', () => {
  it('allows max calls per person per window, counts people apart, and starts again after the window', async () => {
    const clock = { now: 1_000_000 };
    const limit = new PerCallerLimit(counterAt(clock), 3, 60 * 60_000, 'essay requests');
    for (let i = 0; i < 3; i++) await limit.take('ada');
    clock.now += 10;
    await expect(limit.take('ada')).rejects.toMatchObject({ statusCode: 429, description: 'You have used your 3 essay requests for now. Please try again in 60 minutes.' });
    await expect(limit.take('grace')).resolves.toBeUndefined();
    clock.now += 60 * 60_000;
    await expect(limit.take('ada')).resolves.toBeUndefined();
  });
});
