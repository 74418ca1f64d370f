import type { INestApplication } from '@nestjs/common';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject, type OperationObject, type SchemaObject } from '@nestjs/swagger';
import { API_PREFIX } from './addresses.js';
import { ErrorBodyDto } from './error-body.js';
import { OPERATION_ID } from './operation-id.js';
import { ALLOWED_ROLES, IS_PUBLIC, KEY_SCOPE } from './route-access.js';

const BEARER = 'bearer';
/** The API keys' scheme (docs/api.md, "API keys"). */
const API_KEY = 'apiKey';
const ERROR_BODY = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${ErrorBodyDto.name}` } } } };

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('ScholarMatch API')
    .setDescription(
      'Scholarship matching and applications. Every form is served as JSON Schema + UI schema compiled from field ' +
        'definitions in PostgreSQL. Success bodies are `{ statusCode, message?, data }`; every error is ' +
        '`{ statusCode, error, message, description, errors? }` where `description` is the sentence to show.',
    )
    .setVersion('1')
    .addServer('/', "The server that serves this document (paths carry the /api/v1 prefix; the original client's few addresses under /api are aliases)")
    .addBearerAuth(undefined, BEARER)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'smk_live_…',
        description:
          "An organisation owner's API key (`Authorization: Bearer smk_live_…`), made in the studio or with createApiKey. It acts as " +
          'its creator on the operations that name a key scope (`x-key-scope`) it holds; elsewhere 403 KEY_SCOPE_MISSING. Revoked, ' +
          'unknown: 401 KEY_INVALID; expired: 401 KEY_EXPIRED. Limited per key (RateLimit-* headers, 429 KEY_RATE_LIMITED).',
      },
      API_KEY,
    )
    .addSecurityRequirements(BEARER)
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [ErrorBodyDto] });
  describeSeedAliases(document);
  const handlers = handlerFacts(app);
  applyRouteAccess(document, handlers);
  nameOperations(document, handlers);
  visitSchemas(document, typeNullableUnions);
  return document;
}

/** Swagger UI at /api/docs, the OpenAPI JSON at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'ScholarMatch API',
  });
}

/** Swagger names the operations of a handler with several paths `Controller_method[0]`, `[1]`, ... */
const ALIASED_OPERATION = /^(.+)\[\d+\]$/;
const ALIAS_SUFFIX = '_seedAddress';

/**
 * A handler served at its `/api/v1` path and at an original address (common/addresses.ts): the
 * `/api/v1` operation keeps the handler's own operationId, and the original address is documented
 * as its alias (`<operationId>_seedAddress`, `x-alias-of`), so each operationId stays unique.
 */
function describeSeedAliases(document: OpenAPIObject): void {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OperationObject>).map(([method, operation]) => ({ path, method, operation, handler: handlerOf(operation) })),
  );
  const mainPathOf = new Map(operations.filter((op) => op.handler && op.path.startsWith(`/${API_PREFIX}/`)).map((op) => [op.handler, op.path]));
  for (const { path, method, operation, handler } of operations) {
    if (!handler) continue;
    const main = mainPathOf.get(handler);
    if (!main) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} has no path under /${API_PREFIX}`);
    if (path === main) {
      operation.operationId = handler;
      continue;
    }
    operation.operationId = `${handler}${ALIAS_SUFFIX}`;
    operation.summary = `The original address of ${method.toUpperCase()} ${main}. ${operation.summary ?? ''}`.trim();
    Object.assign(operation, { 'x-alias-of': main });
  }
}

/** The handler's operationId when it has several paths, else undefined. */
function handlerOf(operation: OperationObject): string | undefined {
  return operation.operationId ? ALIASED_OPERATION.exec(operation.operationId)?.[1] : undefined;
}

interface HandlerFacts {
  isPublic: boolean;
  /** The roles @Roles() allows (users/user.entity.ts), only named in the 403's description. */
  roles: string[];
  /** Its @OperationId(). */
  name?: string;
  /** The scope an API key needs to call it (@KeyScope()); none: no key may. */
  keyScope?: string;
}

/**
 * Who may call each handler and its operation's name, by Nest's default operationId
 * (`Controller_method`), read from the same metadata and with the same precedence (handler, then
 * class) as the AuthGuard.
 */
function handlerFacts(app: INestApplication): Map<string, HandlerFacts> {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const facts = new Map<string, HandlerFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const prototype = metatype.prototype as Record<string, (...args: unknown[]) => unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const targets = [prototype[name], metatype];
        facts.set(`${metatype.name}_${name}`, {
          isPublic: reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) === true,
          roles: reflector.getAllAndOverride<string[] | undefined>(ALLOWED_ROLES, targets) ?? [],
          name: reflector.get<string | undefined>(OPERATION_ID, prototype[name]),
          keyScope: reflector.getAllAndOverride<string | undefined>(KEY_SCOPE, targets),
        });
      }
    }
  }
  return facts;
}

