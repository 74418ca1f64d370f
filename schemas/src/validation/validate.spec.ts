import { compileForm } from '../compiler/compile-form.js';
import { dobYearsAgo, SAMPLE_FIELDS, SAMPLE_FORM } from '../test/fixtures.js';
import { FormValidator } from './validate.js';

describe('FormValidator with the compiled sample form', () => {
  const form = compileForm(SAMPLE_FORM, SAMPLE_FIELDS);
  const validator = new FormValidator();
  const validate = (data: Record<string, unknown>) => validator.validate(`sample@${form.version}`, form.schema, data);
  const valid = {
    firstName: 'Ada',
    dob: dobYearsAgo(17),
    gender: '1',
    gpa: { markingSystem: 'Percentage', grade: 90 },
    consent: true,
  };
  const messageAt = (data: Record<string, unknown>, path: string) =>
    validate(data).filter((e) => e.path === path).map((e) => e.message);

  it('accepts a complete, valid answer', () => {
    expect(validate(valid)).toEqual([]);
  });

  it('puts required messages under the missing field, in the original words', () => {
    const errors = validate({});
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Please input your first name!' },
        { path: 'dob', message: 'Please select your date of birth!' },
        { path: 'consent', message: 'Please Select!' },
      ]),
    );
  });

  it('requires an unticked mandatory checkbox to be ticked', () => {
    expect(messageAt({ ...valid, consent: false }, 'consent')).toEqual(['Please Select!']);
  });

  it('holds the age rule at exactly 16 years', () => {
    expect(messageAt({ ...valid, dob: dobYearsAgo(16) }, 'dob')).toEqual([]);
    expect(messageAt({ ...valid, dob: dobYearsAgo(15) }, 'dob')).toEqual(['User should not be less than 16 year!']);
  });

  it('refuses a birthday after today', () => {
    expect(messageAt({ ...valid, dob: '2999-01-01' }, 'dob')).toContain('Birthday cannot be later than today!');
  });

  it('gives the grade range message of the chosen marking system', () => {
    expect(messageAt({ ...valid, gpa: { markingSystem: 'Percentage', grade: 101 } }, 'gpa.grade')).toEqual([
      'Enter a valid percentage between 0 and 100',
    ]);
    expect(messageAt({ ...valid, gpa: { markingSystem: '10CGPA', grade: 11 } }, 'gpa.grade')).toEqual([
      'Enter a valid GPA between 0 and 10',
    ]);
    expect(messageAt({ ...valid, gpa: { markingSystem: '10CGPA', grade: 9.9 } }, 'gpa.grade')).toEqual([]);
  });

  it('needs both month and year, within the bounds', () => {
    expect(messageAt({ ...valid, highSchoolGraduationDate: '2020-' }, 'highSchoolGraduationDate')).toEqual([
      'You must select both month and year!',
    ]);
    expect(messageAt({ ...valid, highSchoolGraduationDate: '-05' }, 'highSchoolGraduationDate')).toEqual([
      'You must select both month and year!',
    ]);
    expect(messageAt({ ...valid, highSchoolGraduationDate: '1989-12' }, 'highSchoolGraduationDate')).toHaveLength(1);
    expect(messageAt({ ...valid, highSchoolGraduationDate: '1990-01' }, 'highSchoolGraduationDate')).toEqual([]);
    const far = `${new Date().getUTCFullYear() + 51}-01`;
    expect(messageAt({ ...valid, highSchoolGraduationDate: far }, 'highSchoolGraduationDate')).toHaveLength(1);
  });

  it('accepts digits only in phone numbers and a valid e-mail', () => {
    expect(messageAt({ ...valid, phone: '+1202555abc' }, 'phone')).toEqual(['Please enter only digits!']);
    expect(messageAt({ ...valid, phone: '+12025550143' }, 'phone')).toEqual([]);
    expect(messageAt({ ...valid, email: 'not-an-email' }, 'email')).toEqual(['Please enter a validate email!']);
  });

  it('requires the college name only when enrolled', () => {
    expect(messageAt({ ...valid, enrolledInCollege: '1' }, 'collegeName')).toEqual(['Please select your college name!']);
    expect(messageAt({ ...valid, enrolledInCollege: '0' }, 'collegeName')).toEqual([]);
    expect(messageAt({ ...valid, enrolledInCollege: '0', interestedColleges: ['a', 'b', 'c'] }, 'interestedColleges')).toEqual([
      'Please choose at most 2!',
    ]);
  });

  it('rejects values outside a select list and wrong types with a message, never a crash', () => {
    expect(messageAt({ ...valid, gender: '9' }, 'gender')).toEqual(['Please choose one of the options!']);
    expect(messageAt({ ...valid, siblings: 'many' }, 'siblings')).toEqual(['Please enter a number!']);
    expect(messageAt({ ...valid, zipCode: 'abc' }, 'zipCode')).toEqual(['Please enter a valid ZIP code!']);
  });
});
