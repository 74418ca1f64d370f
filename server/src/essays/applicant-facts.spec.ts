import type { FieldDefinition } from '@scholarmatch/schemas';
import { applicantFacts } from './applicant-facts.js';

const field = (key: string, options: { value: string; label: string }[]) => ({ id: 1, key, name: key, dataType: 'select', options }) as unknown as FieldDefinition;
const fields = new Map([
  ['fieldOfStudy', field('fieldOfStudy', [{ value: 'accounting', label: 'Accounting' }])],
  ['highSchoolName', field('highSchoolName', [{ value: 'lincoln-hs', label: 'Lincoln High School (Lincoln, NE)' }])],
  ['collegeName', field('collegeName', [{ value: 'mit', label: 'Massachusetts Institute of Technology' }])],
]);

describe('applicantFacts', () => {
  it('names options by their labels and prefers the college to the high school', () => {
    expect(applicantFacts({ first_name: 'Maya', last_name: 'Lopez', profile: { fieldOfStudy: 'accounting', highSchoolName: 'lincoln-hs' } }, fields)).toEqual({
      firstName: 'Maya',
      lastName: 'Lopez',
      school: 'Lincoln High School (Lincoln, NE)',
      fieldOfStudy: 'Accounting',
    });
    expect(applicantFacts({ first_name: 'M', last_name: 'L', profile: { highSchoolName: 'lincoln-hs', collegeName: 'mit' } }, fields).school).toBe(
      'Massachusetts Institute of Technology',
    );
  });

  it('keeps a free-text school as typed and leaves out what is not answered', () => {
    expect(applicantFacts({ first_name: 'Maya', last_name: 'Lopez', profile: { highSchoolName: ' Home school ', fieldOfStudy: '' } }, fields)).toEqual({
      firstName: 'Maya',
      lastName: 'Lopez',
      school: 'Home school',
    });
  });
});
