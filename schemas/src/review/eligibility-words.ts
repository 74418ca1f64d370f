/** The matcher's verdict on an application (docs/review.md, "Applicants list"). */
export const ELIGIBILITIES = ['eligible', 'missing', 'ineligible'] as const;
export type Eligibility = (typeof ELIGIBILITIES)[number];

/**
 * The matcher's verdict on an application, in the words the studio shows it (the applicants list,
 * the submission page, the filter) and the CSV export writes it: one wording for both.
 */
export const ELIGIBILITY_WORDS = {
  eligible: 'Eligible',
  missing: 'Missing answers',
  ineligible: 'Not eligible',
} as const;
