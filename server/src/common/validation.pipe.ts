import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '@scholarmatch/schemas';
import { ValidateIf } from 'class-validator';
import { ApiError } from './error-body.js';

/** Deeper input than any form needs; class-transformer recursing over thousands of levels overflows the stack. */
const MAX_DEPTH = 64;
/** Half of a UTF-16 surrogate pair on its own (JSON's "\ud800"): no character, and validators throw on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Like @IsOptional(), but only an absent property is skipped: null is validated (and refused) like any value. */
export const IsOptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** Refuses input no DTO could hold before class-transformer and the validators see it (a clear 400, not a 500). */
function checkShape(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) {
      throw new ApiError(400, 'The request contains text that is not valid Unicode (an unpaired surrogate character).', { errorCode: 'INVALID_TEXT' });
    }
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_DEPTH) throw new ApiError(400, `The request is nested too deeply (at most ${MAX_DEPTH} levels).`, { errorCode: 'TOO_DEEP' });
  for (const [key, item] of Object.entries(value)) {
    checkShape(key, depth + 1);
    checkShape(item, depth + 1);
  }
}

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
class ShapeCheckingValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') checkShape(value);
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ShapeCheckingValidationPipe({
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
