import { vi } from 'vitest';
import { pino } from 'pino';
import { ContextLogger, PINO_REDACT_PATHS } from './context-logger.js';
import { requestIdFrom, runInRequestContext } from './request-context.js';

describe('log redaction and request context', () => {
  afterEach(() => vi.restoreAllMocks());

  const captureStdout = () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    return lines;
  };

  it('masks secret keys in the access log, at the top of a line and nested', () => {
    const lines: string[] = [];
    const log = pino({ redact: { paths: PINO_REDACT_PATHS, censor: '[redacted]' } }, { write: (line: string) => void lines.push(line) });
    log.info({ password: 'hunter2-top', body: { refreshToken: 'rt-nested', apiKey: 'smk_live_abc' }, err: { config: { authorization: 'Bearer deep' } }, statusCode: 200 }, 'request');
    const [line] = lines;
    for (const secret of ['hunter2-top', 'rt-nested', 'smk_live_abc', 'Bearer deep']) expect([secret, line.includes(secret)]).toEqual([secret, false]);
    expect(JSON.parse(line)).toMatchObject({ password: '[redacted]', body: { refreshToken: '[redacted]' }, statusCode: 200 });
  });

  it("writes the request's id and user on Nest's lines, as JSON and as text, and masks secret keys in logged objects", () => {
    const lines = captureStdout();
    const json = new ContextLogger({ json: true, logLevels: ['log'] });
    runInRequestContext({ requestId: 'req-42', userId: 'user-7' }, () => json.log({ note: 'hello', otp: '123456', cardNumber: '4242424242424242' }, 'Test'));
    json.log('outside a request', 'Test');
    const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ requestId: 'req-42', userId: 'user-7', context: 'Test' });
    expect(JSON.stringify(inside)).not.toContain('123456');
    expect(JSON.stringify(inside)).not.toContain('4242424242424242');
    expect(outside.requestId).toBeUndefined();

    lines.length = 0;
    const text = new ContextLogger({ json: false, logLevels: ['warn'] });
    runInRequestContext({ requestId: 'req-43' }, () => text.warn('slow answer', 'Test'));
    expect(lines.join('')).toContain('[request req-43] ');
  });

  it('keeps a sane X-Request-Id and generates one otherwise', () => {
    expect(requestIdFrom('a.B_c-9')).toBe('a.B_c-9');
    expect(requestIdFrom('x'.repeat(128))).toBe('x'.repeat(128));
    for (const bad of [undefined, '', 'x'.repeat(129), 'a b', 'a\nb', ['one', 'two']]) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);
  });
});
