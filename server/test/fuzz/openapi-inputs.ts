/**
 * Deterministic fuzz inputs from the committed OpenAPI document: for every operation a
 * valid-looking request, then mutations of its body, path and query parameters and content type.
 * Pure: no I/O, no dependencies; the same seed gives the same cases.
 */

export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  allOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: OpenApiSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: OpenApiSchema }> };
  security?: unknown[];
  /** The API-key scope that lets a key call it (docs/api.md, "API keys"); absent: keys may not. */
  'x-key-scope'?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** One request to send: `payload` undefined means no body at all. */
export interface FuzzCase {
  operation: string;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** mulberry32: a small seeded PRNG, enough to vary the samples reproducibly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(random() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const HUGE_STRING = 'x'.repeat(100 * 1024);
/** Emoji, RTL, combining marks, a lone surrogate, zero-width and NUL characters. */
export const UNICODE_STRINGS = ['Zoë 😀👩‍👩‍👧 𝕊', '\u202Eevil\u202C مرحبا שלום', 'a\u0000b', 'e\u0301\u0301\u0301 \u200B\uFEFF', '\uD800 lone', '\u0001\u001F\u007F'];
export const SQL_STRINGS = ["' OR 1=1 --", "'; DROP TABLE users; --", '" OR ""="', '%_\\', '$1::text'];
export const TRAVERSAL_STRINGS = ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '....//....//etc/passwd'];
const NUMBERS: unknown[] = [-1, 0, -0.5, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER * 1000, 'NaN', 'Infinity', '1e309', '0x10'];
const MALFORMED_JSON = ['{', '{"a":', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '[1,2', '\u0000', '{"a":"\\uZZZZ"}', '{"__proto__":{"polluted":true}}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]'];
/** Deep nesting: class-transformer and validators recurse over it. */
const DEEP_JSON = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;

export function resolveSchema(doc: OpenApiDocument, schema: OpenApiSchema | undefined, depth = 0): OpenApiSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return depth > 8 ? { type: 'object' } : resolveSchema(doc, doc.components?.schemas?.[name], depth + 1);
  }
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((s) => resolveSchema(doc, s, depth + 1));
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  if (schema.oneOf?.length || schema.anyOf?.length) return resolveSchema(doc, (schema.oneOf ?? schema.anyOf)![0], depth + 1);
  return schema;
}

