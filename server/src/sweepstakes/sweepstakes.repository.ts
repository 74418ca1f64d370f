import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DataSource } from 'typeorm';
import type { DB } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';
import type { SweepstakesDto } from './dto/sweepstakes.dto.js';

/** Whether the sweepstakes `s` is running: `now()` between its start and end. */
function running(eb: ExpressionBuilder<DB & { s: DB['sweepstakes'] }, 's'>) {
  return eb.between(sql<Date>`now()`, eb.ref('s.starts_at'), eb.ref('s.ends_at'));
}

/** Sweepstakes and their entries. "Running" is `now()` between a sweepstakes' start and end. */
@Injectable()
export class SweepstakesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The running sweepstakes ending soonest, with whether the user has entered it. */
  async findRunning(userId: string): Promise<SweepstakesDto | undefined> {
    return kyselyOf(this.db)
      .selectFrom('sweepstakes as s')
      .select((eb) => [
        's.id',
        's.title',
        's.description',
        's.ends_at as endsAt',
        eb
          .exists(eb.selectFrom('sweepstakes_entries as e').select(sql`1`.as('one')).whereRef('e.sweepstakes_id', '=', 's.id').where('e.user_id', '=', userId))
          .$castTo<boolean>()
          .as('applied'),
      ])
      .where(running)
      .orderBy('s.ends_at')
      .orderBy('s.id')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Enters the user into the running sweepstakes ending soonest, if there is one, and marks them
   * as having applied (one entry each); whether one was running.
   */
  async enterRunning(userId: string): Promise<boolean> {
    const { rows } = await sql<{ entered: number }>`WITH running AS (
         SELECT id FROM sweepstakes WHERE now() BETWEEN starts_at AND ends_at ORDER BY ends_at, id LIMIT 1
       ), entry AS (
         INSERT INTO sweepstakes_entries (sweepstakes_id, user_id) SELECT id, ${userId} FROM running ON CONFLICT DO NOTHING RETURNING 1
       ), marked AS (
         UPDATE users SET is_scholarship_applied = true WHERE id = ${userId} AND EXISTS (SELECT 1 FROM running) RETURNING 1
       )
       SELECT (SELECT count(*) FROM marked)::int AS entered`.execute(kyselyOf(this.db));
    return rows[0].entered > 0;
  }

  /** Whether the sweepstakes is running and the user has completed registration; undefined when there is no such sweepstakes. */
  async findEntryConditions(sweepstakesId: string, userId: string): Promise<{ running: boolean; registered: boolean } | undefined> {
    return kyselyOf(this.db)
      .selectFrom('sweepstakes as s')
      .innerJoin('users as me', (join) => join.on('me.id', '=', userId))
      .select((eb) => [running(eb).$castTo<boolean>().as('running'), 'me.is_profile_update as registered'])
      .where('s.id', '=', sweepstakesId)
      .executeTakeFirst();
  }

  /** Enters the user (once) and marks them as having applied; whether this made a new entry. */
  async enter(sweepstakesId: string, userId: string): Promise<boolean> {
    const { rows } = await sql<{ n: number; marked: number }>`WITH entry AS (
         INSERT INTO sweepstakes_entries (sweepstakes_id, user_id) VALUES (${sweepstakesId}, ${userId}) ON CONFLICT DO NOTHING RETURNING 1
       ), marked AS (
         UPDATE users SET is_scholarship_applied = true WHERE id = ${userId} RETURNING 1
       )
       SELECT (SELECT count(*) FROM entry)::int AS n, (SELECT count(*) FROM marked)::int AS marked`.execute(kyselyOf(this.db));
    return rows[0].n > 0;
  }
}
