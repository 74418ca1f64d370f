import { Test } from '@nestjs/testing';
import type { Caller } from '../auth/auth.decorators.js';
import { WishlistRepository } from './wishlist.repository.js';
import { WishlistService } from './wishlist.service.js';

describe('WishlistService', () => {
  const caller = { id: 'u1', role: 'applicant' } as Caller;
  let added: boolean;
  let saveable: boolean;
  let checked: string[];
  let wishlist: WishlistService;

  beforeEach(async () => {
    checked = [];
    const repository: Partial<WishlistRepository> = {
      add: async () => added,
      isSaveable: async (id) => (checked.push(id), saveable),
      findSaved: async () => [
        { id: 's1', title: 'STEM Award', description: '<p>For <b>future</b> engineers.</p>', amounts: [500, 250], award: null, recurrence_config: { repeat: 'none' }, sponsor: 'Grace' },
      ],
    };
    const module = await Test.createTestingModule({ providers: [WishlistService, WishlistRepository] })
      .overrideProvider(WishlistRepository)
      .useValue(repository)
      .compile();
    wishlist = module.get(WishlistService);
  });

  it('saves without a second look when the row was added', async () => {
    added = true;
    await wishlist.add(caller, 's1');
    expect(checked).toEqual([]);
  });

  it('is idempotent: saving a saved scholarship again is fine', async () => {
    added = false;
    saveable = true;
    await expect(wishlist.add(caller, 's1')).resolves.toBeUndefined();
    expect(checked).toEqual(['s1']);
  });

  it('answers 404 SCHOLARSHIP_NOT_FOUND for a draft or a missing scholarship', async () => {
    added = false;
    saveable = false;
    await expect(wishlist.add(caller, 's9')).rejects.toMatchObject({ statusCode: 404, options: { errorCode: 'SCHOLARSHIP_NOT_FOUND' } });
  });

  it('lists saved scholarships as hearts with a text preview and the USD total', async () => {
    expect(await wishlist.list(caller)).toEqual([
      {
        scholarshipId: 's1',
        isLiked: true,
        scholarship: { id: 's1', title: 'STEM Award', description: 'For future engineers.', totalAmount: 750, recurrenceConfig: { repeat: 'none' }, user: { firstName: 'Grace' } },
      },
    ]);
  });
});
