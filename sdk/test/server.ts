/**
 * The real server for the SDK's tests: the app in-process on a fresh database copied from the run's
 * template (server/test/test-app.ts), listening on a free loopback port so the SDK talks plain HTTP
 * to it as an integrator's code would.
 */
import type { AddressInfo } from 'node:net';
import { createDatabaseBeside, fetchApi, type ApiCall } from '@scholarmatch/testkit';
import { startTestAppOn, type TestApp } from '../../server/test/test-app.js';

export interface ListeningServer {
  baseUrl: string;
  /** The test kit's JSON calls, for building data (docs/testing.md, "Building data"). */
  call: ApiCall;
  app: TestApp;
  close(): Promise<void>;
}

export async function startListeningServer(): Promise<ListeningServer> {
  // An empty database the app migrates as it starts: for one start that is quicker than building the
  // run's template first (docs/testing.md, "Databases").
  const database = await createDatabaseBeside(process.env.TEST_DATABASE_ADMIN_URL!, 'scholarmatch_sdk');
  // Demo data for its admin (who makes members); a generous login limit, every call coming from 127.0.0.1.
  const app = await startTestAppOn(database.url, { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
  await app.app.listen(0, '127.0.0.1');
  const { port } = app.app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    call: fetchApi(baseUrl),
    app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
