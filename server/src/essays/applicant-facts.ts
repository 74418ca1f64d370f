import type { FieldDefinition } from '@scholarmatch/schemas';
import type { EssayRequest } from './essay-writer.js';

export interface ApplicantRow {
  first_name: string;
  last_name: string;
  profile: Record<string, unknown>;
}

/** Where the school comes from, most current first: a college student's college, else the high school. */
const SCHOOL_KEYS = ['collegeName', 'highSchoolName'];

/**
 * The facts an essay is written from: the account's name and the profile's school and field of
 * study, option codes shown by their labels ('accounting' -> 'Accounting'); a free-text school
 * (searchSelect allows one) stays as typed.
 */
export function applicantFacts(row: ApplicantRow, fieldsByKey: ReadonlyMap<string, FieldDefinition>): EssayRequest['applicant'] {
  const label = (key: string) => labelOf(fieldsByKey.get(key), row.profile[key]);
  const school = SCHOOL_KEYS.map(label).find((value) => value !== undefined);
  const fieldOfStudy = label('fieldOfStudy');
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    ...(school ? { school } : {}),
    ...(fieldOfStudy ? { fieldOfStudy } : {}),
  };
}

function labelOf(field: FieldDefinition | undefined, value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  return field?.options?.find((option) => option.value === value)?.label ?? value.trim();
}
