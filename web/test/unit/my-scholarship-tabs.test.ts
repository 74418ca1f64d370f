import { describe, expect, it } from 'vitest';
import { MY_SCHOLARSHIP_TABS, validateMyScholarshipsSearch } from '../../src/pages/scholarships/my-scholarship-tabs';

describe("My Scholarships' address", () => {
  it('keeps ?tab=applied or ?tab=draft and the page; drops anything else', () => {
    expect(validateMyScholarshipsSearch({ tab: 'draft', page: '2' })).toEqual({ tab: 'draft', page: 2 });
    expect(validateMyScholarshipsSearch({ tab: 'applied' })).toEqual({ tab: 'applied' });
    expect(validateMyScholarshipsSearch({ tab: 'Received', page: 1 })).toEqual({});
    expect(validateMyScholarshipsSearch({})).toEqual({});
  });

  it('shows Received applications under Applied and drafts under Draft (seed 000 section 4)', () => {
    expect(MY_SCHOLARSHIP_TABS.map((tab) => [tab.label, tab.status])).toEqual([
      ['Applied', 'Received'],
      ['Draft', 'Draft'],
    ]);
  });
});
