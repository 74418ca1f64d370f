import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

/**
 * Background jobs (pg-boss in the application's PostgreSQL), for every module. Imported after
 * DatabaseModule: Nest shuts global modules down in reverse order, so pg-boss stops before an
 * embedded PostgreSQL does.
 */
@Global()
@Module({
  providers: [{ provide: JobQueue, useClass: PgBossJobQueue }],
  exports: [JobQueue],
})
export class JobsModule {}
