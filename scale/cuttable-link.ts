import net from 'node:net';
import { freePort } from '@scholarmatch/testkit';

/**
 * A TCP relay between one replica and PostgreSQL that the test can cut and restore, so only that
 * replica loses its database (docs/scaling.md, "What the scale-out suite proves"). Cut: it stops
 * accepting (new connections are refused) and resets every relayed connection, as a network
 * failure between that replica and the database would.
 */
export interface CuttableLink {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  url(databaseUrl: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /** Connections relayed right now. */
  readonly open: number;
  stop(): Promise<void>;
}

export async function startCuttableLink(databaseUrl: string): Promise<CuttableLink> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const port = await freePort();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) socket.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A reset, not a polite close: the replica's side sees the connection fail, as on a network cut.
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    await closed;
  };
  await listen();
  let listening = true;
  return {
    url: (url) => {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString();
    },
    cut: async () => {
      if (!listening) return;
      listening = false;
      await close();
    },
    restore: async () => {
      if (listening) return;
      await listen();
      listening = true;
    },
    get open() {
      return pairs.size;
    },
    stop: async () => {
      if (listening) await close();
      listening = false;
    },
  };
}
