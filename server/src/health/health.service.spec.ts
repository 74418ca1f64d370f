import { Test } from '@nestjs/testing';
import { HealthRepository } from './health.repository.js';
import { HealthService } from './health.service.js';

describe('HealthService', () => {
  async function serviceWith(ping: () => Promise<void>): Promise<HealthService> {
    const module = await Test.createTestingModule({ providers: [HealthService, HealthRepository] })
      .overrideProvider(HealthRepository)
      .useValue({ ping })
      .compile();
    return module.get(HealthService);
  }

  it('is up when PostgreSQL answers', async () => {
    const health = await serviceWith(async () => {});
    expect(await health.check()).toEqual({ status: 'ok', database: 'up' });
  });

  it('is a 503 DATABASE_DOWN, with no detail of the failure, when PostgreSQL does not answer', async () => {
    const health = await serviceWith(async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
    });
    await expect(health.check()).rejects.toMatchObject({
      statusCode: 503,
      description: 'The database is not reachable. Please try again in a moment.',
      options: { errorCode: 'DATABASE_DOWN' },
    });
  });
});
