import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PeriodicSweep } from '../jobs/periodic-sweep.js';
import { ChatSessionsRepository } from './chat-sessions.repository.js';

/**
 * Deletes chat sessions nobody has answered for their lifetime (docs/chat.md, "Sessions"): a turn
 * on one already answers as if it never existed; this removes the rows, and with them any
 * encrypted answers a chat left behind. Hourly, at minute 45 (UTC), away from the other sweeps.
 */
@Injectable()
export class ChatSessionsSweep extends PeriodicSweep<string> {
  protected readonly name = 'expired chat sessions';
  protected readonly queue = 'sweep-chat-sessions';
  protected readonly cron = '45 * * * *';
  protected readonly lockId = 7_301_003;
  protected readonly batchSize = 1000;

  constructor(private readonly sessions: ChatSessionsRepository) {
    super();
  }

  protected sweepBatch(manager: EntityManager): Promise<string[]> {
    return this.sessions.deleteExpired(manager, this.batchSize);
  }
}
