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
  /** Turns taken: a turn saves only if no other turn saved since it read the session. */
  turns: number;
}

export type ChatSessionChange = Pick<ChatSessionRow, 'answers' | 'asked' | 'sealed' | 'step'>;

const COLUMNS = `id, kind, token_hash AS "tokenHash", user_id AS "userId", answers, asked, sealed, step, turns`;

/**
 * The `chat_sessions` rows: made by a first turn, changed by each later one, expiring when left.
 * No turn holds a lock or a transaction while it works (a turn may check a password or sign a
 * person up through other services): it saves only if the session is still as it read it.
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
   * Saves a turn's change if no turn saved since `readAtTurn`; each turn gives the conversation
   * `lifetimeMinutes` more. False when another turn came first.
   */
  async update(id: string, readAtTurn: number, change: ChatSessionChange, lifetimeMinutes: number): Promise<boolean> {
    const rows = (await this.db.query(
      `UPDATE chat_sessions
          SET answers = $3, asked = $4, sealed = $5, step = $6, turns = turns + 1, updated_at = now(),
              expires_at = now() + make_interval(mins => $7)
        WHERE id = $1 AND turns = $2 AND step <> 'ended'
       RETURNING id`,
      [id, readAtTurn, change.answers, change.asked, change.sealed, change.step, lifetimeMinutes],
    )) as unknown;
    return deletedRows(rows).length > 0;
  }

  /** Ends a conversation: its secrets go at once, the row when it expires. */
  async end(id: string): Promise<void> {
    await this.db.query(`UPDATE chat_sessions SET step = 'ended', sealed = NULL, turns = turns + 1, updated_at = now() WHERE id = $1`, [id]);
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
