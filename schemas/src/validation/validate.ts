import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../compiler/json-schema.js';
import { addFormKeywords } from './keywords.js';

/** One problem with a submitted form, in the shape the browser shows under a field. */
export interface FieldError {
  /** Dot path of the field ('dob', 'gpa.grade'); '' for the form as a whole. */
  path: string;
  message: string;
}

// ajv-formats is CommonJS; depending on the loader its default export may arrive wrapped once.
type AjvPlugin = (ajv: Ajv) => Ajv;
const formatsModule = addFormatsModule as unknown as AjvPlugin & { default?: AjvPlugin };
const addFormats = formatsModule.default ?? formatsModule;

/** An Ajv instance configured exactly as the browser's (RJSF validator + the same plugins). */
export function createFormAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return addFormKeywords(ajv);
}

function dotPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/**
 * Where an error belongs. ajv reports a missing property (and ajv-errors its message) on the
 * parent object; the person needs it under the missing field itself.
 */
function errorPath(error: ErrorObject): string {
  const parent = dotPath(error.instancePath);
  const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0]?.params as { missingProperty?: string } | undefined;
  const missing = (error.params as { missingProperty?: string }).missingProperty ?? inner?.missingProperty;
  if (!missing) return parent;
  return parent ? `${parent}.${missing}` : missing;
}

export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors ?? []) {
    // `if` only says a branch failed; the branch's own errors carry the words.
    if (error.keyword === 'if') continue;
    const item = { path: errorPath(error), message: error.message ?? 'is invalid' };
    const id = `${item.path}\u0000${item.message}`;
    if (!seen.has(id)) {
      seen.add(id);
      result.push(item);
    }
  }
  return result;
}

/** Validates answers against compiled schemas, compiling each schema version once. */
export class FormValidator {
  private readonly ajv = createFormAjv();
  private readonly compiled = new Map<string, ValidateFunction>();

  /**
   * Compiles a schema once per `cacheKey` (e.g. `${formKey}@${version}`). Throws when ajv cannot
   * compile it, which is how a form the browser could not validate either is caught early.
   */
  prepare(cacheKey: string, schema: JsonSchema): ValidateFunction {
    let validateFn = this.compiled.get(cacheKey);
    if (!validateFn) {
      validateFn = this.ajv.compile(schema);
      this.compiled.set(cacheKey, validateFn);
    }
    return validateFn;
  }

  /** Forgets compiled schemas not named in `keep` (versions no longer served). */
  retain(keep: ReadonlySet<string>): void {
    for (const key of this.compiled.keys()) if (!keep.has(key)) this.compiled.delete(key);
  }

  validate(cacheKey: string, schema: JsonSchema, data: unknown): FieldError[] {
    const validateFn = this.prepare(cacheKey, schema);
    return validateFn(data) ? [] : toFieldErrors(validateFn.errors);
  }
}
