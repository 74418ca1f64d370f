import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { opensElsewhere, scholarshipIdOf } from '../scholarships/membership-gate';

/**
 * The upload-essay page's address names the scholarship the way the details page does, the whole
 * query string (`/auth/uploadEssay?{id}`); `?scholarshipId={id}` is read too. No scholarship: the
 * page offers the applicant's drafts that ask for an essay (docs/decisions.md, "Application tracker and essay upload").
 */
export const UPLOAD_ESSAY_PATH = '/auth/uploadEssay';

export function uploadEssayHref(scholarshipId: string): string {
  return `${UPLOAD_ESSAY_PATH}?${scholarshipId}`;
}

/** The scholarship the address names, or '' when it names none. */
export function essayScholarshipIdOf(search: string): string {
  const named = new URLSearchParams(search).get('scholarshipId');
  return (named ?? scholarshipIdOf(search)).trim();
}

/** A link to the upload page for one scholarship: pushed as it is (a bare id is no search object the router builds). */
export function useUploadEssayLink(scholarshipId: string): { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void } {
  const router = useRouter();
  const href = uploadEssayHref(scholarshipId);
  return {
    href,
    onClick: (event) => {
      if (opensElsewhere(event)) return;
      event.preventDefault();
      router.history.push(href);
    },
  };
}
