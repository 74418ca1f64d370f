import { describe, expect, it } from 'vitest';
import { APPLICANT_PAGE_RULES, STUDIO_PAGE_RULES } from '../../src/app/page-permissions';
import { SIDEBAR_LINKS } from '../../src/pages/account/shell/sidebar-links';
import { PROVIDER_LINKS } from '../../src/pages/provider/shell/provider-links';
import { homePathOf, permissionOfPage } from '../../src/session/home-path';
import { ACCESS } from '../session-fixtures';

describe('the permission each page needs', () => {
  it.each([
    ['/auth/dashboard', undefined],
    ['/auth/dashboard/saved', 'save_scholarships'],
    ['/auth/dashboard/saved/', 'save_scholarships'],
    ['/auth/scholarshipDetail', 'read_scholarships'],
    ['/auth/uploadEssay', 'apply_scholarship'],
    ['/auth/dashboard/subscription-plan', 'buy_membership'],
    ['/auth/message', 'read_inbox'],
    ['/auth/dashboard/setting', 'change_password'],
  ])('applicant area: %s needs %s', (path, permission) => expect(permissionOfPage(path, APPLICANT_PAGE_RULES)).toBe(permission));

  it.each([
    ['/app/scholarships', undefined],
    ['/app/scholarships/new', 'manage_scholarships'],
    ['/app/scholarships/abc', 'manage_scholarships'],
    ['/app/scholarships/abc/applicants', 'review_applicants'],
    ['/app/scholarships/abc/applicants/def', 'review_applicants'],
    ['/app/reviewers', 'manage_reviewers'],
    ['/app/inbox', 'manage_scholarships'],
    ['/app/inbox/def', 'manage_scholarships'],
    ['/app/organisation', 'manage_organisation'],
  ])('studio: %s needs %s', (path, permission) => expect(permissionOfPage(path, STUDIO_PAGE_RULES)).toBe(permission));

  it("leaves only each frame's home without a permission, so a guard sending someone home never loops", () => {
    expect(SIDEBAR_LINKS.filter((link) => !('permission' in link)).map((link) => link.to)).toEqual(['/auth/dashboard']);
    expect(PROVIDER_LINKS.filter((link) => !('permission' in link)).map((link) => link.to)).toEqual(['/app/scholarships']);
  });

  it('sends whoever may review applicants to the studio, anyone else to the dashboard', () => {
    expect(homePathOf(ACCESS.provider)).toBe('/app');
    expect(homePathOf(ACCESS.reviewer)).toBe('/app');
    expect(homePathOf(ACCESS.applicant)).toBe('/auth/dashboard');
    expect(homePathOf(ACCESS.admin)).toBe('/auth/dashboard');
    expect(homePathOf({ permissions: [], role: null })).toBe('/auth/dashboard');
  });
});
