/**
 * A slow-loris attacker, run as a process of its own by slow-clients.fault.ts (so that its timers
 * do not share an event loop with the requests being measured):
 *
 *   node --import tsx faults/slow-loris.ts <port> <sockets> <durationMs> <trickleMs>
 *
 * Keeps `sockets` connections open to the server for `durationMs`, half of each kind below (a
 * connection that sends part of a request and then nothing is slow-clients.fault.ts's first test),
 * opening a new one whenever the server closes one. Prints `ready` once the first ones are
 * connected (over the first second), then, at the end, one JSON line: every connection's kind, when it opened and closed,
 * who closed it and what the server answered.
 */
import net from 'node:net';

export type LorisKind = 'trickled-headers' | 'trickled-body';

export interface LorisSocket {
  kind: LorisKind;
  /** Milliseconds since the attack began. */
  openedMs: number;
  closedMs: number;
  /** 'server': it closed (or reset) the connection; 'attacker': still open when the attack ended. */
  closedBy: 'server' | 'attacker';
  /** The status of the server's answer, if any. */
  status: number | null;
  /** The answer was the error body with a description. */
  described: boolean;
}

export const LORIS_KINDS: LorisKind[] = ['trickled-headers', 'trickled-body'];

/** The first connections open over this long. */
const OPENING_SPREAD_MS = 1000;

/** What each kind sends first: part of the headers, or all of them with a long body promised. */
const OPENING: Record<LorisKind, string> = {
  // Headers one short line at a time, never the blank line that ends them.
  'trickled-headers': 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow-loris\r\n',
  // Whole headers promising 100 kB of body, then 10 bytes at a time.
  'trickled-body': 'POST /api/v1/forms/registration/validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"data":{"x":"',
};

const trickle = (kind: LorisKind, n: number): string => (kind === 'trickled-headers' ? `X-Loris-${n}: ${n}\r\n` : 'aaaaaaaaaa');

function judge(received: string): Pick<LorisSocket, 'status' | 'described'> {
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(received);
  let described = false;
  try {
    const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { description?: unknown };
    described = typeof body.description === 'string' && body.description.length > 0;
  } catch {
    /* no JSON body */
  }
  return { status: status ? Number(status[1]) : null, described };
}

async function main(): Promise<void> {
  const [port, sockets, durationMs, trickleMs] = process.argv.slice(2).map(Number);
  const start = performance.now();
  const now = () => Math.round(performance.now() - start);
  const records: LorisSocket[] = [];
  const open = new Set<net.Socket>();
  let stopping = false;

  const attack = (kind: LorisKind): Promise<void> =>
    new Promise((connected) => {
      const openedMs = now();
      const socket = net.connect(port, '127.0.0.1');
      open.add(socket);
      const received: Buffer[] = [];
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(OPENING[kind]);
        let n = 0;
        timer = setInterval(() => socket.write(trickle(kind, n++)), trickleMs);
        connected();
      });
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('error', () => connected());
      socket.on('close', () => {
        clearInterval(timer);
        open.delete(socket);
        records.push({ kind, openedMs, closedMs: now(), closedBy: stopping ? 'attacker' : 'server', ...judge(Buffer.concat(received).toString('latin1')) });
        // Keep the pressure on: a new connection in its place, at the next tick (as slowloris.py
        // does on each round).
        if (!stopping) setTimeout(() => stopping || void attack(kind), trickleMs);
      });
    });

  // Opened over the first second, as connections from many clients would be (all at once, each
  // kind's connections would also time out together, in bursts).
  await Promise.all(
    Array.from({ length: sockets }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * OPENING_SPREAD_MS) / sockets));
      await attack(LORIS_KINDS[i % LORIS_KINDS.length]);
    }),
  );
  process.stdout.write('ready\n');
  await new Promise((resolve) => setTimeout(resolve, durationMs - now()));
  stopping = true;
  const closing = [...open].map((socket) => new Promise((resolve) => socket.once('close', resolve)));
  for (const socket of open) socket.destroy();
  await Promise.all(closing);
  process.stdout.write(`${JSON.stringify(records)}\n`);
}

// Only when run as a script (the fault test imports the types and kinds).
if (process.argv[1]?.endsWith('slow-loris.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
}
