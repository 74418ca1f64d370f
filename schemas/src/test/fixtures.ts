import type { FieldDefinition, FormLayout } from '../vocabulary.js';

/** A small profile-like form covering every data type, for compiler and validator tests. */
export const SAMPLE_FORM: FormLayout = { key: 'sample', title: 'Sample', sections: ['one', 'two'] };

let nextId = 1;
function field(partial: Omit<FieldDefinition, 'id' | 'section' | 'order' | 'target'> & Partial<FieldDefinition>): FieldDefinition {
  const id = nextId++;
  return { id, section: 'one', order: id, target: 'profile', ...partial };
}

export const SAMPLE_FIELDS: FieldDefinition[] = [
  field({ key: 'firstName', name: 'First Name', dataType: 'text', target: 'account', validation: { required: true, messages: { required: 'Please input your first name!' } } }),
  field({ key: 'dob', name: 'Date of birth', dataType: 'date', target: 'account', validation: { required: true, minAgeYears: 16, notAfterToday: true, messages: { required: 'Please select your date of birth!' } } }),
  field({ key: 'gender', name: 'Gender', dataType: 'select', options: [{ value: '1', label: 'Female' }, { value: '2', label: 'Male' }, { value: '3', label: 'Other' }], validation: { required: true } }),
  field({ key: 'enrolledInCollege', name: 'Enrolled in college', dataType: 'select', options: [{ value: '1', label: 'Yes' }, { value: '0', label: 'No' }], ui: { radio: true } }),
  field({ key: 'collegeName', name: 'College Name', dataType: 'searchSelect', visibleWhen: { fieldKey: 'enrolledInCollege', in: ['1'] }, validation: { required: true } }),
  field({ key: 'interestedColleges', name: 'Potential College Name', dataType: 'multiSelect', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }], visibleWhen: { fieldKey: 'enrolledInCollege', in: ['0'] }, validation: { maxItems: 2 } }),
  field({ key: 'gpa', name: 'GPA', dataType: 'grade', validation: { required: true } }),
  field({ key: 'highSchoolGraduationDate', name: 'High school graduation date', dataType: 'monthYear', section: 'two' }),
  field({ key: 'zipCode', name: 'Zip code', dataType: 'zip', section: 'two' }),
  field({ key: 'phone', name: 'Phone', dataType: 'phone', section: 'two', target: 'account' }),
  field({ key: 'email', name: 'Email', dataType: 'email', section: 'two', target: 'account' }),
  field({ key: 'consent', name: 'I agree', dataType: 'checkbox', section: 'two', validation: { required: true, messages: { required: 'Please Select!' } } }),
  field({ key: 'essay', name: 'Essay', dataType: 'editor', section: 'two' }),
  field({ key: 'portfolio', name: 'Portfolio', dataType: 'link', section: 'two' }),
  field({ key: 'cv', name: 'CV', dataType: 'file', section: 'two', validation: { accept: ['.pdf'] } }),
  field({ key: 'about', name: 'About', dataType: 'textarea', section: 'two' }),
  field({ key: 'siblings', name: 'Siblings', dataType: 'number', section: 'two', validation: { minimum: 0, maximum: 20 } }),
  field({ key: 'firstGen', name: 'First generation', dataType: 'boolean', section: 'two' }),
  field({ key: 'retired', name: 'Retired', dataType: 'text', section: 'two', active: false }),
  field({ key: 'elsewhere', name: 'Elsewhere', dataType: 'text', section: 'other' }),
];

/** A date of birth that makes someone exactly `years` old today (UTC). */
export function dobYearsAgo(years: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return d.toISOString().slice(0, 10);
}
