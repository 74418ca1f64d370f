import { AppConfig } from './config/app-config.js';
import { createApp } from './app.factory.js';
import { DatabaseLocation } from './database/database.module.js';

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = AppConfig.fromEnv();
  const location = new DatabaseLocation(config);
  const app = await createApp(config, location);
  await app.listen({ port: config.PORT, host: config.HOST });

  const base = `http://localhost:${config.PORT}`;
  const database = location.isEmbedded ? `embedded PostgreSQL (data in ${config.DATA_DIR})` : 'DATABASE_URL';
  const lines = [
    '',
    `ScholarMatch is ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    `  App:      ${base}/`,
    `  Swagger:  ${base}/api/docs`,
    `  Health:   ${base}/api/v1/health`,
    `  Database: ${database}`,
    '  Demo logins: none yet (accounts arrive with the accounts work); the forms are public.',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`ScholarMatch failed to start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
