import { Injectable } from '@nestjs/common';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';
import { addFormKeywords, type CompiledForm, KEYWORD_RULES_MODULE } from '@scholarmatch/schemas';
import { build } from 'esbuild';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientHasVersion } from '../common/json-reply.js';

/** A form version's validator as an ES module the browser imports. */
export interface ValidatorModule {
  code: string;
  etag: string;
}

/**
 * The browser's ajv options, exactly as `customizeValidator` in the web app applied them before
 * (RJSF's defaults + ajv-errors + the project's keywords), so precompiled validation reaches the
 * same verdict with the same words as the server's `FormValidator`.
 */
const BROWSER_AJV = {
  ajvOptionsOverrides: { allErrors: true, code: { lines: false, optimize: true } },
  extenderFn: addFormKeywords,
} as unknown as Parameters<typeof compileSchemaValidatorsCode>[1];

/** Where esbuild resolves the generated code's imports (ajv's runtime, ajv-formats). */
const RESOLVE_FROM = fileURLToPath(new URL('.', import.meta.url));

/**
 * The keyword rules' source for the bundle: the schemas package's build when it exists, else its
 * TypeScript source (esbuild compiles it), so the server also works where the package was never
 * built (the server's tests import the schemas from source).
 */
function keywordRulesFile(): string {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('@scholarmatch/schemas/package.json'));
  const built = path.join(packageDir, 'dist', 'validation', 'keyword-rules.js');
  return existsSync(built) ? built : path.join(packageDir, 'src', 'validation', 'keyword-rules.ts');
}

/**
 * Compiles each form version into ajv standalone code, served as a cacheable JavaScript module, so
 * the browser validates without `new Function` (the content security policy forbids
 * 'unsafe-eval') and without shipping or running ajv's compiler.
 *
 * ajv's standalone code `require`s its runtime helpers (deep equality, string length, formats)
 * and our keyword rules by package path; esbuild bundles those into one self-contained ES module.
 * A version never changes, so each is compiled once (25-40 ms of ajv on the event loop for a
 * 20-field form, then 10-20 ms of esbuild in its own process) and kept.
 */
@Injectable()
export class StandaloneValidators {
  private readonly modules = new LRUCache<string, Promise<ValidatorModule>>({ max: 2_000 });

  /** The module for one form version; `cacheKey` must name that version (e.g. `${key}@${version}`). */
  moduleFor(cacheKey: string, form: Pick<CompiledForm, 'schema'>): Promise<ValidatorModule> {
    let module = this.modules.get(cacheKey);
    if (!module) {
      module = this.compile(form.schema as RJSFSchema);
      // A failed compile is not remembered, so the next request tries again.
      module.catch(() => this.modules.delete(cacheKey));
      this.modules.set(cacheKey, module);
    }
    return module;
  }

  private async compile(schema: RJSFSchema): Promise<ValidatorModule> {
    const standalone = compileSchemaValidatorsCode(schema, BROWSER_AJV);
    const bundled = await build({
      stdin: { contents: standalone, resolveDir: RESOLVE_FROM, loader: 'js', sourcefile: 'validator.js' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
      alias: { [KEYWORD_RULES_MODULE]: keywordRulesFile() },
    });
    const code = bundled.outputFiles[0].text;
    return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"` };
  }
}

/**
 * Sends a validator module. Its address names the version, so it never changes: browsers keep it
 * for a year without asking again (and a 304 answers those that do ask).
 */
export function sendValidatorModule(request: FastifyRequest, reply: FastifyReply, module: ValidatorModule): void {
  reply.header('etag', module.etag).header('cache-control', 'public, max-age=31536000, immutable');
  if (clientHasVersion(request, module.etag)) {
    reply.status(304).send();
    return;
  }
  reply.type('text/javascript; charset=utf-8').send(module.code);
}

/** Where a catalogue form version's validator module is served (FormsController). */
export function formValidatorUrl(formKey: string, version: string): string {
  return `/api/v1/forms/${formKey}/validator.js?version=${version}`;
}

/** Where a requirement form version's validator module is served (ApplicationsController). */
export function requirementValidatorUrl(scholarshipId: string, version: string): string {
  return `/api/v1/scholarships/${scholarshipId}/form/validator.js?version=${version}`;
}

/** OpenAPI for a validator module route (the body is JavaScript, not the JSON envelope). */
/** The OpenAPI example of a validator module: its shape, shortened (the real one is minified ajv code). */
export const VALIDATOR_MODULE_EXAMPLE = 'var s={"profile-basic":c};function c(e,{instancePath:t="",rootData:r=e}={}){/* … */return c.errors=null,!0}export{s as default};';

export const VALIDATOR_MODULE_DESCRIPTION =
  'ajv standalone validation code for one form version, as an ES module whose default export maps ' +
  "schema ids to validate functions (RJSF's precompiled-validator format). Public: a module import " +
  'cannot send a bearer token, and the version (a hash of the form) is only known to whoever was served the form. ' +
  'Cached for a year (immutable).';
