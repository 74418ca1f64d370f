import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '@scholarmatch/schemas';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ path, message }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * DTO validation for every route: unknown properties are refused, types converted. The
 * description lists the problems in one sentence (the UI shows it as is), `errors` per field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flatten(errors);
      return new BadRequestException({
        message: 'Validation failed',
        description: fieldErrors.map((e) => e.message).join('; ') || 'The request is invalid.',
        errors: fieldErrors,
      });
    },
  });
}
