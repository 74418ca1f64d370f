import { describe, expect, it } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import { transformErrors } from '../../src/forms/transform-errors';

function requiredMessage(property: string, missingProperty: string, message: string): RJSFValidationError {
  return {
    name: 'errorMessage',
    property,
    message,
    stack: message,
    params: { errors: [{ keyword: 'required', params: { missingProperty } }] },
  };
}

describe('transformErrors', () => {
  it('moves a required message from the form root to the missing field', () => {
    const [error] = transformErrors([requiredMessage('', 'dob', 'Please select your date of birth!')]);
    expect(error.property).toBe('.dob');
    expect(error.message).toBe('Please select your date of birth!');
  });

  it('moves a required message inside a group to the missing part', () => {
    const [error] = transformErrors([requiredMessage('.gpa', 'grade', 'Please input your gpa!')]);
    expect(error.property).toBe('.gpa.grade');
  });

  it('leaves messages of other keywords where they are', () => {
    const pattern: RJSFValidationError = {
      name: 'errorMessage',
      property: '.phone',
      message: 'Please enter only digits!',
      stack: 'Please enter only digits!',
      params: { errors: [{ keyword: 'pattern', params: { pattern: '^\\+[0-9]{4,15}$' } }] },
    };
    expect(transformErrors([pattern])).toEqual([pattern]);
  });

  it('drops "must match then schema": the branch reports its own errors', () => {
    const ifError: RJSFValidationError = { name: 'if', property: '.gpa', message: 'must match "then" schema', stack: '' };
    expect(transformErrors([ifError])).toEqual([]);
  });
});
