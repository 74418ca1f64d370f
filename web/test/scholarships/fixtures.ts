import { type Mock, vi } from 'vitest';
import { api } from '../../src/api/client';
import type { ApplicationStatus, EligibleScholarship, MyScholarship, ScholarshipDetail, WishlistItem } from '../../src/api/scholarships';

/** An eligible list item as the API sends it; `n` makes the id and the title. */
export function eligibleScholarship(n: number, isLiked = false): EligibleScholarship {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Scholarship ${n}`,
    description: `What scholarship ${n} is for.`,
    amounts: [],
    award: 1000 * n,
    totalAmount: 1000 * n,
    recurrenceConfig: { deadline: '2027-03-31', repeat: 'none' },
    user: { firstName: 'Hillcrest' },
    requirementCount: 0,
    isLiked,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

export function wishlistEntry(n: number): WishlistItem {
  const { id, title, description, totalAmount, recurrenceConfig, user } = eligibleScholarship(n, true);
  return { scholarshipId: id, isLiked: true, scholarship: { id, title, description, totalAmount, recurrenceConfig, user } };
}

/** One of the applicant's applications as My Scholarships receives it. */
export function myScholarship(n: number, scholarshipStatus: ApplicationStatus): MyScholarship {
  return { ...eligibleScholarship(n), scholarshipStatus, reviewStatus: scholarshipStatus === 'Received' ? 'Received' : null, updatedAt: '2026-11-20T10:00:00.000Z', appliedAutomaticallyAt: null };
}

/** A scholarship's details: one rule of each verdict, two requirements, HTML in the description. */
export function scholarshipDetail(overrides: Partial<ScholarshipDetail> = {}): ScholarshipDetail {
  const { id, title, amounts, award, totalAmount, recurrenceConfig, user } = eligibleScholarship(4);
  return {
    id, title, amounts, award, totalAmount, recurrenceConfig, user,
    description: '<p>For students who <strong>lead</strong> in their community.</p>',
    status: 'published',
    requirements: [
      { id: 'r1', title: 'Personal essay', description: 'Tell us about a challenge you overcame.', optional: false, field: { key: 'essay', name: 'Essay', dataType: 'editor' } },
      { id: 'r2', title: 'Portfolio', optional: true, field: { key: 'portfolio', name: 'Portfolio', dataType: 'link' } },
    ],
    isLiked: false,
    scholarshipStatus: null,
    match: {
      outcome: 'missing',
      rules: [
        { fieldKey: 'fieldOfStudy', fieldName: 'Field of study', operator: 'in', value: ['accounting', 'biology'] as never, verdict: 'pass' },
        { fieldKey: 'gpa', fieldName: 'GPA', operator: 'gte', value: 3.5 as never, verdict: 'fail' },
        { fieldKey: 'militaryAffiliation', fieldName: 'Military affiliation', operator: 'exists', verdict: 'missing' },
      ],
    },
    ...overrides,
  };
}

/** What openapi-fetch resolves with: `data` on success, `error` otherwise, and the response. */
export function apiAnswer(status: number, body: unknown) {
  const ok = status < 400;
  return { data: ok ? body : undefined, error: ok ? undefined : body, response: new Response(null, { status }) };
}

type Call = (path: string, init?: unknown) => Promise<unknown>;

/** Replaces the typed client's GET, PUT or POST (its generics do not matter to a test). */
export function mockApi(method: 'GET' | 'PUT' | 'POST') {
  return vi.spyOn(api, method) as unknown as Mock<Call>;
}
