import { Test } from '@nestjs/testing';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { RefreshTokens } from './refresh-tokens.js';
import { type RefreshTokenRow, RefreshTokensRepository } from './refresh-tokens.repository.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Rotation's rules (single use, reuse revokes the family) with the `refresh_tokens` rows replaced. */
describe('RefreshTokens.rotate', () => {
  const tx = {} as EntityManager;
  let stored: RefreshTokenRow | undefined;
  let log: unknown[][];
  let tokens: RefreshTokens;

  beforeEach(async () => {
    stored = { id: 't1', user_id: 'u1', family_id: 'f1', used_at: null, revoked_at: null, expired: false };
    log = [];
    const repository: Partial<RefreshTokensRepository> = {
      transaction: async <T>(work: (tx: EntityManager) => Promise<T>) => {
        const result = await work(tx);
        log.push(['commit']);
        return result;
      },
      ownerOf: async (_tx, hash) => (log.push(['ownerOf', hash]), stored?.user_id),
      lockOwnerShared: async (_tx, userId) => void log.push(['lockOwnerShared', userId]),
      findForUpdate: async (_tx, hash) => (log.push(['findForUpdate', hash]), stored),
      revokeFamily: async (_tx, familyId) => void log.push(['revokeFamily', familyId]),
      markUsed: async (_tx, id) => void log.push(['markUsed', id]),
      insert: async (userId, familyId, hash, ttlDays, inTx) => void log.push(['insert', userId, familyId, hash, ttlDays, inTx === tx]),
    };
    const module = await Test.createTestingModule({
      providers: [RefreshTokens, RefreshTokensRepository, { provide: AppConfig, useValue: AppConfig.fromEnv({}, { REFRESH_TOKEN_TTL_DAYS: 30 }) }],
    })
      .overrideProvider(RefreshTokensRepository)
      .useValue(repository)
      .compile();
    tokens = module.get(RefreshTokens);
  });

  it('spends the token and issues its successor in the same family, in the same transaction, storing only its hash', async () => {
    const rotated = await tokens.rotate('old-token');
    expect(rotated.userId).toBe('u1');
    expect(rotated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(log).toEqual([
      ['ownerOf', sha256('old-token')],
      ['lockOwnerShared', 'u1'],
      ['findForUpdate', sha256('old-token')],
      ['markUsed', 't1'],
      ['insert', 'u1', 'f1', sha256(rotated.token), 30, true],
      ['commit'],
    ]);
  });

  it('answers an unknown token with 401 TOKEN_INVALID', async () => {
    stored = undefined;
    await expect(tokens.rotate('unknown')).rejects.toMatchObject({ statusCode: 401, options: { errorCode: 'TOKEN_INVALID' } });
  });

  it('refuses a revoked or expired token without touching its family', async () => {
    stored = { ...stored!, expired: true };
    await expect(tokens.rotate('old-token')).rejects.toMatchObject({ statusCode: 401, options: { errorCode: 'TOKEN_INVALID' } });
    stored = { ...stored, expired: false, revoked_at: new Date() };
    await expect(tokens.rotate('old-token')).rejects.toMatchObject({ options: { errorCode: 'TOKEN_INVALID' } });
    expect(log.some(([step]) => step === 'revokeFamily' || step === 'insert')).toBe(false);
  });

  it('treats a spent token as stolen: the family is revoked and committed before the 401 TOKEN_REUSED', async () => {
    stored = { ...stored!, used_at: new Date() };
    await expect(tokens.rotate('old-token')).rejects.toMatchObject({
      statusCode: 401,
      description: 'Your session has ended. Please log in again.',
      options: { errorCode: 'TOKEN_REUSED' },
    });
    expect(log.slice(-2)).toEqual([['revokeFamily', 'f1'], ['commit']]);
  });
});
