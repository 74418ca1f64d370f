/**
 * The chat's served forms (docs/chat.md): `login` (the chat login's two questions) and
 * `password-reset` (the code from the e-mail and the new password, asked when a login chat turns
 * into a recovery), and the chat's wording for the sign-up form's own fields.
 */
import type { FormLayout } from '@scholarmatch/schemas';
import type { SeedField } from './insert-definitions.js';

export const LOGIN_FIELDS: SeedField[] = [
  { key: 'userName', name: 'Username', dataType: 'email', section: 'login', order: 10, target: 'account', system: true,
    ui: { question: 'What is the e-mail address of your account?', placeholder: 'Your e-mail address' },
    validation: { required: true, messages: { required: 'Please input your username' } } },
  { key: 'currentPassword', name: 'Password', dataType: 'text', section: 'login', order: 20, target: 'account', system: true,
    ui: { secret: true, question: 'And your password?' },
    validation: { required: true, maxLength: 1024, messages: { required: 'Please input your password' } } },
];

export const PASSWORD_RESET_FIELDS: SeedField[] = [
  { key: 'otp', name: 'OTP', dataType: 'text', section: 'password-reset', order: 10, target: 'account', system: true,
    ui: { question: 'Please enter the 6-digit code we have just e-mailed you.', help: 'The code is valid for 10 minutes' },
    validation: { required: true, pattern: '^[0-9]{6}$', messages: { required: 'Please input the OTP from the e-mail!', pattern: 'The OTP is 6 digits.' } } },
  { key: 'newPassword', name: 'New Password', dataType: 'text', section: 'password-reset', order: 20, target: 'account', system: true,
    ui: { secret: true, question: 'Choose a new password.', help: 'At least 8 characters' },
    validation: {
      required: true,
      minLength: 8,
      maxLength: 1024,
      messages: { required: 'Please input your password!', minLength: 'Password must be at least 8 characters long!', maxLength: 'Password must be at most 1024 characters long!' },
    } },
];

export const CHAT_FORMS: FormLayout[] = [
  { key: 'login', title: 'Log in', sections: ['login'] },
  { key: 'password-reset', title: 'Reset Password', sections: ['password-reset'] },
];

/** How the chat asks the sign-up form's fields (the `ui.question` of each; a field without one gets a question made from its name). */
export const SIGNUP_QUESTIONS: Record<string, string> = {
  firstName: 'What is your first name?',
  lastName: 'And your last name?',
  email: 'What is your e-mail address?',
  phone: 'What is your mobile number?',
  password: 'Choose a password for your account (at least 8 characters).',
  confirmPassword: 'Please type the password again to confirm it.',
};
