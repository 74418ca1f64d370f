import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyIn, kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

export const CHAT_KINDS = ['signUp', 'login', 'assistant'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** One conversation as a turn reads and writes it (docs/chat.md, "Sessions"). */
export interface ChatSessionRow {
  id: string;
  kind: ChatKind;
  /** sha256 of the token its holder sends; null for a signed-in user's chat. */
  tokenHash: Buffer | null;
  userId: string | null;
  /** What was said, by field key (never a secret). */
  answers: Record<string, unknown>;
  /** The questions asked and answered (or skipped). */
  asked: string[];
  /** The secret answers, encrypted (ChatSealer); null when there are none. */
  sealed: Buffer | null;
  /** Where a conversation with several paths stands (a login turning into a recovery). */
  step: string;
  /** Turns claimed: a turn claims the session at the count it read, so two turns cannot both claim it. */
  turns: number;
}

export type ChatSessionChange = Pick<ChatSessionRow, 'answers' | 'asked' | 'sealed' | 'step'>;

const COLUMNS = `id, kind, token_hash AS "tokenHash", user_id AS "userId", answers, asked, sealed, step, turns`;

/** A live (not expired, not ended) session ($1) of a kind ($2), typed as a turn reads it (its kind and answers are what it stored). */
const FIND_LIVE = new Statement<ChatSessionRow, readonly [id: string, kind: ChatKind]>(
  `SELECT ${COLUMNS} FROM chat_sessions WHERE id = $1 AND kind = $2 AND expires_at > now() AND step <> 'ended'`,
);

/** `minutes` from now. */
const minutesFromNow = (minutes: number) => sql<Date>`now() + make_interval(mins => ${minutes})`;

/**
 * The `chat_sessions` rows: made by a first turn, changed by each later one, expiring when left.
 * No turn holds a database lock or a transaction while it works (a turn may check a password or
 * sign a person up through other services): it claims the session first, in one statement, and
 * every other turn is refused until the claim is given back or lapses.
 */
@Injectable()
export class ChatSessionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(session: Pick<ChatSessionRow, 'id' | 'kind' | 'tokenHash' | 'userId'> & ChatSessionChange, lifetimeMinutes: number): Promise<void> {
    await kyselyOf(this.db)
      .insertInto('chat_sessions')
      .values({
        id: session.id,
        kind: session.kind,
        token_hash: session.tokenHash,
        user_id: session.userId,
        answers: JSON.stringify(session.answers),
        asked: session.asked,
        sealed: session.sealed,
        step: session.step,
        turns: 1,
        expires_at: minutesFromNow(lifetimeMinutes),
      })
      .execute();
  }

  /** A live (not expired, not ended) session of this kind. */
  async findLive(id: string, kind: ChatKind): Promise<ChatSessionRow | undefined> {
    const [row] = await FIND_LIVE.rows(this.db, [id, kind]);
    return row;
  }

  /**
   * Claims the next turn of a live session read at turn `readAtTurn`, for `claimSeconds` at most:
   * the turn count goes up by one (the claimed turn's number) and the session is busy until the
   * claimed turn saves, ends or releases it. False when another turn came or is working first.
   */
  async claim(id: string, readAtTurn: number, claimSeconds: number): Promise<boolean> {
    const claimed = await kyselyOf(this.db)
      .updateTable('chat_sessions')
      .set((eb) => ({ turns: eb('turns', '+', 1), claimed_until: sql<Date>`now() + make_interval(secs => ${claimSeconds})` }))
      .where('id', '=', id)
      .where('turns', '=', readAtTurn)
      .where('step', '<>', 'ended')
      .where('expires_at', '>', sql<Date>`now()`)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', sql<Date>`now()`)]))
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /**
   * Saves the change of claimed turn `turn` and frees the session; each turn gives the
   * conversation `lifetimeMinutes` more. False when the claim lapsed and another turn took over.
   */
  async save(id: string, turn: number, change: ChatSessionChange, lifetimeMinutes: number): Promise<boolean> {
    const saved = await kyselyOf(this.db)
      .updateTable('chat_sessions')
      .set({
        answers: JSON.stringify(change.answers),
        asked: change.asked,
        sealed: change.sealed,
        step: change.step,
        claimed_until: null,
        updated_at: sql<Date>`now()`,
        expires_at: minutesFromNow(lifetimeMinutes),
      })
      .where('id', '=', id)
      .where('turns', '=', turn)
      .where('step', '<>', 'ended')
      .returning('id')
      .executeTakeFirst();
    return saved !== undefined;
  }

  /** Ends a conversation in claimed turn `turn`: its secrets go at once, the row when it expires. */
  async end(id: string, turn: number): Promise<boolean> {
    const ended = await kyselyOf(this.db)
      .updateTable('chat_sessions')
      .set({ step: 'ended', sealed: null, claimed_until: null, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('turns', '=', turn)
      .where('step', '<>', 'ended')
      .returning('id')
      .executeTakeFirst();
    return ended !== undefined;
  }

  /** Frees the session after claimed turn `turn` failed: nothing of the conversation changes. */
  async release(id: string, turn: number): Promise<void> {
    await kyselyOf(this.db).updateTable('chat_sessions').set({ claimed_until: null }).where('id', '=', id).where('turns', '=', turn).execute();
  }

  /** Deletes up to `limit` expired sessions (the hourly sweep); returns their ids. */
  async deleteExpired(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = await kyselyIn(manager)
      .deleteFrom('chat_sessions')
      .where('id', 'in', (eb) => eb.selectFrom('chat_sessions').select('id').where('expires_at', '<=', sql<Date>`now()`).limit(limit))
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
