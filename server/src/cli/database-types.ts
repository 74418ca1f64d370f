/**
 * `npm run db:types`: migrates a fresh, empty database on the server of DATABASE_URL (or of the
 * embedded PostgreSQL) and writes server/src/database/database-types.ts from its catalogue
 * (docs/architecture.md, "Data access"). With `--check` it writes nothing and fails when the
 * committed file differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AppConfig } from '../config/app-config.js';
import { DatabaseLocation } from '../database/database.module.js';
import { typesOfFreshDatabase } from '../database/fresh-database-types.js';

/** Run from the build (server/dist/server/src/cli/), it writes into the sources. */
const TARGET = fileURLToPath(new URL('../../../../src/database/database-types.ts', import.meta.url));

const location = new DatabaseLocation(AppConfig.fromEnv());
try {
  const text = await typesOfFreshDatabase(await location.resolve());
  if (process.argv.includes('--check')) {
    const committed = await readFile(TARGET, 'utf8').catch(() => '');
    if (committed !== text) {
      process.stderr.write(`${TARGET} is not what the migrations give: run npm run db:types\n`);
      process.exitCode = 1;
    }
  } else {
    await writeFile(TARGET, text);
    process.stdout.write(`wrote ${TARGET}\n`);
  }
} finally {
  await location.stop();
}
