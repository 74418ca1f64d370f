/** Applies pending migrations to DATABASE_URL, or to the embedded PostgreSQL in DATA_DIR. */
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { dataSourceOptions, DatabaseLocation } from '../database/database.module.js';
import { ENTITIES } from '../entities.js';

const config = AppConfig.fromEnv();
const location = new DatabaseLocation(config);
const dataSource = new DataSource({ ...dataSourceOptions(await location.resolve(), 2, ENTITIES), migrationsRun: false });
try {
  await dataSource.initialize();
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  const names = applied.map((m) => `  ${m.name}`).join('\n');
  process.stdout.write(applied.length ? `applied ${applied.length} migration(s):\n${names}\n` : 'database is up to date\n');
} finally {
  if (dataSource.isInitialized) await dataSource.destroy();
  await location.stop();
}
