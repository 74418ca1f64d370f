/**
 * The matcher's verdict on an application, in the words the studio shows it (the applicants list,
 * the submission page, the filter) and the CSV export writes it: one wording for both.
 */
export const ELIGIBILITY_WORDS = {
  eligible: 'Eligible',
  missing: 'Missing answers',
  ineligible: 'Not eligible',
} as const;