/** A plausible value for the schema: its example, enum, default or something of the right type. */
export function sampleValue(doc: OpenApiDocument, raw: OpenApiSchema | undefined, random: () => number, depth = 0): unknown {
  const schema = resolveSchema(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[Math.floor(random() * schema.enum.length)];
  if (schema.default !== undefined) return schema.default;
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return randomUuid(random);
      if (schema.format === 'date' || schema.format === 'date-time') return '2007-04-12';
      if (schema.format === 'email') return `fuzz.${Math.floor(random() * 1e9)}@example.com`;
      return `fuzz-${Math.floor(random() * 1e6)}`.slice(0, Math.max(schema.maxLength ?? 20, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return schema.minimum ?? Math.floor(random() * 100);
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return depth > 4 ? [] : [sampleValue(doc, schema.items, random, depth + 1)];
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sampleValue(doc, prop, random, depth + 1);
      return out;
    }
    default:
      return 'fuzz';
  }
}

/** Values of the wrong type for a field of this schema (plus null). */
function wrongTypes(schema: OpenApiSchema): unknown[] {
  switch (schema.type) {
    case 'string':
      return [12345, true, { nested: 'object' }, ['array'], null];
    case 'number':
    case 'integer':
      return ['not a number', true, [1], { n: 1 }, null];
    case 'boolean':
      return ['yes', 2, [], null];
    case 'array':
      return [{ not: 'an array' }, 'string', 7, [null, 1, 'x', [], {}], null];
    default:
      return ['string', 42, [{}], null];
  }
}

/** Hostile values for a field: huge, unicode, SQL metacharacters, extreme numbers. */
function hostileValues(schema: OpenApiSchema): unknown[] {
  if (schema.type === 'number' || schema.type === 'integer') return NUMBERS;
  if (schema.type === 'string' || schema.type === undefined) return [HUGE_STRING, '', '   ', ...UNICODE_STRINGS, ...SQL_STRINGS.slice(0, 2), TRAVERSAL_STRINGS[0], '0000-00-00', '-999999-01-01'];
  if (schema.type === 'array') return [Array.from({ length: 2000 }, () => 'x'), [HUGE_STRING]];
  return [];
}

interface BodyCase {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** The body cases of a JSON request body: the valid-looking one, then its mutations. */
export function bodyCases(doc: OpenApiDocument, raw: OpenApiSchema | undefined, random: () => number): BodyCase[] {
  const schema = resolveSchema(doc, raw);
  const valid = sampleValue(doc, schema, random);
  const json = (label: string, value: unknown): BodyCase => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });
  const cases: BodyCase[] = [json('valid', valid)];
  if (valid && typeof valid === 'object' && !Array.isArray(valid)) {
    const base = valid as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      const { [key]: _dropped, ...rest } = base;
      cases.push(json(`missing ${key}`, rest));
    }
    cases.push(json('all required missing', {}));
    for (const [key, propRaw] of Object.entries(schema.properties ?? {})) {
      const prop = resolveSchema(doc, propRaw);
      for (const value of wrongTypes(prop)) cases.push(json(`${key}: wrong type ${JSON.stringify(value)?.slice(0, 20)}`, { ...base, [key]: value }));
      for (const value of hostileValues(prop)) cases.push(json(`${key}: hostile ${JSON.stringify(value)?.slice(0, 20)}`, { ...base, [key]: value }));
      if (prop.type === 'array' && prop.items) {
        const item = resolveSchema(doc, prop.items);
        if (item.type === 'object' || item.properties) {
          const sample = sampleValue(doc, item, random) as Record<string, unknown>;
          for (const [inner, innerRaw] of Object.entries(item.properties ?? {})) {
            const innerSchema = resolveSchema(doc, innerRaw);
            for (const value of [...wrongTypes(innerSchema).slice(0, 2), HUGE_STRING, UNICODE_STRINGS[2], -1, 1e308]) {
              cases.push(json(`${key}[0].${inner}: ${JSON.stringify(value)?.slice(0, 20)}`, { ...base, [key]: [{ ...sample, [inner]: value }] }));
            }
          }
        }
      }
    }
    cases.push(json('extra unknown fields', { ...base, unknownField: 'x', isAdmin: true, role: 'admin', id: randomUuid(random) }));
    cases.push({ label: '__proto__ pollution', payload: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(base).slice(1)}`, contentType: 'application/json' });
    cases.push(json('many fields', Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i]))));
  }
  cases.push(json('array instead of object', [valid]));
  cases.push(json('string body', 'just a string'));
  cases.push(json('number body', 42));
  cases.push(json('null body', null));
  cases.push(json('true body', true));
  for (const text of MALFORMED_JSON) cases.push({ label: `malformed ${text.slice(0, 12)}`, payload: text, contentType: 'application/json' });
  cases.push({ label: 'deeply nested', payload: DEEP_JSON, contentType: 'application/json' });
  cases.push({ label: 'empty body (json type)', payload: '', contentType: 'application/json' });
  cases.push({ label: 'no body' });
  cases.push({ label: 'text/plain', payload: JSON.stringify(valid), contentType: 'text/plain' });
  cases.push({ label: 'form-urlencoded', payload: 'a=1&b=%00&c[]=x', contentType: 'application/x-www-form-urlencoded' });
  cases.push({ label: 'xml', payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: 'application/xml' });
  cases.push({ label: 'multipart to a JSON route', payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' });
  cases.push({ label: 'json, utf-16 charset', payload: Buffer.from(JSON.stringify(valid), 'utf16le'), contentType: 'application/json; charset=utf-16' });
  cases.push({ label: 'json, no content type', payload: JSON.stringify(valid) });
  cases.push({ label: 'invalid utf-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json' });
  cases.push({ label: 'bogus content type', payload: JSON.stringify(valid), contentType: 'application/json; boundary=";;;' });
  return cases;
}

/** Values to try for one path or query parameter. */
export function parameterValues(param: OpenApiParameter, random: () => number, known: string[] = []): { label: string; value: string }[] {
  const schema = param.schema ?? {};
  const values: { label: string; value: string }[] = known.map((value) => ({ label: 'known', value }));
  if (schema.enum) for (const value of schema.enum) values.push({ label: 'enum', value: String(value) });
  if (schema.example !== undefined) values.push({ label: 'example', value: String(schema.example) });
  values.push({ label: 'random uuid', value: randomUuid(random) });
  values.push({ label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' });
  values.push({ label: 'uppercase uuid', value: randomUuid(random).toUpperCase() });
  values.push({ label: 'not a uuid', value: 'not-a-uuid' });
  values.push({ label: 'almost a uuid', value: `${randomUuid(random)}0` });
  for (const value of NUMBERS) values.push({ label: 'number', value: String(value) });
  for (const value of SQL_STRINGS) values.push({ label: 'sql', value });
  for (const value of TRAVERSAL_STRINGS) values.push({ label: 'traversal', value });
  for (const value of UNICODE_STRINGS) values.push({ label: 'unicode', value });
  values.push({ label: 'huge', value: 'y'.repeat(param.in === 'path' ? 4000 : 20000) });
  values.push({ label: 'empty', value: '' });
  return values;
}

const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  }
};

export interface CaseOptions {
  seed?: number;
  /** Real values to try for a path parameter, by parameter name (e.g. an existing scholarship id). */
  known?: (operation: string, parameter: string) => string[];
}

/** Every case of one operation: parameters varied one at a time, then the body's mutations. */
export function operationCases(doc: OpenApiDocument, route: string, method: string, options: CaseOptions = {}): FuzzCase[] {
  const operation = `${method.toUpperCase()} ${route}`;
  const op = doc.paths[route][method];
  const random = prng((options.seed ?? 7) ^ [...operation].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 0));
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const known = (p: OpenApiParameter) => options.known?.(operation, p.name) ?? [];
  const defaults = new Map(params.map((p) => [p.name, known(p)[0] ?? String(sampleValue(doc, p.schema, random))]));

  const buildUrl = (values: Map<string, string | undefined>, extraQuery = '') => {
    let url = route;
    const query: string[] = [];
    for (const p of params) {
      const value = values.get(p.name);
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encode(value ?? ''));
      else if (value !== undefined) query.push(`${encode(p.name)}=${encode(value)}`);
    }
    if (extraQuery) query.push(extraQuery);
    return query.length ? `${url}?${query.join('&')}` : url;
  };

  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const isMultipart = Boolean(content['multipart/form-data']);
  const hasJsonBody = Boolean(op.requestBody) && !isMultipart;
  const validBody = hasJsonBody ? JSON.stringify(sampleValue(doc, jsonSchema, random)) : undefined;
  const jsonHeaders = (contentType?: string): Record<string, string> => (contentType ? { 'content-type': contentType } : {});

  const cases: FuzzCase[] = [];
  const push = (label: string, url: string, payload?: string | Buffer, contentType?: string) =>
    cases.push({ operation, label, method: method.toUpperCase(), url, headers: jsonHeaders(contentType), payload });

  // Parameters, one at a time, with the valid body.
  for (const p of params) {
    for (const { label, value } of parameterValues(p, random, known(p))) {
      push(`${p.in} ${p.name}: ${label} ${value.slice(0, 24)}`, buildUrl(new Map([...defaults, [p.name, value]])), validBody, validBody ? 'application/json' : undefined);
    }
    if (p.in === 'query') {
      push(`query ${p.name}: repeated`, `${buildUrl(new Map([...defaults, [p.name, undefined]]))}${params.length ? '&' : '?'}${p.name}=1&${p.name}=2`.replace('?&', '?'), validBody, validBody ? 'application/json' : undefined);
      push(`query ${p.name}: bracket`, buildUrl(new Map([...defaults, [p.name, undefined]]), `${p.name}[a]=1`), validBody, validBody ? 'application/json' : undefined);
    }
  }
  const url = buildUrl(defaults);
  // Unknown and odd query strings on every operation.
  push('extra query', buildUrl(defaults, '__proto__[x]=1&constructor[prototype][y]=2&limit=-1&offset=1e309'), validBody, validBody ? 'application/json' : undefined);
  push('percent garbage query', buildUrl(defaults, 'a=%E0%A4%A&b=%'), validBody, validBody ? 'application/json' : undefined);
  if (!route.includes('{')) push('trailing slash', `${url.split('?')[0]}/`, validBody, validBody ? 'application/json' : undefined);

  if (hasJsonBody) {
    for (const body of bodyCases(doc, jsonSchema, random)) push(`body ${body.label}`, url, body.payload, body.contentType);
  } else if (!isMultipart && method !== 'get') {
    push('unexpected JSON body', url, JSON.stringify({ unexpected: true }), 'application/json');
    push('unexpected malformed body', url, '{', 'application/json');
  } else if (method === 'get') {
    push('valid', url);
  }
  return cases;
}

/** Every operation of the document, as `[route, method]`. */
export function operationsOf(doc: OpenApiDocument): [string, string][] {
  return Object.entries(doc.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => [route, method] as [string, string]));
}
