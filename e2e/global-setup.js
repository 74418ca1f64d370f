// Names this run's template database (TEST_DATABASE_TEMPLATE) when the specs use DATABASE_URL's
// server: the first spec builds it by running the migrations once, every spec's server then starts
// on a copy with nothing to migrate (docs/testing.md, "Databases"). global-teardown.js drops it.
import { randomBytes } from 'node:crypto';

export default function globalSetup() {
  if (!process.env.DATABASE_URL) return;
  process.env.TEST_DATABASE_TEMPLATE = `scholarmatch_e2e_tmpl_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}
