import { describe, expect, it } from 'vitest';
import { showsSidebar, SIDEBAR_LINKS } from '../../src/pages/account/shell/sidebar-links';

describe('the signed-in sidebar', () => {
  it.each(['/auth/scholarshipDetail', '/auth/message', '/auth/uploadEssay', '/auth/dashboard/success', '/auth/dashboard/success/'])(
    'is hidden on %s (seed 001 section 2)',
    (pathname) => expect(showsSidebar(pathname)).toBe(false),
  );

  it.each(['/auth/dashboard', '/auth/dashboard/easy-apply', '/auth/dashboard/saved', '/auth/profile', '/auth/dashboard/message', '/auth/dashboard/trackApplications'])(
    'shows on %s',
    (pathname) => expect(showsSidebar(pathname)).toBe(true),
  );

  it("lists the seed's entries in the seed's order, with the application tracker after My Scholarship", () => {
    expect(SIDEBAR_LINKS.map((link) => link.label)).toEqual([
      'Dashboard', 'Easy Apply', 'Recommendation', 'Wishlist / Saved', 'My Scholarship', 'Track Applications', 'Inbox', 'Profile',
      'Subscription Support', 'Support', 'Assistance', 'Setting',
    ]);
  });
});
