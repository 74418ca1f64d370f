/**
 * The applicant form fields and forms as first seeded (as in the original product). After this
 * migration they are data: admins change them in the database and the forms follow, with no deploy.
 * Keys, option codes and messages are the original ones, word for word (docs/decisions.md).
 */
import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';
import {
  CAREER_GOALS,
  CITIZENSHIP_STATUSES,
  COLLEGES,
  COUNTRIES,
  DEGREE_TYPES,
  ETHNICITIES,
  FIELDS_OF_STUDY,
  HIGH_SCHOOLS,
  MILITARY_AFFILIATIONS,
  SCHOOL_LEVELS,
} from './profile-catalogues.js';

type SeedField = Omit<FieldDefinition, 'id'>;

const YES_NO_ENROLLED = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
const GENDERS = [
  { value: '1', label: 'Female' },
  { value: '2', label: 'Male' },
  { value: '3', label: 'Other' },
];
const ONLINE_STUDY = [
  { value: '1', label: 'Yes' },
  { value: '2', label: 'No' },
  { value: '3', label: 'Maybe' },
];

/** Education dates: both parts, from 1990, at most 50 years ahead (as in the original product). */
const EDUCATION_DATE = { fromYear: 1990, maxYearsAhead: 50 };

export const PROFILE_FIELDS: SeedField[] = [
  // Basic tab
  { key: 'firstName', name: 'First Name', dataType: 'text', section: 'basic', order: 10, target: 'account',
    validation: { required: true, maxLength: 100, messages: { required: 'Please input your first name!' } } },
  { key: 'lastName', name: 'Last Name', dataType: 'text', section: 'basic', order: 20, target: 'account',
    validation: { required: true, maxLength: 100, messages: { required: 'Please input your last name!' } } },
  { key: 'dob', name: 'Birthday', dataType: 'date', section: 'basic', order: 30, target: 'account',
    validation: { required: true, minAgeYears: 16, notAfterToday: true, messages: { required: 'Please select your date of birth!' } } },
  { key: 'citizenship', name: 'Citizenship', dataType: 'select', section: 'basic', order: 40, target: 'profile',
    options: CITIZENSHIP_STATUSES, validation: { required: true } },
  { key: 'zipCode', name: 'Zip Code', dataType: 'zip', section: 'basic', order: 50, target: 'profile',
    validation: { required: true, messages: { required: 'Please input your zip code!' } }, ui: { placeholder: '12345' } },
  { key: 'ethnicity', name: 'Ethnicity', dataType: 'select', section: 'basic', order: 60, target: 'profile',
    options: ETHNICITIES, validation: { required: true } },
  { key: 'gender', name: 'Gender', dataType: 'select', section: 'basic', order: 70, target: 'profile',
    options: GENDERS, validation: { required: true }, ui: { radio: true } },
  { key: 'country', name: 'Country', dataType: 'select', section: 'basic', order: 80, target: 'profile',
    options: COUNTRIES, validation: { required: true } },

  // Education tab
  { key: 'schoolLevel', name: 'Current School Level', dataType: 'select', section: 'education', order: 10, target: 'profile',
    options: SCHOOL_LEVELS, validation: { required: true } },
  { key: 'highSchoolName', name: 'High School Name', dataType: 'searchSelect', section: 'education', order: 20, target: 'profile',
    options: HIGH_SCHOOLS, validation: { required: true }, ui: { allowFreeText: true, placeholder: 'Start typing your school' } },
  { key: 'highSchoolGraduationDate', name: 'High School Graduation Date', dataType: 'monthYear', section: 'education', order: 30,
    target: 'profile', validation: { ...EDUCATION_DATE } },
  { key: 'enrolledInCollege', name: 'Are you enrolled in college?', dataType: 'select', section: 'education', order: 40,
    target: 'profile', options: YES_NO_ENROLLED, ui: { radio: true },
    // Required: the college name the original client requires depends on this answer.
    validation: { required: true, messages: { required: 'Please select whether you are enrolled in college!' } } },
  { key: 'enrollmentDate', name: 'College Enrolled Date', dataType: 'monthYear', section: 'education', order: 50,
    target: 'profile', validation: { ...EDUCATION_DATE } },
  { key: 'collegeName', name: 'College Name', dataType: 'searchSelect', section: 'education', order: 60, target: 'profile',
    options: COLLEGES, validation: { required: true }, ui: { allowFreeText: true },
    visibleWhen: { fieldKey: 'enrolledInCollege', in: ['1'] } },
  { key: 'interestedColleges', name: 'Potential College Name', dataType: 'multiSelect', section: 'education', order: 70,
    target: 'profile', options: COLLEGES, validation: { maxItems: 2, messages: { maxItems: 'Please choose at most 2 colleges!' } },
    visibleWhen: { fieldKey: 'enrolledInCollege', in: ['0'] } },
  { key: 'collegeGraduationDate', name: 'Expected College Graduation Date', dataType: 'monthYear', section: 'education',
    order: 80, target: 'profile', validation: { ...EDUCATION_DATE } },
  { key: 'fieldOfStudy', name: 'Field of Study', dataType: 'select', section: 'education', order: 90, target: 'profile',
    options: FIELDS_OF_STUDY, validation: { required: true } },
  { key: 'degreeType', name: 'Degree Type', dataType: 'select', section: 'education', order: 100, target: 'profile',
    options: DEGREE_TYPES, validation: { required: true } },
  { key: 'gpa', name: 'GPA', dataType: 'grade', section: 'education', order: 110, target: 'profile',
    validation: { required: true } },
  { key: 'careerGoal', name: 'Career Goal', dataType: 'select', section: 'education', order: 120, target: 'profile',
    options: CAREER_GOALS, validation: { required: true } },
  { key: 'militaryAffiliation', name: 'Military Affiliation', dataType: 'select', section: 'education', order: 130,
    target: 'profile', options: MILITARY_AFFILIATIONS, validation: { required: true } },
  { key: 'isInterestedInOnlineStudy', name: 'Interested in online study?', dataType: 'select', section: 'education',
    order: 140, target: 'profile', options: ONLINE_STUDY, ui: { radio: true } },

  // Manage your data (Education tab)
  { key: 'privacyStateResident', name: 'I am a resident of Colorado, Connecticut, Virginia or Utah', dataType: 'checkbox',
    section: 'privacy', order: 10, target: 'profile' },
  { key: 'consentSensitiveDataUse', name: 'I consent to the collection and use of my ethnicity and citizenship information',
    dataType: 'checkbox', section: 'privacy', order: 20, target: 'profile', ui: { disabled: true } },
  { key: 'consentSensitiveDataSale', name: 'I consent to the sale of my ethnicity and citizenship information',
    dataType: 'checkbox', section: 'privacy', order: 30, target: 'profile', ui: { disabled: true } },

  // Contact tab
  { key: 'phone', name: 'Contact Number', dataType: 'phone', section: 'contact', order: 10, target: 'account',
    validation: { required: true, messages: { required: 'Please input your phone number!' } } },
  { key: 'email', name: 'Email', dataType: 'email', section: 'contact', order: 20, target: 'account',
    validation: { required: true, messages: { required: 'Please input your email address!' } } },
];

export const PROFILE_FORMS: FormLayout[] = [
  { key: 'profile-basic', title: 'Basic', sections: ['basic'] },
  { key: 'profile-education', title: 'Education', sections: ['education', 'privacy'] },
  { key: 'profile-contact', title: 'Contact', sections: ['contact'] },
  {
    key: 'registration',
    title: 'Complete your profile',
    description: 'Tell us about yourself so we can match you with scholarships.',
    sections: ['basic', 'education'],
  },
];
