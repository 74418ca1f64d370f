import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  const embedded = globalThis.__EMBEDDED_TEST_PG__;
  if (!embedded) return;
  await embedded.server.stop();
  await rm(embedded.dir, { recursive: true, force: true });
}
