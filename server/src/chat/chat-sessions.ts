import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { ChatSealer } from './chat-sealer.js';
import { ChatSessionsRepository, type ChatKind, type ChatSessionRow } from './chat-sessions.repository.js';

/** A conversation left this long without a turn is over (docs/chat.md, "Sessions"). */
export const CHAT_LIFETIME_MINUTES = 30;

/** What a turn may read and change of its conversation; saved when the turn succeeds. */
export interface ChatState {
  answers: Record<string, unknown>;
  asked: Set<string>;
  secrets: Record<string, string>;
  step: string;
  /** Set by a turn that finishes the conversation (a sign-up saved, a login done). */
  ended: boolean;
}

/**
 * Who may continue a conversation: whoever has its id, unguessable (a token given with it must be
 * the chat's own), or the signed-in user it belongs to (docs/chat.md, "Sessions").
 */
export type ChatOwner = { token: string | undefined } | { userId: string };

/** The conversation a turn took place in; `chatToken` only when this turn opened it. */
export interface ChatTurnOutcome<T> {
  chatId: string;
  chatToken?: string;
  result: T;
}

/**
 * How long a turn may keep its conversation claimed. Longer than any turn's work (a sign-up, a
 * login, a mail server's timeouts); a claim is given back as soon as the turn ends, and lapses by
 * itself after this if the server stops in the middle of a turn.
 */
export const CHAT_TURN_CLAIM_SECONDS = 120;

function chatBusy(): ApiError {
  return new ApiError(409, 'Another answer to this chat was being saved at the same moment. Please send yours again.', { errorCode: 'CHAT_BUSY' });
}

export function chatNotFound(): ApiError {
  return new ApiError(404, 'This chat has ended or does not exist. Please start a new one.', { errorCode: 'CHAT_NOT_FOUND' });
}

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/**
 * Runs the turns of a conversation: opens a session on the first (with a token too when the person
 * is not signed in), refuses a turn from anyone but its owner as if the chat did not exist,
 * lets one turn at a time work (every later turn, the last one included, claims the session
 * first; docs/chat.md, "Sessions"), and saves what a successful turn changed. A failed turn
 * changes nothing.
 */
@Injectable()
export class ChatSessions {
  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly sealer: ChatSealer,
  ) {}

  async turn<T>(kind: ChatKind, chatId: string | undefined, owner: ChatOwner, work: (state: ChatState) => Promise<T>): Promise<ChatTurnOutcome<T>> {
    if (chatId === undefined) return this.firstTurn(kind, owner, work);
    const row = await this.sessions.findLive(chatId, kind);
    if (!row || !isOwner(row, owner)) throw chatNotFound();
    const state: ChatState = {
      answers: row.answers,
      asked: new Set(row.asked),
      secrets: this.sealer.open(row.id, row.sealed),
      step: row.step,
      ended: false,
    };
    // Claimed before any work: a turn that signs in, signs up or e-mails happens once however
    // many copies of it arrive together; the others are refused without doing anything.
    if (!(await this.sessions.claim(row.id, row.turns, CHAT_TURN_CLAIM_SECONDS))) throw chatBusy();
    const turn = row.turns + 1;
    const result = await this.releasingOnFailure(row.id, turn, work(state));
    const saved = state.ended
      ? await this.sessions.end(row.id, turn)
      : await this.sessions.save(row.id, turn, this.change(row.id, state), CHAT_LIFETIME_MINUTES);
    if (!saved) throw chatBusy();
    return { chatId: row.id, result };
  }

  /** A failed turn gives its claim back at once and changes nothing else. */
  private async releasingOnFailure<T>(id: string, turn: number, work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      // If even this fails the claim lapses by itself (CHAT_TURN_CLAIM_SECONDS); the turn's own error is what to answer.
      await this.sessions.release(id, turn).catch(() => undefined);
      throw error;
    }
  }

  private async firstTurn<T>(kind: ChatKind, owner: ChatOwner, work: (state: ChatState) => Promise<T>): Promise<ChatTurnOutcome<T>> {
    const state: ChatState = { answers: {}, asked: new Set(), secrets: {}, step: 'asking', ended: false };
    const result = await work(state);
    // The chat's id is what continues it: a v4 UUID, 122 bits from the CSPRNG.
    const id = randomUUID();
    const chatToken = 'userId' in owner ? undefined : randomBytes(32).toString('base64url');
    await this.sessions.create(
      {
        id,
        kind,
        tokenHash: chatToken ? hashToken(chatToken) : null,
        userId: 'userId' in owner ? owner.userId : null,
        ...this.change(id, state),
        ...(state.ended ? { step: 'ended', sealed: null } : {}),
      },
      CHAT_LIFETIME_MINUTES,
    );
    return { chatId: id, chatToken, result };
  }

  private change(id: string, state: ChatState) {
    return { answers: state.answers, asked: [...state.asked], sealed: this.sealer.seal(id, state.secrets), step: state.step };
  }
}

/**
 * A signed-in user's chat is theirs alone. Any other chat's id is its capability: a v4 UUID (122
 * random bits from the CSPRNG) nobody can guess, kept out of logs. The token the first turn
 * answered is optional; when sent it must be this chat's (the product's own client sends it).
 */
function isOwner(row: ChatSessionRow, owner: ChatOwner): boolean {
  if ('userId' in owner) return row.userId === owner.userId;
  if (row.userId !== null) return false;
  if (owner.token === undefined) return true;
  if (!row.tokenHash) return false;
  const given = hashToken(owner.token);
  return given.length === row.tokenHash.length && timingSafeEqual(given, row.tokenHash);
}
