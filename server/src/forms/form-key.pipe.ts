import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';

const FORM_KEY = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * Checks a form key path parameter. A plain pipe rather than a class-validator DTO: the form
 * routes are the hottest public reads, and a regex costs a fraction of a DTO instantiation.
 */
@Injectable()
export class FormKeyPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!FORM_KEY.test(value)) {
      throw new ApiError(400, 'A form key has lower-case letters, digits and dashes only.', {
        errors: [{ path: 'formKey', message: 'A form key has lower-case letters, digits and dashes only.' }],
      });
    }
    return value;
  }
}
