import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { drainBody } from './upload-part.js';

/** The rest of a refused upload's body: read and dropped up to a bound, then left unread. */
describe('drainBody', () => {
  const body = () => new PassThrough();
  const asRequest = (stream: PassThrough) => stream as unknown as IncomingMessage;

  it('reads a body that ends within the bound to its end', async () => {
    const stream = body();
    const drained = drainBody(asRequest(stream), 100, 5_000);
    stream.write(Buffer.alloc(60));
    stream.end(Buffer.alloc(40));
    expect(await drained).toBe(true);
  });

  it('stops past the bound and leaves the rest unread', async () => {
    const stream = body();
    const drained = drainBody(asRequest(stream), 100, 5_000);
    stream.write(Buffer.alloc(101));
    expect(await drained).toBe(false);
    expect(stream.isPaused()).toBe(true);
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('gives up on a body that stops coming', async () => {
    const stream = body();
    stream.write(Buffer.alloc(10));
    expect(await drainBody(asRequest(stream), 100, 50)).toBe(false);
  });

  it('answers at once for a body already read or a request already gone', async () => {
    const ended = body();
    ended.end();
    ended.resume();
    await new Promise((resolve) => ended.once('end', resolve));
    expect(await drainBody(asRequest(ended), 100, 5_000)).toBe(true);
    const gone = body();
    gone.destroy();
    expect(await drainBody(asRequest(gone), 100, 5_000)).toBe(false);
  });
});
