import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations/index.js';
import { AppConfig } from '../config/app-config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';

/**
 * The TypeORM entities to register. The features own them; the app module (or the CLI) hands
 * them in (server/src/entities.ts), so that database/ builds on no feature module
 * (docs/architecture.md, "Rules the build checks").
 */
export type EntityList = NonNullable<DataSourceOptions['entities']>;

/** The database URL in use: DATABASE_URL, or an embedded PostgreSQL started on first use. */
export class DatabaseLocation {
  private embedded?: EmbeddedDatabase;
  private url?: Promise<string>;

  constructor(private readonly config: AppConfig) {}

  resolve(): Promise<string> {
    this.url ??= this.config.DATABASE_URL ? Promise.resolve(this.config.DATABASE_URL) : this.startEmbedded();
    return this.url;
  }

  get isEmbedded(): boolean {
    return !this.config.DATABASE_URL;
  }

  private async startEmbedded(): Promise<string> {
    this.embedded = await startEmbeddedPostgres({
      dataDir: this.config.DATA_DIR,
      port: this.config.EMBEDDED_PG_PORT,
      database: 'scholarmatch',
    });
    return this.embedded.url;
  }

  async stop(): Promise<void> {
    await this.embedded?.stop();
  }
}

export function dataSourceOptions(url: string, poolSize: number, entities: EntityList): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: {
      max: poolSize,
      // Fail fast instead of hanging when the database is unreachable; the client gets a 503.
      connectionTimeoutMillis: 5000,
      statement_timeout: 15000,
    },
  };
}

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  static forRoot(entities: EntityList): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig, DatabaseLocation],
          useFactory: async (config: AppConfig, location: DatabaseLocation) =>
            dataSourceOptions(await location.resolve(), config.DB_POOL_SIZE, entities),
        }),
      ],
    };
  }

  constructor(@Inject(DatabaseLocation) private readonly location: DatabaseLocation) {}

  async onApplicationShutdown(): Promise<void> {
    await this.location.stop();
  }
}
