import { describe, expect, it } from '@jest/globals';
import { answersOf, saveFailureText } from '../../src/api/profile';
import { toErrorSchema } from '../../src/forms/SchemaForm';

describe('profile forms and the API shape', () => {
  it("turns the seed's applicant into form answers by field key", () => {
    const applicant = {
      id: 'u1', firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', phone: null, dob: '2007-01-01', role: 'applicant',
      applicantType: 'STUDENT', isProfileUpdate: true, isScholarshipApplied: false, isActiveSubscription: false,
      applicantFields: [
        { fieldId: 4, fieldValue: 'us', field: { key: 'country', name: 'Country', dataType: 'select' } },
        { fieldId: 9, fieldValue: { markingSystem: 'GPA', grade: 3.5, gpa: 3.5 }, field: { key: 'gpa', name: 'GPA', dataType: 'grade' } },
      ],
    } as Parameters<typeof answersOf>[0];
    expect(answersOf(applicant)).toEqual({
      firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', dob: '2007-01-01', country: 'us',
      gpa: { markingSystem: 'GPA', grade: 3.5, gpa: 3.5 },
    });
  });

  it('puts server errors under their fields, nested by dot path', () => {
    expect(toErrorSchema([
      { path: 'gpa.grade', message: 'Enter a valid GPA between 0 and 10' },
      { path: 'dob', message: 'User should not be less than 16 year!' },
      { path: 'dob', message: 'Second' },
      { path: '', message: 'Whole form' },
    ])).toEqual({
      gpa: { grade: { __errors: ['Enter a valid GPA between 0 and 10'] } },
      dob: { __errors: ['User should not be less than 16 year!', 'Second'] },
      __errors: ['Whole form'],
    });
  });

  it("shows the seed's banner for a date of birth that is not a string", () => {
    expect(saveFailureText(new Error('dob must be a string'))).toBe('Please enter valid dob in Basic tab ');
    expect(saveFailureText(new Error('Please select your citizenship!'))).toBe('Please select your citizenship!');
    expect(saveFailureText(undefined)).toBe('Server Error');
  });
});
