import { PerCallerLimit } from './per-caller-limit.js';

describe('PerCallerLimit', () => {
  it('allows max calls per person per window, counts people apart, and starts again after the window', () => {
    const limit = new PerCallerLimit(3, 60 * 60_000, 'essay requests');
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) limit.take('ada', start + i);
    expect(() => limit.take('ada', start + 10)).toThrow(expect.objectContaining({ statusCode: 429, description: 'You have used your 3 essay requests for now. Please try again in 60 minutes.' }));
    expect(() => limit.take('grace', start + 10)).not.toThrow();
    expect(() => limit.take('ada', start + 60 * 60_000)).not.toThrow();
  });
});
