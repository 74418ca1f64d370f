import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@scholarmatch/schemas';
import { answersOf, saveFailureText, SaveError } from '../../src/api/profile';
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

  it("shows the seed's banner when the server's errors name the date of birth, whatever their words", () => {
    const refused = (errors: { path: string; message: string }[], description = errors[0]?.message) =>
      new SaveError({ statusCode: 400, error: 'Bad Request', message: 'Validation failed', description, errors }, 400);
    // The DTO's type check (a number, null, an object) and the form's rules (absent, too young) alike.
    expect(saveFailureText(refused([{ path: 'dob', message: 'dob must be a string' }]))).toBe('Please enter valid dob in Basic tab ');
    expect(saveFailureText(refused([{ path: 'dob', message: 'Please select your date of birth!' }]))).toBe('Please enter valid dob in Basic tab ');
    expect(saveFailureText(refused([{ path: 'dob', message: 'La date de naissance doit être un texte' }]))).toBe(MESSAGES.dobBanner);
    expect(saveFailureText(refused([{ path: 'zipCode', message: 'Please enter a valid ZIP code!' }, { path: 'dob', message: 'x' }], 'Two problems'))).toBe(MESSAGES.dobBanner);
  });

  it("otherwise shows the server's description: the words 'dob must be a string' alone decide nothing", () => {
    const refused = new SaveError({ statusCode: 400, description: 'Please select your citizenship!', errors: [{ path: 'citizenship', message: 'Please select your citizenship!' }] }, 400);
    expect(saveFailureText(refused)).toBe('Please select your citizenship!');
    expect(saveFailureText(new SaveError({ statusCode: 400, description: 'dob must be a string' }, 400))).toBe('dob must be a string');
    expect(saveFailureText(new Error('dob must be a string'))).toBe('dob must be a string');
    expect(saveFailureText(undefined)).toBe('Server Error');
  });
});
