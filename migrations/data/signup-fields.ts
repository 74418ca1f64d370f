/**
 * The sign-up form (as in the original product): the names, e-mail and phone
 * borrowed from the profile tabs, then a password, its confirmation and the two required consents.
 */
import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';

type SeedField = Omit<FieldDefinition, 'id'>;

export const SIGNUP_FIELDS: SeedField[] = [
  { key: 'password', name: 'Password', dataType: 'text', section: 'signup', order: 10, target: 'account',
    ui: { secret: true },
    validation: {
      required: true,
      minLength: 8,
      maxLength: 1024,
      messages: { required: 'Please input your password', minLength: 'Password must be at least 8 characters long!', maxLength: 'Password must be at most 1024 characters long!' },
    } },
  { key: 'confirmPassword', name: 'Confirm Password', dataType: 'text', section: 'signup', order: 20, target: 'account',
    ui: { secret: true },
    validation: {
      required: true,
      maxLength: 1024,
      sameAs: 'password',
      messages: { required: 'Please confirm your password!', sameAs: 'Passwords do not match!' },
    } },
  { key: 'consentToContact', name: 'I agree to receive calls and text messages about scholarships and my account',
    dataType: 'checkbox', section: 'signup', order: 30, target: 'account', validation: { required: true } },
  { key: 'acceptTerms', name: 'I agree to the Terms of Use, the Privacy Policy and the Official Scholarship Rules',
    dataType: 'checkbox', section: 'signup', order: 40, target: 'account', validation: { required: true } },
];

export const SIGNUP_FORM: FormLayout = {
  key: 'signup',
  title: 'Sign up',
  sections: ['signup'],
  fields: ['firstName', 'lastName', 'email', 'phone'],
};