/**
 * Gives every operation its @OperationId() (docs/api.md, "Operation names"), and an original
 * address its alias of it; a route without one, or two routes with one name, fail the build of
 * the document (`npm run openapi`, and the tests that build it).
 */
function nameOperations(document: OpenAPIObject, handlers: Map<string, HandlerFacts>): void {
  const taken = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, OperationObject>)) {
      const handler = operation.operationId?.replace(ALIAS_SUFFIX, '') ?? '';
      const name = handlers.get(handler)?.name;
      if (!name) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} (${handler}) has no @OperationId()`);
      const operationId = operation.operationId?.endsWith(ALIAS_SUFFIX) ? `${name}${ALIAS_SUFFIX}` : name;
      const other = taken.get(operationId);
      if (other) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} and ${other} are both named ${operationId}`);
      taken.set(operationId, `${method.toUpperCase()} ${path}`);
      operation.operationId = operationId;
    }
  }
}

/**
 * Security follows @Public(), so no controller can forget it: the document requires a bearer token
 * everywhere, public operations say `security: []`, and the others document the guard's 401 (and
 * 403 when @Roles() limits them). @ApiBearerAuth() on a controller changes nothing. Operations
 * that take a body, a path or a query parameter document the validation pipe's 400.
 */
function applyRouteAccess(document: OpenAPIObject, access: Map<string, HandlerFacts>): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, OperationObject>)) {
      const handler = operation.operationId?.replace(ALIAS_SUFFIX, '');
      const found = handler ? access.get(handler) : undefined;
      if (!found) throw new Error(`OpenAPI: no handler found for ${method.toUpperCase()} ${path} (${operation.operationId})`);
      const takesInput = operation.requestBody !== undefined || (operation.parameters ?? []).some((p) => 'in' in p && (p.in === 'path' || p.in === 'query'));
      if (takesInput) {
        operation.responses['400'] ??= {
          description: 'The body or a parameter does not validate (`description`, and `errors` by field)',
          ...ERROR_BODY,
        };
      }
      if (found.isPublic) {
        operation.security = [];
        continue;
      }
      delete operation.security;
      operation.responses['401'] ??= {
        description: 'No valid access token (errorCode TOKEN_MISSING, TOKEN_EXPIRED or TOKEN_INVALID)',
        ...ERROR_BODY,
      };
      if (found.roles.length) {
        operation.responses['403'] ??= {
          description: `Only for ${found.roles.join(', ')} (errorCode FORBIDDEN_ROLE)`,
          ...ERROR_BODY,
        };
      }
      if (found.keyScope) declareKeyScope(operation, found.keyScope);
    }
  }
}

/**
 * An operation an API key may call: a person's token or a key holding `scope` (the security
 * requirement, `x-key-scope`, and a sentence a reader of the description sees).
 */
function declareKeyScope(operation: OperationObject, scope: string): void {
  // OpenAPI 3.0 allows scopes in a requirement only for OAuth2: the scope is named by `x-key-scope`.
  operation.security = [{ [BEARER]: [] }, { [API_KEY]: [] }];
  Object.assign(operation, { 'x-key-scope': scope });
  const sentence = `An API key may call this operation with the \`${scope}\` scope.`;
  operation.description = operation.description ? `${operation.description}\n\n${sentence}` : sentence;
}

/**
 * OpenAPI 3.0 ignores `nullable` without a `type` beside it, so `{ oneOf: [...], nullable: true }`
 * says nothing about null. The same meaning, stated validly: the first alternative is nullable
 * (only one, so that null still matches exactly one branch of a oneOf).
 */
function typeNullableUnions(schema: SchemaObject): void {
  const union = schema.oneOf ? 'oneOf' : 'anyOf';
  const branches = schema[union];
  if (!schema.nullable || schema.type || !branches) return;
  const first = branches.findIndex((branch) => 'type' in branch && branch.type !== undefined);
  if (first < 0) throw new Error('OpenAPI: a nullable union needs an alternative with a type');
  // Copies: DTOs may share the alternatives' objects with schemas that are not nullable.
  schema[union] = branches.map((branch, index) => (index === first ? { ...branch, nullable: true } : branch));
  delete schema.nullable;
}

/** Calls `visit` on every schema object of the document (components and inline). */
function visitSchemas(node: unknown, visit: (schema: SchemaObject) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) visitSchemas(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if ('nullable' in record || 'oneOf' in record || 'anyOf' in record) visit(record as SchemaObject);
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'example' && key !== 'examples') visitSchemas(value, visit);
  }
}
