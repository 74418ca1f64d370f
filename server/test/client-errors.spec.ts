import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { startTestApp, type TestApp } from './test-app.js';

/** What came back on a raw connection, read until the server closed it. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Everything received, for failure messages. */
  raw: string;
}

const LOGIN = 'POST /api/v1/users/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';

/**
 * Malformed and stalled requests, sent as raw bytes to a listening server: Node's parser and
 * timers answer these before any route, and each answer must still be the API's error body
 * (docs/api.md) and close the connection.
 */
describe('answers before routing, over a raw connection', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Short deadlines so the stalls below are answered quickly (defaults: 30 s, 15 s, 10 min).
    t = await startTestApp({ HTTP_IDLE_TIMEOUT_MS: 400, HTTP_HEADERS_TIMEOUT_MS: 1000, HTTP_REQUEST_TIMEOUT_MS: 5000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Connects, writes the parts (`gapMs` apart), and reads until the server closes the connection. */
  function exchange(parts: string[], gapMs = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      let closed = false;
      // A hang is the failure being tested for: give up well before Jest does.
      const deadline = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no close within 10 s; received: ${JSON.stringify(Buffer.concat(received).toString())}`));
      }, 10_000);
      socket.on('connect', async () => {
        for (const part of parts) {
          if (closed) return;
          socket.write(part);
          if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
        }
      });
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('error', () => undefined); // a reset after the answer: what was received is judged
      socket.on('close', () => {
        closed = true;
        clearTimeout(deadline);
        resolve(Buffer.concat(received).toString('utf8'));
      });
    });
  }

  function parse(raw: string): RawAnswer {
    const split = raw.indexOf('\r\n\r\n');
    if (split < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(raw)}`);
    const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]);
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const text = raw.slice(split + 4);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* judged below */
    }
    return { status, headers, body, raw };
  }

  /** The answer is the error body with this status, said in a well-formed response that closes the connection. */
  async function expectErrorAnswer(parts: string[], status: number, gapMs = 0): Promise<RawAnswer> {
    const answer = parse(await exchange(parts, gapMs));
    expect({ status: answer.status, body: answer.body }).toEqual({
      status,
      body: { statusCode: status, error: expect.any(String), message: expect.any(String), description: expect.stringMatching(/\w+ \w+/) },
    });
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(answer.body)));
    // The API's security headers, as on every other answer.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    return answer;
  }

  it('a chunked body with a bad chunk size: 400 with a description', async () => {
    const answer = await expectErrorAnswer([`${LOGIN}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`], 400);
    expect((answer.body as { description: string }).description).toMatch(/chunked/);
  });

  it('two Content-Length headers: 400 with a description', async () => {
    await expectErrorAnswer([`${LOGIN}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`], 400);
  });

  it('Content-Length beside Transfer-Encoding (a request smuggling shape): 400 with a description', async () => {
    await expectErrorAnswer([`${LOGIN}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`], 400);
  });

  it('bytes that are not HTTP (a TLS hello on the plain port): 400 with a description', async () => {
    await expectErrorAnswer(['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'], 400);
  });

  it('headers larger than 16 KB: 431 with a description', async () => {
    const answer = await expectErrorAnswer([`GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`], 431);
    expect((answer.body as { description: string }).description).toMatch(/headers are too large/);
  });

  it('no Host header on HTTP/1.1: 400 with a description', async () => {
    await expectErrorAnswer(['GET /api/v1/health HTTP/1.1\r\n\r\n'], 400);
  });

  it('headers that stop arriving: 408 with a description', async () => {
    const answer = await expectErrorAnswer(['GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nAccept: appl'], 408);
    expect((answer.body as { description: string }).description).toMatch(/stopped waiting/);
  });

  it('headers that keep trickling past the headers deadline: 408 with a description', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `X-Trickle-${i}: ${i}\r\n`);
    await expectErrorAnswer(['GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n', ...lines, '\r\n'], 408, 100);
  });

  it('a body that stops arriving (11 of 100 bytes): 408 with a description, through the request answer', async () => {
    const answer = await expectErrorAnswer([`${LOGIN}Content-Length: 100\r\n\r\n{"userName"`], 408);
    expect((answer.body as { description: string }).description).toMatch(/stopped arriving/);
  });

  it('a connection that never sends a byte is closed without an answer', async () => {
    expect(await exchange([])).toBe('');
  });
});
