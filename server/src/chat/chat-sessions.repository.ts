import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows } from '../jobs/periodic-sweep.js';

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
    await this.db.query(
      `INSERT INTO chat_sessions (id, kind, token_hash, user_id, answers, asked, sealed, step, turns, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, now() + make_interval(mins => $9))`,
      [session.id, session.kind, session.tokenHash, session.userId, session.answers, session.asked, session.sealed, session.step, lifetimeMinutes],
    );
  }

  /** A live (not expired, not ended) session of this kind. */
  async findLive(id: string, kind: ChatKind): Promise<ChatSessionRow | undefined> {
    const [row] = (await this.db.query(
      `SELECT ${COLUMNS} FROM chat_sessions WHERE id = $1 AND kind = $2 AND expires_at > now() AND step <> 'ended'`,
      [id, kind],
    )) as ChatSessionRow[];
    return row;
  }

  /**
   * Claims the next turn of a live session read at turn `readAtTurn`, for `claimSeconds` at most:
   * the turn count goes up by one (the claimed turn's number) and the session is busy until the
   * claimed turn saves, ends or releases it. False when another turn came or is working first.
   */
  async claim(id: string, readAtTurn: number, claimSeconds: number): Promise<boolean> {
    const rows = (await this.db.query(
      `UPDATE chat_sessions SET turns = turns + 1, claimed_until = now() + make_interval(secs => $3)
        WHERE id = $1 AND turns = $2 AND step <> 'ended' AND expires_at > now()
          AND (claimed_until IS NULL OR claimed_until <= now())
       RETURNING id`,
      [id, readAtTurn, claimSeconds],
    )) as unknown;
    return deletedRows(rows).length > 0;
  }

  /**
   * Saves the change of claimed turn `turn` and frees the session; each turn gives the
   * conversation `lifetimeMinutes` more. False when the claim lapsed and another turn took over.
   */
  async save(id: string, turn: number, change: ChatSessionChange, lifetimeMinutes: number): Promise<boolean> {
    const rows = (await this.db.query(
      `UPDATE chat_sessions
          SET answers = $3, asked = $4, sealed = $5, step = $6, claimed_until = NULL, updated_at = now(),
              expires_at = now() + make_interval(mins => $7)
        WHERE id = $1 AND turns = $2 AND step <> 'ended'
       RETURNING id`,
      [id, turn, change.answers, change.asked, change.sealed, change.step, lifetimeMinutes],
    )) as unknown;
    return deletedRows(rows).length > 0;
  }

  /** Ends a conversation in claimed turn `turn`: its secrets go at once, the row when it expires. */
  async end(id: string, turn: number): Promise<boolean> {
    const rows = (await this.db.query(
      `UPDATE chat_sessions SET step = 'ended', sealed = NULL, claimed_until = NULL, updated_at = now()
        WHERE id = $1 AND turns = $2 AND step <> 'ended'
       RETURNING id`,
      [id, turn],
    )) as unknown;
    return deletedRows(rows).length > 0;
  }

  /** Frees the session after claimed turn `turn` failed: nothing of the conversation changes. */
  async release(id: string, turn: number): Promise<void> {
    await this.db.query(`UPDATE chat_sessions SET claimed_until = NULL WHERE id = $1 AND turns = $2`, [id, turn]);
  }

  /** Deletes up to `limit` expired sessions (the hourly sweep); returns their ids. */
  async deleteExpired(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = (await manager.query(
      `DELETE FROM chat_sessions WHERE id IN (SELECT id FROM chat_sessions WHERE expires_at <= now() LIMIT $1) RETURNING id`,
      [limit],
    )) as unknown;
    return deletedRows<{ id: string }>(rows).map((row) => row.id);
  }
}
