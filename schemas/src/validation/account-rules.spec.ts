import { compileForm } from '../compiler/compile-form.js';
import { PASSWORD_MESSAGES, PASSWORD_POLICY, passwordPolicyProblem } from '../domain/password.js';
import type { FieldDefinition, FormLayout } from '../vocabulary.js';
import { FormValidator } from './validate.js';

/** The sign-up form's rules: borrowed fields, masked passwords, the confirmation and the policy. */
describe('sign-up style forms', () => {
  const fields: FieldDefinition[] = [
    { id: 1, key: 'firstName', name: 'First Name', dataType: 'text', section: 'basic', order: 10, target: 'account', validation: { required: true } },
    { id: 2, key: 'dob', name: 'Birthday', dataType: 'date', section: 'basic', order: 20, target: 'account' },
    { id: 3, key: 'email', name: 'Email', dataType: 'email', section: 'contact', order: 10, target: 'account' },
    { id: 4, key: 'password', name: 'Password', dataType: 'text', section: 'signup', order: 10, target: 'account', ui: { secret: true },
      validation: { required: true, minLength: PASSWORD_POLICY.minLength, messages: { minLength: PASSWORD_MESSAGES.tooShort } } },
    { id: 5, key: 'confirmPassword', name: 'Confirm Password', dataType: 'text', section: 'signup', order: 20, target: 'account',
      ui: { secret: true }, validation: { required: true, sameAs: 'password', messages: { sameAs: 'Passwords do not match!' } } },
  ];
  const layout: FormLayout = { key: 'signup', title: 'Sign up', sections: ['signup'], fields: ['email', 'firstName'] };
  const form = compileForm(layout, fields);
  const validator = new FormValidator();
  const errorsOf = (data: object) => validator.validate(`signup@${form.version}`, form.schema, data);

  it('borrows single fields of other sections first, in the order listed, and nothing else of them', () => {
    expect(form.uiSchema['ui:order']).toEqual(['email', 'firstName', 'password', 'confirmPassword', '*']);
    expect(form.schema.properties).not.toHaveProperty('dob');
  });

  it('masks secrets', () => {
    const fieldUi = form.uiSchema as Record<string, Record<string, unknown>>;
    expect(fieldUi.password['ui:widget']).toBe('password');
    expect(fieldUi.email['ui:widget']).not.toBe('password');
  });

  it("requires the confirmation to equal the password, with the original words", () => {
    const base = { email: 'a@b.co', firstName: 'Ada', password: 'long enough' };
    expect(errorsOf({ ...base, confirmPassword: 'long enough' })).toEqual([]);
    expect(errorsOf({ ...base, confirmPassword: 'long enougH' })).toEqual([{ path: 'confirmPassword', message: 'Passwords do not match!' }]);
    expect(errorsOf({ ...base, password: 'short', confirmPassword: 'short' })).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters long!' },
    ]);
  });

  it('judges a typed password by the same policy the sign-up form carries', () => {
    expect(passwordPolicyProblem('seven77')).toBe('Password must be at least 8 characters long!');
    expect(passwordPolicyProblem('x'.repeat(PASSWORD_POLICY.maxLength + 1))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordPolicyProblem('a long passphrase')).toBeNull();
  });
});
