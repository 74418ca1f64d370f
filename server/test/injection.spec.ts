import { sanitizeRichText } from '@scholarmatch/schemas/html';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import { XSS_LEFTOVERS, XSS_PAYLOADS } from '../../schemas/src/test/xss-corpus.js';
import { KEY_SCOPES } from '../src/auth/permissions.js';
import { InboxService } from '../src/inbox/inbox.service.js';
import { displayName } from '../src/uploads/file-names.js';
import { accountClient, dobYearsAgo } from './accounts-helpers.js';
import { type OpenApiDocument, type OpenApiSchema, operationsOf, resolveSchema } from './fuzz/openapi-inputs.js';
import { EligibilityJudgementJob } from '../src/review/eligibility-judgement.job.js';
import { jobsSettled, startTestApp, type TestApp } from './test-app.js';
import { filePart, multipartBody, pdfFile } from './upload-fixtures.js';

const OPENAPI = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/openapi.json'), 'utf8')) as OpenApiDocument;

/**
 * SQL metacharacters and injection probes: quotes, comment markers, stacked statements, time
 * delays, UNION reads, LIKE wildcards, PostgreSQL's own quoting ($1, $$, E'') and look-alike
 * Unicode quotes. None contains NUL (PostgreSQL refuses it in text; the fuzzer covers that).
 */
const SQL_PAYLOADS: readonly string[] = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '\\',
  "\\'; --",
  '%',
  '_',
  "%' --",
  '1; SELECT pg_sleep(5)',
  "'; SELECT pg_sleep(5); --",
  "' || (SELECT pg_sleep(5)) || '",
  '$1',
  '$$; DROP TABLE users; $$',
  "' UNION SELECT password FROM users --",
  "E'\\x27'",
  '’ OR ‘1’=‘1',
  '＇ OR １＝１ --',
];

/** What PostgreSQL (or the driver) says when a query breaks: none of it may reach a response. */
const SQL_ERROR =
  /syntax error at|unterminated (?:quoted|dollar)|QueryFailedError|(?:relation|column|function|table) "[^"]*" does not exist|invalid input syntax for|current transaction is aborted|SQLSTATE|at character \d+|operator does not exist|\b(?:42601|42P01|22P02|42883)\b/;

/** A request slower than this would show a pg_sleep(5) that ran. */
const SLOW_MS = 4000;

/** `providerKey`: an API key of the provider's with every key scope (docs/api.md, "API keys"). */
type Who = 'anonymous' | 'applicant' | 'provider' | 'admin' | 'pwUser' | 'providerKey';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Json = Record<string, unknown>;

/** One place a value from the caller reaches the server. */
interface Slot {
  in: 'path' | 'query' | 'body';
  /** Path into the body (or the parameter's name). */
  at: (string | number)[];
  /** 'key': the value becomes the key of an open map (e.g. eligiblityFilters). */
  as?: 'key';
  /** A body of its own for this slot (e.g. the Education tab instead of the Basic tab). */
  base?: () => Json;
}

/** How to make a valid request to one operation, so that the probe is the only thing wrong with it. */
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

interface Recipe {
  who: Who[];
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: () => Json;
  multipart?: boolean;
  extra?: Slot[];
  /** Statuses of the unchanged request, sent twice, when they are not 2xx (0: any 2xx): a made-up one-time code, a second publish. */
  controlStatus?: [number, number];
  /** Tables a refused request may still write (a failed login is counted). */
  refusalWrites?: string[];
  /** Tables a background job writes after the request (an e-mail sent from a stored row): not counted either way. */
  backgroundWrites?: string[];
  /** Body properties whose any value makes an accepted request store nothing (a honeypot): their probes expect no rows. */
  silentSlots?: string[];
  /** Runs before the unchanged request is sent twice (outside the row-count check): the state its first answer needs. */
  before?: () => Promise<void>;
  /** Runs after each slot's probes (outside the row-count check): keeps what they added from slowing the next ones. */
  cleanup?: () => Promise<void>;
  /** Keeps per-call state (a rotated refresh token, a changed password). */
  after?: (status: number, json: Json | undefined, body: Json | undefined) => void;
}

/** Resolves $ref and allOf but keeps oneOf/anyOf, so `fieldValue: string | number | ...` counts as a string slot. */
function deref(schema: OpenApiSchema | undefined): OpenApiSchema {
  if (!schema) return {};
  if (schema.$ref || schema.allOf) return resolveSchema(OPENAPI, schema);
  return schema;
}

/** Every path and query parameter, and every string property of the JSON body (through objects and arrays). */
function documentSlots(route: string, method: string): Slot[] {
  const op = OPENAPI.paths[route][method];
  const slots: Slot[] = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => ({ in: p.in as 'path' | 'query', at: [p.name]}));
  const visit = (raw: OpenApiSchema | undefined, at: (string | number)[], depth: number) => {
    if (depth > 6) return;
    const schema = deref(raw);
    const variants = (schema.oneOf ?? schema.anyOf ?? [schema]).map(deref);
    if (at.length && variants.some((v) => v.type === 'string')) slots.push({ in: 'body', at});
    for (const variant of variants) {
      for (const [key, prop] of Object.entries(variant.properties ?? {})) visit(prop, [...at, key], depth + 1);
      if (variant.type === 'array' && variant.items) visit(variant.items, [...at, 0], depth + 1);
    }
  };
  visit(op.requestBody?.content?.['application/json']?.schema, [], 0);
  return slots;
}

function getAt(body: unknown, at: (string | number)[]): unknown {
  return at.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key as string] : undefined), body);
}
function setAt(body: Json, at: (string | number)[], value: unknown): Json {
  let node: Json = body;
  at.slice(0, -1).forEach((key, i) => {
    if (!node[key as string] || typeof node[key as string] !== 'object') node[key as string] = typeof at[i + 1] === 'number' ? [] : {};
    node = node[key as string] as Json;
  });
  node[at[at.length - 1] as string] = value;
  return body;
}

interface Snapshot {
  counts: Record<string, number>;
  prints: Record<string, string>;
}

/**
 * Injection and XSS (docs/security.md): SQL metacharacters in every parameter and string property of the
 * OpenAPI document change nothing, searches treat % and _ as characters, stored strings come back
 * byte-exact, and the XSS corpus leaves no markup in HTML fields and comes back as JSON text in
 * plain-text ones. (Headers: health.spec.ts.)
 */
describe('injection and XSS', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  const tokens = {} as Record<Exclude<Who, 'anonymous'>, string>;
  const ids = {} as Record<string, string>;
  let fieldIds: Record<string, number> = {};
  let firstOption: (key: string) => string;
  let member: { id: string; email: string };
  let pwUser: { id: string; email: string };
  let loginUser: { email: string; password: string };
  let tables: string[] = [];
  let snapshotSql = '';
  let ipCounter = 0;
  let fieldCounter = 0;
  const state = { refresh: '', logout: '', password: 'first long passphrase', formVersion: '', requirementVersion: '' };

  const call = (method: Method, url: string, token?: string, body?: unknown) => api.call(method, url, { token, body, ip: nextIp() });
  const nextIp = () => {
    ipCounter += 1;
    return `10.${64 + ((ipCounter >> 16) & 63)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };
  /** Uploads a PDF; a name with quotes or control characters goes as RFC 5987 `filename*`, so it arrives exactly as given. */
  const upload = async (token: string, filename = 'cv.pdf') => {
    const plain = /^[\x20-\x7e]*$/.test(filename) && !/["\\]/.test(filename);
    const { body, contentType } = plain
      ? multipartBody([filePart(pdfFile(), filename)])
      : {
          contentType: 'multipart/form-data; boundary=xyz',
          body: Buffer.concat([
            Buffer.from(`--xyz\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(filename).replace(/'/g, '%27')}\r\nContent-Type: application/pdf\r\n\r\n`),
            pdfFile(),
            Buffer.from('\r\n--xyz--\r\n'),
          ]),
        };
    return t.app.inject({ method: 'POST', url: '/api/v1/common/upload', remoteAddress: nextIp(), headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
  };
  const snapshot = async (): Promise<Snapshot> => {
    // Work a request queued writes its rows in the background: let it finish, or it shows in the next request's counts.
    await jobsSettled(t.sql);
    // So does the minutely eligibility judgement (docs/review.md, "Eligibility") when an earlier
    // accepted write changed a scholarship's rules: judged now, its run in the next window finds nothing.
    await t.app.get(EligibilityJudgementJob).run();
    const [row] = (await t.sql.query(snapshotSql)).rows as Record<string, string | number>[];
    const counts: Record<string, number> = {};
    const prints: Record<string, string> = {};
    for (const [key, value] of Object.entries(row)) {
      if (key.startsWith('#')) prints[key.slice(1)] = String(value);
      else counts[key] = Number(value);
    }
    return { counts, prints };
  };
  /** Tables whose row count changed, with the change. */
  const deltaOf = (before: Snapshot, after: Snapshot) =>
    Object.fromEntries(tables.filter((name) => before.counts[name] !== after.counts[name]).map((name) => [name, after.counts[name] - before.counts[name]]));
  const printsChanged = (before: Snapshot, after: Snapshot) => Object.keys(before.prints).filter((name) => before.prints[name] !== after.prints[name]);

  const basicAnswers = () => ({ citizenship: 'us-citizen', country: 'us', ethnicity: firstOption('ethnicity'), gender: '1', zipCode: '10001' });
  const educationAnswers = () => ({
    schoolLevel: firstOption('schoolLevel'),
    highSchoolName: 'A school not in the catalogue',
    highSchoolGraduationDate: '2024-06',
    enrolledInCollege: '0',
    interestedColleges: [firstOption('interestedColleges')],
    collegeGraduationDate: '2029-05',
    fieldOfStudy: 'accounting',
    degreeType: 'associate',
    gpa: { markingSystem: 'Percentage', grade: 82, gpa: 4 },
    careerGoal: firstOption('careerGoal'),
    militaryAffiliation: firstOption('militaryAffiliation'),
    isInterestedInOnlineStudy: '3',
  });
  const entries = (answers: Json) => Object.entries(answers).map(([key, fieldValue]) => ({ fieldId: fieldIds[key], fieldValue }));
  const basicBody = (names: { firstName?: string; lastName?: string } = {}) => ({
    formKey: 'profile-basic',
    firstName: names.firstName ?? 'Maya',
    lastName: names.lastName ?? 'Lopez',
    dob: dobYearsAgo(19),
    applicantFields: entries(basicAnswers()),
  });
  const educationBody = (highSchoolName = 'A school not in the catalogue') => ({ formKey: 'profile-education', applicantFields: entries({ ...educationAnswers(), highSchoolName }) });
  const answersOf = (data: { applicantFields: { field: { key: string }; fieldValue: unknown }[] }) => Object.fromEntries(data.applicantFields.map((f) => [f.field.key, f.fieldValue]));
  const newField = () => {
    fieldCounter += 1;
    return { key: `injection${fieldCounter}`, name: 'Injection probe', dataType: 'select', options: [{ value: '1', label: 'Yes' }, { value: '0', label: 'No' }], section: 'privacy', order: 900 + fieldCounter };
  };
  const newScholarship = () => ({
    title: 'Probe scholarship',
    description: '<p>For probes.</p>',
    award: 1000,
    recurrenceConfig: { deadline: NEXT_YEAR, repeat: 'none' },
    criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 2 }],
    requirements: [{ title: 'Essay', description: 'About you', dataType: 'editor', key: 'essay' }],
  });
  const createScholarship = async (body: Json, publish: boolean) => {
    const created = await call('POST', '/providers/scholarships', tokens.provider, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    if (publish) expect((await call('POST', `/providers/scholarships/${id}/publish`, tokens.provider)).statusCode).toBe(200);
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 100_000, LOGIN_MAX_FAILURES: 1000, API_KEY_RATE_LIMIT_PER_MINUTE: 100_000, WEBHOOKS_ALLOW_LOOPBACK: true });
    api = accountClient(t);
    const adminSession = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data;
    tokens.admin = adminSession.accessToken;
    ids.admin = adminSession.user.id;
    tokens.provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    tokens.providerKey = (await call('POST', '/providers/api-keys', tokens.provider, { name: 'Injection', scopes: [...KEY_SCOPES] })).json().data.secret;
    const fields = (await call('GET', '/register-applicants/form-fields')).json().data as { id: number; key: string; options: Record<string, string> }[];
    fieldIds = Object.fromEntries(fields.map((f) => [f.key, f.id]));
    firstOption = (key) => Object.keys(fields.find((f) => f.key === key)!.options)[0];

    const first = await api.signUp({}, nextIp());
    member = { id: first.session.user.id, email: first.body.email as string };
    tokens.applicant = first.session.accessToken;
    await t.sql.query(`UPDATE users SET is_active_subscription = true WHERE id = $1`, [member.id]);
    // A member, as a provider's webhook would have made them: a checkout is refused (409) before it writes anything.
    await t.sql.query(
      `INSERT INTO subscriptions (user_id, plan_id, monthly_amount_cents, gateway, gateway_subscription_id, status, trial_ends_at, current_period_end, gateway_version)
       SELECT $1, id, monthly_amount_cents, 'sandbox', 'sub_sandbox_injection', 'trialing', now() + interval '7 days', now() + interval '7 days', 1 FROM subscription_plans WHERE product_id = 'monthly'`,
      [member.id],
    );
    expect((await call('PUT', `/register-applicants/${member.id}`, tokens.applicant, { ...basicBody(), formKey: 'registration', applicantFields: entries({ ...basicAnswers(), ...educationAnswers() }) })).statusCode).toBe(200);

    const second = await api.signUp({ password: state.password }, nextIp());
    pwUser = { id: second.session.user.id, email: second.body.email as string };
    tokens.pwUser = second.session.accessToken;

    const third = await api.signUp({}, nextIp());
    loginUser = { email: third.body.email as string, password: third.body.password as string };
    state.refresh = third.session.refreshToken;
    state.logout = (await api.login(loginUser.email, loginUser.password, nextIp())).json().data.refreshToken;

    ids.easy = await createScholarship({ ...newScholarship(), title: 'Easy probe', criteria: [], requirements: [] }, true);
    ids.cvOnly = await createScholarship({ ...newScholarship(), title: 'CV probe', criteria: [], requirements: [{ title: 'CV', dataType: 'file', key: 'cv' }] }, true);
    ids.withText = await createScholarship(
      { ...newScholarship(), title: 'Text probe', criteria: [], requirements: [{ title: 'Why', dataType: 'text', key: 'why' }, { title: 'Essay', dataType: 'editor', key: 'essay', optional: true }] },
      true,
    );
    // For the eligibility teaser's searches: open only to US nationals.
    ids.gated = await createScholarship({ ...newScholarship(), title: 'US nationals only', criteria: [{ fieldKey: 'citizenship', operator: 'in', value: ['us-national'] }], requirements: [] }, true);
    ids.draft = await createScholarship(newScholarship(), false);
    ids.toPublish = await createScholarship(newScholarship(), false);
    ids.toClose = await createScholarship(newScholarship(), true);
    // The studio's rules, addressed by id (docs/providers.md).
    const ruleOf = async (id: string) => (await call('GET', `/scholarship/${id}/criteria`, tokens.provider)).json().data.criteria[0].id as string;
    ids.ruleHost = await createScholarship(newScholarship(), false);
    ids.rule = await ruleOf(ids.ruleHost);
    ids.deleteHost = await createScholarship(newScholarship(), false);
    ids.deleteRule = await ruleOf(ids.deleteHost);
    ids.addHost = await createScholarship({ ...newScholarship(), criteria: [] }, false);
    // Field edits are drafted; a version makes these live with real ids (docs/form-designer.md).
    const drafts = [newField(), newField(), { ...newField(), dataType: 'select' }];
    for (const field of drafts) expect((await call('POST', '/admin/form-fields', tokens.admin, field)).statusCode).toBe(201);
    expect((await call('POST', '/admin/forms/versions', tokens.admin, {})).statusCode).toBe(201);
    const idOf = async (key: string) => String((await t.sql.query(`SELECT id FROM form_fields WHERE key = $1`, [key])).rows[0].id);
    [ids.patchField, ids.deleteField, ids.optionField] = await Promise.all(drafts.map((field) => idOf(field.key)));
    ids.contactKeys = JSON.stringify(
      (await t.sql.query(`SELECT key FROM form_fields WHERE section = 'contact' AND active ORDER BY "order", key`)).rows.map((row: { key: string }) => row.key),
    );
    const uploaded = await upload(tokens.applicant);
    expect([uploaded.statusCode, uploaded.body.slice(0, 300)]).toEqual([201, expect.any(String)]);
    const file = uploaded.json().data;
    ids.file = file.id;
    await t.app.get(InboxService).deliver([member.id], { kind: 'provider', fromName: 'Probe Fund', fromEmail: 'probe@example.org', subject: 'Probe message', html: '<p>Probe</p>' });
    ids.message = (await t.sql.query(`SELECT id FROM inbox_messages WHERE user_id = $1`, [member.id])).rows[0].id;
    // A conversation (docs/inbox.md): the member's submitted application, and the provider's message about it.
    ids.conversationHost = await createScholarship(newScholarship(), true);
    ids.conversation = (
      await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at) VALUES ($1, $2, 'Received', '{}', now()) RETURNING id`, [member.id, ids.conversationHost])
    ).rows[0].id;
    await t.app.get(InboxService).deliver([member.id], { kind: 'provider', fromName: 'Probe Fund', fromEmail: '', subject: 'Probe conversation', html: '<p>Probe</p>', scholarshipId: ids.conversationHost, applicationId: ids.conversation });
    ids.conversationMessage = (await t.sql.query(`SELECT id FROM inbox_messages WHERE user_id = $1 AND subject = 'Probe conversation'`, [member.id])).rows[0].id;
    // The member's own support request, whose thread they read and reply to (docs/support.md, "The thread");
    // e-mailed to the staff already, so the mail job writes nothing while the probes count rows.
    ids.supportRequest = (
      await t.sql.query(
        `INSERT INTO support_requests (kind, user_id, name, email, query, description, staff_emailed_at) VALUES ('support', $1, 'Probe Member', 'probe.member@example.org', 'Probe', 'A probe request', now()) RETURNING id`,
        [member.id],
      )
    ).rows[0].id;
    ids.fileUrl = file.publicUrl;
    ids.sweepstakes = (await call('GET', '/sweepstakes/current', tokens.applicant)).json().data.id;
    ids.plan = (await call('GET', '/subscription-plans')).json().data[0].id;
    state.formVersion = (await call('GET', '/forms/profile-basic')).json().data.version;
    state.requirementVersion = (await call('GET', `/scholarships/${ids.withText}/form`, tokens.applicant)).json().data.version;

    // Not answer_values: the dictionary of distinct answers (docs/matching.md, "Answers kept typed")
    // gains a row for every answer never given before, which each payload saved as an answer is.
    // Nor the change job's bookkeeping (match_changes, match_progress), which it writes in the background,
    // nor the per-IP rate-limit counters, which every limited request writes, accepted or refused (docs/security.md).
    tables = (
      await t.sql.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
            AND table_name NOT IN ('migrations', 'answer_values', 'match_changes', 'match_progress', 'rate_limit_counters', 'auto_apply_due_scholarships', 'auto_apply_due_members') ORDER BY 1`,
      )
    ).rows.map((r) => r.table_name);
    // Row versions (ctid and xmin change with every UPDATE): cheaper than hashing the catalogues' options on every check.
    const prints: Record<string, string> = Object.fromEntries(
      ['users', 'scholarships', 'form_fields', 'applications', 'forms'].map((name) => [name, `md5(coalesce(string_agg(ctid::text || xmin::text, ',' ORDER BY ctid), ''))`]),
    );
    snapshotSql = `SELECT ${[
      ...tables.map((name) => `(SELECT count(*) FROM "${name}")::int AS "${name}"`),
      ...Object.entries(prints).map(([name, expression]) => `(SELECT ${expression} FROM "${name}") AS "#${name}"`),
    ].join(', ')}`;
  }, 60_000);
  afterAll(async () => {
    // Every request of this file goes from its own address (nextIp), so this counts them all.
    console.log(`injection suite: ${ipCounter} requests in all`);
    await t?.close();
  });

  /**
   * The original addresses of a handler (`x-alias-of` in the document: docs/api.md, "The original
   * addresses") take the same requests as its /api/v1 path, and are probed the same way.
   */
  const aliasOf = (route: string, method: string) => (OPENAPI.paths[route][method] as { 'x-alias-of'?: string })['x-alias-of'];
  const withSeedAddresses = (byOperation: Record<string, Recipe>): Record<string, Recipe> => {
    const aliases = operationsOf(OPENAPI).flatMap(([route, method]) => {
      const of = aliasOf(route, method);
      return of ? [[`${method.toUpperCase()} ${route}`, byOperation[`${method.toUpperCase()} ${of}`]] as const] : [];
    });
    return { ...byOperation, ...Object.fromEntries(aliases) };
  };

  /** A valid request for every operation of the OpenAPI document; the probes change one slot of it at a time. */
  const recipes = (): Record<string, Recipe> =>
    withSeedAddresses({
    'POST /api/v1/users/auth/login': {
      who: ['anonymous'],
      body: () => ({ userName: loginUser.email, password: loginUser.password, loginType: 'register_user' }),
      refusalWrites: ['login_failures'],
    },
    'POST /api/v1/users/auth/refresh': {
      who: ['anonymous'],
      body: () => ({ refreshToken: state.refresh }),
      after: (status, json) => {
        if (status < 300) state.refresh = (json!.data as Json).refreshToken as string;
      },
    },
    'POST /api/v1/users/auth/logout': { who: ['anonymous'], body: () => ({ refreshToken: state.logout }) },
    'GET /api/v1/users/me': { who: ['applicant'] },
    'GET /api/v1/admin/mail-outbox': { who: ['admin'], query: { to: loginUser.email, search: 'reset', limit: '5' } },
    'GET /api/v1/health': { who: ['anonymous'] },
    'GET /api/v1/health/live': { who: ['anonymous'] },
    'GET /api/v1/health/ready': { who: ['anonymous'] },
    'GET /api/v1/forms/{formKey}': { who: ['anonymous', 'applicant'], path: { formKey: 'profile-basic' } },
    'GET /api/v1/forms/{formKey}/validator.js': { who: ['anonymous'], path: { formKey: 'profile-basic' }, query: { version: state.formVersion } },
    'POST /api/v1/forms/{formKey}/validate': {
      who: ['anonymous', 'applicant'],
      path: { formKey: 'profile-basic' },
      body: () => ({ data: { firstName: 'Maya', lastName: 'Lopez', dob: dobYearsAgo(19), ...basicAnswers() } }),
      extra: [
        { in: 'body', at: ['data', 'firstName'] },
        { in: 'body', at: ['data', 'zipCode'] },
        { in: 'body', at: ['data', 'citizenship'] },
        { in: 'body', at: ['data'], as: 'key' },
      ],
    },
    'GET /api/v1/admin/form-fields': { who: ['admin'] },
    'POST /api/v1/admin/form-fields': {
      who: ['admin'],
      body: newField,
      // Each accepted field is checked by compiling every form with it (about 0.1 s): the probes' fields are removed
      // after each slot so the forms do not grow, and option labels, which the document types as strings, get the
      // payloads all in one request in the byte-exact test instead of one request each here.
      cleanup: async () => {
        await t.sql.query(`DELETE FROM form_field_drafts WHERE key LIKE 'injection%' AND field_id IS NULL`);
      },
    },
    'PATCH /api/v1/admin/form-fields/{id}': {
      who: ['admin'],
      path: { id: ids.patchField },
      // Unlike the published definition, so the control drafts the change once and every probe changes that draft row.
      body: () => ({ name: 'Injection probe, drafted', options: [{ value: '1', label: 'Yes' }, { value: '0', label: 'No' }], section: 'privacy' }),
    },
    'DELETE /api/v1/admin/form-fields/{id}': { who: ['admin'], path: { id: ids.deleteField } },
    'POST /api/v1/admin/form-fields/{id}/revert': { who: ['admin'], path: { id: ids.deleteField } },
    'GET /api/v1/admin/form-fields/{id}/options': { who: ['admin'], path: { id: ids.optionField }, query: { q: 'ye', page: '1', limit: '10' } },
    'POST /api/v1/admin/form-fields/{id}/options': {
      who: ['admin'],
      path: { id: ids.optionField },
      body: () => ({ value: `probe${(fieldCounter += 1)}`, label: 'Probe option' }),
    },
    'PATCH /api/v1/admin/form-fields/{id}/options/{value}': { who: ['admin'], path: { id: ids.optionField, value: '1' }, body: () => ({ label: 'Yes' }) },
    'DELETE /api/v1/admin/form-fields/{id}/options/{value}': { who: ['admin'], path: { id: ids.optionField, value: '0' }, controlStatus: [0, 404] },
    'GET /api/v1/admin/forms': { who: ['admin'] },
    'GET /api/v1/admin/forms/draft/diff': { who: ['admin'] },
    'DELETE /api/v1/admin/forms/draft': { who: ['admin'] },
    'GET /api/v1/admin/forms/{formKey}/preview': { who: ['admin'], path: { formKey: 'profile-basic' } },
    'PUT /api/v1/admin/forms/{formKey}/order': { who: ['admin'], path: { formKey: 'profile-contact' }, body: () => ({ keys: JSON.parse(ids.contactKeys) }) },
    'POST /api/v1/admin/forms/versions': {
      who: ['admin'],
      // The first publish has a drafted field to publish; the repeat finds the draft empty (409 DRAFT_EMPTY).
      before: async () => {
        expect((await call('POST', '/admin/form-fields', tokens.admin, newField())).statusCode).toBe(201);
      },
      body: () => ({ note: 'Probe version' }),
      controlStatus: [201, 409],
    },
    'GET /api/v1/admin/forms/versions': { who: ['admin'], query: { page: '1', limit: '5' } },
    'GET /api/v1/admin/forms/versions/{number}': { who: ['admin'], path: { number: '1' } },
    'POST /api/v1/admin/forms/versions/{number}/rollback': { who: ['admin'], path: { number: '99999' }, controlStatus: [409, 409] },
    'GET /api/v1/users/me/new-questions': { who: ['applicant'] },
    'GET /api/v1/register-applicants/form-fields': { who: ['anonymous'] },
    'GET /api/v1/register-applicants/form-fields/{key}/options': { who: ['anonymous', 'applicant'], path: { key: 'highSchoolName' }, query: { q: 'high', limit: '5' } },
    'POST /api/v1/register-applicants': { who: ['anonymous'], body: () => api.newApplicant() },
    'GET /api/v1/register-applicants/profile/minimal': { who: ['applicant'] },
    'POST /api/v1/register-applicants/forgot-password': { who: ['anonymous'], body: () => ({ email: loginUser.email }), controlStatus: [0, 429] },
    'POST /api/v1/register-applicants/verify-otp': { who: ['anonymous'], body: () => ({ email: loginUser.email, otp: '000000' }), controlStatus: [400, 400] },
    'POST /api/v1/register-applicants/reset-password': {
      who: ['anonymous'],
      body: () => ({ email: loginUser.email, otp: '000000', newPassword: 'another long passphrase' }),
      controlStatus: [400, 400],
    },
    'PUT /api/v1/register-applicants/{id}/update-password': {
      who: ['pwUser'],
      path: { id: pwUser.id },
      body: () => ({ lastPwd: state.password, password: state.password === 'first long passphrase' ? 'second long passphrase' : 'first long passphrase' }),
      after: (status, _json, body) => {
        if (status < 300) state.password = body!.password as string;
      },
    },
    'GET /api/v1/register-applicants/profile': { who: ['applicant'] },
    'PUT /api/v1/register-applicants/{id}': {
      who: ['applicant'],
      path: { id: member.id },
      body: () => basicBody(),
      extra: [{ in: 'body', at: ['applicantFields', 1, 'fieldValue'], base: () => educationBody() }],
    },
    'GET /api/v1/common/geo': { who: ['anonymous'] },
    'GET /api/v1/providers/scholarships': { who: ['provider'] },
    'GET /api/v1/providers/scholarships/overview': { who: ['provider'], query: { search: 'probe', status: 'published', emptyDrafts: 'false', offset: '0', limit: '20' } },
    'POST /api/v1/providers/scholarships': {
      who: ['provider'],
      body: newScholarship,
      extra: [{ in: 'body', at: ['criteria', 0, 'value'], base: () => ({ ...newScholarship(), criteria: [{ fieldKey: 'zipCode', operator: 'eq', value: '10001' }] }) }],
    },
    'GET /api/v1/providers/scholarships/{id}': { who: ['provider'], path: { id: ids.draft } },
    'PATCH /api/v1/providers/scholarships/{id}': { who: ['provider'], path: { id: ids.draft }, body: newScholarship },
    'POST /api/v1/providers/scholarships/{id}/publish': { who: ['provider'], path: { id: ids.toPublish }, controlStatus: [200, 409] },
    'POST /api/v1/providers/scholarships/{id}/close': { who: ['provider'], path: { id: ids.toClose } },
    'GET /api/v1/scholarships/mine-eligible-scholarships': {
      who: ['applicant'],
      query: { offset: '0', limit: '6', order: 'DESC', orderBy: 'createdAt', withoutRequirement: 'false', requirementFields: 'cv' },
    },
    'GET /api/v1/scholarships/stats': { who: ['applicant'] },
    'GET /api/v1/scholarships/dashboard-summary': { who: ['applicant'] },
    'GET /api/v1/scholarships/mine-eligible-scholarships/count': {
      who: ['applicant'],
      query: { offset: '0', limit: '6', order: 'DESC', orderBy: 'createdAt', withoutRequirement: 'false', requirementFields: 'cv' },
    },
    'GET /api/v1/scholarships/get-wishlist': { who: ['applicant'] },
    'GET /api/v1/register-applicants/auto-apply': { who: ['applicant'] },
    'PUT /api/v1/register-applicants/auto-apply': { who: ['applicant'], body: () => ({ enabled: false }) },
    'PUT /api/v1/scholarships/add-wishlist': { who: ['applicant'], body: () => ({ scholarshipId: ids.easy }) },
    'PUT /api/v1/scholarships/remove-wishlist': { who: ['applicant'], body: () => ({ scholarshipId: ids.cvOnly }) },
    'GET /api/v1/scholarships/eligible-scholarships/stats': { who: ['anonymous'] },
    'POST /api/v1/scholarships/eligible-scholarships/stats': {
      who: ['anonymous', 'applicant'],
      body: () => ({ eligiblityFilters: { [`field.${fieldIds.citizenship}`]: 'us-citizen' } }),
      extra: [
        { in: 'body', at: ['eligiblityFilters', `field.${fieldIds.citizenship}`] },
        { in: 'body', at: ['eligiblityFilters'], as: 'key' },
      ],
    },
    'GET /api/v1/scholarships/me/scholarships': { who: ['applicant'], query: { status: 'Draft' } },
    'GET /api/v1/scholarships/{id}': { who: ['applicant'], path: { id: ids.withText } },
    'POST /api/v1/common/upload': { who: ['applicant'], multipart: true, query: { purpose: 'document' } },
    'GET /api/v1/common/files/{id}/info': { who: ['applicant'], path: { id: ids.file } },
    'GET /api/v1/common/files/{id}': { who: ['applicant'], path: { id: ids.file } },
    'GET /api/v1/scholarships/{id}/form': { who: ['applicant'], path: { id: ids.withText }, query: { version: state.requirementVersion } },
    'GET /api/v1/scholarships/{id}/form/validator.js': { who: ['anonymous'], path: { id: ids.withText }, query: { version: state.requirementVersion } },
    'GET /api/v1/scholarships/{id}/applicants/get-applicant-details': { who: ['applicant'], path: { id: ids.withText } },
    'POST /api/v1/scholarships/submit-individual-scholarship': {
      who: ['applicant'],
      body: () => ({ scholarshipId: ids.withText, status: 'Draft', formVersion: state.requirementVersion, requirements: [{ key: 'why', fieldValue: 'Because numbers tell stories.' }] }),
    },
    // The control's application is told in the inbox, whose e-mail a job writes after the request.
    'POST /api/v1/scholarships/submit-scholarships': { who: ['applicant'], body: () => ({ scholarshipId: [ids.cvOnly], requirements: { cv: ids.fileUrl } }), backgroundWrites: ['mail_outbox'] },
    'GET /api/v1/sweepstakes/current': { who: ['applicant'] },
    'POST /api/v1/register-applicants/apply-scholarship/{sweepstakesId}': { who: ['applicant'], path: { sweepstakesId: ids.sweepstakes } },
    'PUT /api/v1/admin/applicants/{id}/subscription': { who: ['admin'], path: { id: member.id }, body: () => ({ active: true }) },
    'GET /api/v1/scholarships/assistance': { who: ['applicant'] },
    'GET /api/v1/scholarships/assistance/{id}': { who: ['applicant'], path: { id: '1' } },
    'POST /api/v1/register-applicants/get-essay': { who: ['applicant'], body: () => ({ kind: 'essay', scholarshipId: ids.withText, prompt: 'Mention the food bank.' }) },
    'GET /api/v1/subscription-plans': { who: ['anonymous'] },
    'GET /api/v1/admin/subscription-plans': { who: ['admin'] },
    'PATCH /api/v1/admin/subscription-plans/{id}': {
      who: ['admin'],
      path: { id: ids.plan },
      body: () => ({ title: 'Monthly Plan', description: 'Scholarship details,Easy Apply' }),
      cleanup: async () => {
        await t.sql.query(`UPDATE subscription_plans SET title = 'Monthly Plan' WHERE id = $1`, [ids.plan]);
      },
    },
    // The applicant is a member: the checkout is refused before anything is written.
    'POST /api/v1/user-payments/checkout': { who: ['applicant'], body: () => ({ planId: ids.plan, linkId: 'partner-link', sourceId: 'newsletter' }), controlStatus: [409, 409] },
    'GET /api/v1/user-payments/current-subscription': { who: ['applicant'] },
    'GET /api/v1/inbox': { who: ['applicant'], query: { search: 'probe', offset: '0', limit: '20' } },
    'GET /api/v1/scholarships/me/applications': { who: ['applicant'], query: { offset: '0', limit: '20' } },
    'GET /api/v1/inbox/unread-count': { who: ['applicant'] },
    'GET /api/v1/support-requests': { who: ['applicant'], query: { offset: '0', limit: '20' } },
    'GET /api/v1/support-requests/{id}/thread': { who: ['applicant'], path: { id: ids.supportRequest } },
    'POST /api/v1/support-requests/{id}/replies': {
      who: ['applicant'],
      path: { id: ids.supportRequest },
      body: () => ({ answers: { replyBody: 'A probe reply.' } }),
      extra: [{ in: 'body', at: ['answers', 'replyBody'] }],
    },
    'GET /api/v1/inbox/{id}': { who: ['applicant'], path: { id: ids.message } },
    'PUT /api/v1/inbox/{id}/read': { who: ['applicant'], path: { id: ids.message } },
    'GET /api/v1/inbox/{id}/conversation': { who: ['applicant'], path: { id: ids.conversationMessage } },
    'POST /api/v1/inbox/{id}/replies': {
      who: ['applicant'],
      path: { id: ids.conversationMessage },
      body: () => ({ answers: { replyBody: 'Thank you, Tuesday works.' } }),
      extra: [{ in: 'body', at: ['answers', 'replyBody'] }],
    },
    'GET /api/v1/providers/inbox': { who: ['provider'], query: { unread: 'false', offset: '0', limit: '20' } },
    'GET /api/v1/providers/inbox/unread-count': { who: ['provider'] },
    'GET /api/v1/providers/inbox/{applicationId}': { who: ['provider'], path: { applicationId: ids.conversation } },
    // The answer reaches the applicant's inbox, whose e-mail a job writes after the request.
    'POST /api/v1/providers/inbox/{applicationId}/messages': {
      who: ['provider'],
      path: { applicationId: ids.conversation },
      body: () => ({ answers: { replyBody: 'See you on Tuesday.' } }),
      extra: [{ in: 'body', at: ['answers', 'replyBody'] }],
      backgroundWrites: ['mail_outbox'],
    },
    'POST /api/v1/user-payments/cancel-subscription/{subscribed_id}/{payment_gateway}': {
      who: ['applicant'],
      path: { subscribed_id: '00000000-0000-4000-8000-000000000000', payment_gateway: 'sandbox' },
      controlStatus: [404, 404],
    },
    'POST /api/v1/payments/webhooks/{gateway}': { who: ['anonymous'], path: { gateway: 'sandbox' }, body: () => ({ id: 'evt_x' }), controlStatus: [400, 400] },
    'POST /api/v1/admin/payments/sandbox/clock': { who: ['admin'], body: () => ({ seconds: 1 }) },
    'GET /api/v1/admin/payments/events': {
      who: ['admin'],
      query: { failed: 'true', type: 'customer.subscription.updated', email: loginUser.email, from: '2026-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z', limit: '10' },
    },
    'POST /api/v1/users/provider-signup': {
      who: ['anonymous'],
      body: () => ({
        answers: {
          organisationName: 'Probe Foundation', website: 'https://probe.example.org', firstName: 'Pat', lastName: 'Probe',
          email: `probe.${++fieldCounter}@example.org`, phone: '+12025550143', password: 'a long probe passphrase',
          confirmPassword: 'a long probe passphrase', acceptTerms: true,
        },
      }),
    },
    'GET /api/v1/users/organisation': { who: ['provider'] },
    'PUT /api/v1/users/organisation': {
      who: ['provider'],
      body: () => ({ answers: { organisationName: 'Probe Foundation', contactName: 'Pat Probe', contactEmail: 'pat@example.org', about: 'About us' } }),
    },
    'POST /api/v1/scholarships': { who: ['provider'], body: () => ({ answers: { title: 'Probe draft', awardAmount: 100, slug: 'probe-draft' } }), controlStatus: [201, 409] },
    'PUT /api/v1/scholarships/{id}': { who: ['provider'], path: { id: ids.draft }, body: () => ({ answers: { title: 'Probe draft', description: '<p>For probes.</p>' } }) },
    'GET /api/v1/scholarship/{id}/requirement': { who: ['provider'], path: { id: ids.draft } },
    'PUT /api/v1/scholarship/{id}/requirement': {
      who: ['provider'],
      path: { id: ids.draft },
      body: () => ({ requirements: [{ answers: { requirementTitle: 'Essay', requirementKind: 'editor', requirementDescription: 'About you' } }] }),
    },
    'POST /api/v1/scholarship/{id}/requirement/preview': {
      who: ['provider'],
      path: { id: ids.draft },
      body: () => ({ requirements: [{ answers: { requirementTitle: 'Essay', requirementKind: 'editor', requirementDescription: 'About you' } }] }),
    },
    'GET /api/v1/scholarship/{id}/criteria': { who: ['provider'], path: { id: ids.draft } },
    'PUT /api/v1/scholarship/{id}/criteria': { who: ['provider'], path: { id: ids.draft }, body: () => ({ criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 2 }] }) },
    'POST /api/v1/scholarship/{id}/criteria': {
      who: ['provider'],
      path: { id: ids.addHost },
      body: () => ({ fieldKey: 'country', operator: 'eq', value: 'us' }),
      cleanup: async () => {
        await t.sql.query(`UPDATE scholarships SET criteria = '[]' WHERE id = $1`, [ids.addHost]);
      },
    },
    'PUT /api/v1/scholarship/{id}/criteria/{criteriaId}': {
      who: ['provider'],
      path: { id: ids.ruleHost, criteriaId: ids.rule },
      body: () => ({ id: ids.rule, fieldKey: 'gpa', operator: 'gte', value: 2.5 }),
    },
    'DELETE /api/v1/scholarship/{id}/criteria/{criteriaId}': { who: ['provider'], path: { id: ids.deleteHost, criteriaId: ids.deleteRule }, controlStatus: [200, 404] },
    'GET /api/v1/providers/criteria-vocabulary': { who: ['provider'] },
    'POST /api/v1/providers/eligibility-count': {
      who: ['provider'],
      body: () => ({ criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 2 }, { fieldKey: 'country', operator: 'eq', value: 'us' }] }),
    },
    // Provider review (docs/review.md). Application ids are made up: the unchanged request is a 404 by design.
    'GET /api/v1/scholarships/{id}/applicants': { who: ['provider'], path: { id: ids.draft }, query: { search: 'probe', status: 'Received', eligible: 'eligible', sort: '-score', offset: '0', limit: '20' } },
    'GET /api/v1/scholarships/{id}/applicants/{applicantId}': { who: ['provider'], path: { id: ids.draft, applicantId: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'PUT /api/v1/scholarships/{id}/applicants/{applicantId}/status': { who: ['provider'], path: { id: ids.draft, applicantId: UNKNOWN_UUID }, body: () => ({ status: 'Shortlisted' }), controlStatus: [404, 404] },
    'POST /api/v1/scholarships/{id}/applicants/{applicantId}/status/undo': { who: ['provider'], path: { id: ids.draft, applicantId: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'GET /api/v1/scholarships/{id}/review-settings': { who: ['provider'], path: { id: ids.draft } },
    'PUT /api/v1/scholarships/{id}/review-settings': { who: ['provider'], path: { id: ids.draft }, body: () => ({ blindReview: false }) },
    'GET /api/v1/scholarship/{id}/rank-criteria': { who: ['provider'], path: { id: ids.draft } },
    'PUT /api/v1/scholarship/{id}/rank-criteria': {
      who: ['provider'],
      path: { id: ids.draft },
      body: () => ({ criteria: [{ answers: { criterionName: 'Essay', criterionDescription: 'Clarity', criterionWeight: 2, criterionMaxPoints: 10 } }] }),
    },
    'GET /api/v1/scholarship/{id}/applicants/{applicantId}/points': { who: ['provider'], path: { id: ids.draft, applicantId: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'PUT /api/v1/scholarship/{id}/applicants/{applicantId}/points': { who: ['provider'], path: { id: ids.draft, applicantId: UNKNOWN_UUID }, body: () => ({ answers: {} }), controlStatus: [404, 404] },
    'GET /api/v1/scholarships/{id}/winners': { who: ['provider'], path: { id: ids.draft } },
    'POST /api/v1/scholarships/{id}/winners': { who: ['provider'], path: { id: ids.draft }, body: () => ({ draw: { count: 1 } }), controlStatus: [409, 409] },
    'GET /api/v1/scholarships/{id}/applicants-data/export': { who: ['provider'], path: { id: ids.draft } },
    'GET /api/v1/scholarships/{id}/activity': { who: ['provider'], path: { id: ids.draft }, query: { days: '7' } },
    'POST /api/v1/scholarships/{id}/messages': {
      who: ['provider'],
      path: { id: ids.draft },
      body: () => ({ applicantIds: [UNKNOWN_UUID], answers: { subject: 'Hello', body: '<p>Hello</p>' } }),
      controlStatus: [400, 400],
    },
    'POST /api/v1/providers/reviewers': { who: ['provider'], body: () => ({ email: `reviewer.${++fieldCounter}@example.org` }) },
    'GET /api/v1/providers/reviewers': { who: ['provider'] },
    'DELETE /api/v1/providers/reviewers/{id}': { who: ['provider'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'GET /api/v1/providers/api-keys': { who: ['provider'] },
    'POST /api/v1/providers/api-keys': {
      who: ['provider'],
      body: () => ({ name: 'Injection probe', scopes: ['read_applications'], expiresAt: '2099-01-01T00:00:00Z' }),
      // An owner holds at most 25 live keys: each slot's probes start from none but the suite's own key.
      before: async () => void (await t.sql.query(`DELETE FROM api_keys WHERE name = 'Injection probe'`)),
      cleanup: async () => void (await t.sql.query(`DELETE FROM api_keys WHERE name = 'Injection probe'`)),
    },
    'DELETE /api/v1/providers/api-keys/{id}': { who: ['provider'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'GET /api/v1/providers/webhooks': { who: ['provider'] },
    'POST /api/v1/providers/webhooks': {
      who: ['provider'],
      // The discard port on loopback, for an event nothing here causes: nothing is delivered.
      body: () => ({ url: 'http://127.0.0.1:9/injection-probe', events: ['winner.selected'] }),
      // An owner holds at most 10 endpoints: each slot's probes start from none.
      before: async () => void (await t.sql.query(`DELETE FROM webhook_endpoints WHERE url LIKE '%injection-probe%'`)),
      cleanup: async () => void (await t.sql.query(`DELETE FROM webhook_endpoints WHERE url LIKE '%injection-probe%'`)),
    },
    'PATCH /api/v1/providers/webhooks/{id}': { who: ['provider'], path: { id: UNKNOWN_UUID }, body: () => ({ url: 'http://127.0.0.1:9/injection-probe', enabled: false }), controlStatus: [404, 404] },
    'DELETE /api/v1/providers/webhooks/{id}': { who: ['provider'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/providers/webhooks/{id}/roll-secret': { who: ['provider'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'GET /api/v1/providers/webhooks/{id}/deliveries': { who: ['provider'], path: { id: UNKNOWN_UUID }, query: { limit: '5' }, controlStatus: [404, 404] },
    'POST /api/v1/providers/webhooks/{id}/deliveries/{deliveryId}/redeliver': { who: ['provider'], path: { id: UNKNOWN_UUID, deliveryId: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/providers/webhooks/{id}/test': { who: ['provider'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'GET /api/v1/providers/embed': { who: ['provider'] },
    'PUT /api/v1/providers/embed/origins': { who: ['provider'], body: () => ({ origins: ['https://www.example.org', 'http://localhost:8080'] }) },
    'GET /embed.js': { who: ['anonymous'] },
    'GET /embed/scholarships/{id}': { who: ['anonymous'], path: { id: ids.easy } },
    'GET /api/v1/reviewer-invitations/{token}': { who: ['anonymous'], path: { token: 'probe-token' }, controlStatus: [404, 404] },
    'GET /api/v1/questions': { who: ['anonymous'], query: { questionType: 'signUp' } },
    'POST /api/v1/scholarships/add-support': {
      who: ['anonymous', 'applicant'],
      body: () => ({ email: 'probe@example.org', name: 'Guest', phone: '+12025550100', description: 'A probe message' }),
      backgroundWrites: ['mail_outbox'],
      silentSlots: ['website'],
    },
    'GET /api/v1/admin/support-requests': {
      who: ['admin'],
      query: { status: 'open', answered: 'false', kind: 'support', olderThanHours: '1', search: 'probe', sort: 'waiting', offset: '0', limit: '10' },
    },
    'GET /api/v1/admin/support-staff': { who: ['admin'] },
    'GET /api/v1/admin/support-requests/{id}': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/support-requests/{id}/solve': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/support-requests/{id}/reopen': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'PUT /api/v1/admin/support-requests/{id}/assignee': { who: ['admin'], path: { id: UNKNOWN_UUID }, body: () => ({ staffId: null }), controlStatus: [404, 404] },
    'POST /api/v1/admin/support-requests/{id}/notes': { who: ['admin'], path: { id: UNKNOWN_UUID }, body: () => ({ text: 'A probe note' }), controlStatus: [404, 404] },
    'GET /api/v1/admin/people': { who: ['admin'], query: { search: 'probe', role: 'applicant', offset: '0', limit: '10' } },
    'GET /api/v1/admin/people/{id}': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/people/{id}/cancel-membership': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/people/{id}/complimentary-membership': {
      who: ['admin'],
      path: { id: UNKNOWN_UUID },
      body: () => ({ endsOn: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10), reason: 'A probe' }),
      controlStatus: [404, 404],
    },
    'POST /api/v1/admin/people/{id}/password-reset': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/people/{id}/export': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/people/{id}/erase': { who: ['admin'], path: { id: UNKNOWN_UUID }, body: () => ({ confirmEmail: 'probe@example.org' }), controlStatus: [404, 404] },
    'GET /api/v1/admin/audit-log': {
      who: ['admin'],
      query: { actor: ids.admin, targetType: 'plan', targetId: ids.plan, action: 'plan.updated', from: '2026-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z', offset: '0', limit: '10' },
    },
    'POST /api/v1/admin/support-requests/{id}/answer': { who: ['admin'], path: { id: UNKNOWN_UUID }, body: () => ({ answer: '<p>Probe</p>' }), controlStatus: [404, 404] },
    'POST /api/v1/scholarships/chats': {
      who: ['applicant'],
      body: () => ({ userID: member.id, questionAnswer: { scholarship_type: 'recommendation', question: 'Show me recommendations' } }),
    },
    // Google sign-in is not configured here: both routes answer 404 whatever they are sent (social-sign-in.spec.ts has them configured).
    'GET /api/v1/users/auth/social-providers': { who: ['anonymous'] },
    'GET /api/v1/users/auth/google': { who: ['anonymous'], controlStatus: [404, 404] },
    'POST /api/v1/users/auth/user-google': { who: ['anonymous'], body: () => ({ code: 'probe-code', state: 'probe-state', binding: 'probe-binding' }), controlStatus: [404, 404] },
    // A first turn: each opens a chat of its own.
    'POST /api/v1/signup/chats': { who: ['anonymous'], body: () => ({ question_id: 'signup.firstName', question: 'What is your first name?', answer_key: 'firstName', answer: 'Probe' }) },
    'POST /api/v1/login/chats': { who: ['anonymous'], body: () => ({ question_id: 'login.userName', question: 'What is your e-mail?', answer_key: 'userName', answer: loginUser.email }) },
    'POST /api/v1/reviewer-invitations/{token}/accept': {
      who: ['anonymous'],
      path: { token: 'probe-token' },
      body: () => ({ answers: { firstName: 'Pat', lastName: 'Probe', password: 'a long probe passphrase', confirmPassword: 'a long probe passphrase' } }),
      controlStatus: [404, 404],
    },
    'POST /api/v1/reviewer-invitations/{token}/join': { who: ['anonymous'], path: { token: 'probe-token' }, body: () => ({ password: 'a long probe passphrase' }), controlStatus: [404, 404] },
    'GET /api/v1/staff-invitations/{token}': { who: ['anonymous'], path: { token: 'probe-token' }, controlStatus: [404, 404] },
    'POST /api/v1/staff-invitations/{token}/accept': {
      who: ['anonymous'],
      path: { token: 'probe-token' },
      body: () => ({ answers: { firstName: 'Pat', lastName: 'Probe', password: 'a long probe passphrase', confirmPassword: 'a long probe passphrase' } }),
      controlStatus: [404, 404],
    },
    'POST /api/v1/admin/staff-invitations': { who: ['admin'], body: () => ({ email: 'probe.staff@example.org', role: 'support' }) },
    'GET /api/v1/admin/staff': { who: ['admin'] },
    // An unknown account: the probe reaches the lookup, and nobody's sessions end.
    'POST /api/v1/admin/users/{id}/end-sessions': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/users/{id}/lock': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'POST /api/v1/admin/users/{id}/unlock': { who: ['admin'], path: { id: UNKNOWN_UUID }, controlStatus: [404, 404] },
    'PUT /api/v1/admin/users/{id}/role': { who: ['admin'], path: { id: UNKNOWN_UUID }, body: () => ({ role: 'support' }), controlStatus: [404, 404] },
    // The second factor (docs/staff-security.md, "Second factor"): the start's control leaves an enrolment waiting (it is
    // probed first), so a made-up code is refused (400) and turning off finds it off (409); the login's code step gets a
    // made-up challenge (401).
    'GET /api/v1/users/me/totp': { who: ['admin'] },
    'POST /api/v1/users/me/totp': { who: ['admin'] },
    'POST /api/v1/users/me/totp/confirm': { who: ['admin'], body: () => ({ code: '123456' }), controlStatus: [400, 400] },
    'DELETE /api/v1/users/me/totp': { who: ['admin'], body: () => ({ code: '123456' }), controlStatus: [409, 409] },
    'POST /api/v1/users/auth/login/totp': {
      who: ['anonymous'],
      body: () => ({ challenge: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwcm9iZSJ9.c2lnbmF0dXJlLXByb2Jl', code: '123456' }),
      controlStatus: [401, 401],
    },
    'GET /api/v1/scholarships/slug/{slug}': { who: ['anonymous'], path: { slug: 'easy-probe' } },
    // An applicant's document is never public: the control is a 404 too.
    'GET /api/v1/common/public-link/{id}': { who: ['anonymous'], path: { id: ids.file }, controlStatus: [404, 404] },
    // A made-up signature: the control is the 403 of a link this server did not sign.
    'GET /api/v1/common/files/{id}/signed': { who: ['anonymous'], path: { id: ids.file }, query: { by: UNKNOWN_UUID, expires: '4102444800', signature: 'probe' }, controlStatus: [403, 403] },
    'GET /api/v1/sandbox-checkout/{sessionId}': { who: ['anonymous'], path: { sessionId: `cs_sandbox_${'0'.repeat(24)}` }, controlStatus: [404, 404] },
    'POST /api/v1/sandbox-checkout/{sessionId}/pay': {
      who: ['anonymous'],
      path: { sessionId: `cs_sandbox_${'0'.repeat(24)}` },
      body: () => ({ number: '4242424242424242', expiry: '12/40', cvc: '123', postalCode: '10001' }),
      controlStatus: [404, 404],
    },
  });

  const OPERATIONS = operationsOf(OPENAPI).map(([route, method]) => `${method.toUpperCase()} ${route}`);

  it('has a valid request for every operation of the OpenAPI document, and only for those', () => {
    const known = Object.keys(recipes());
    expect(OPERATIONS.filter((operation) => !known.includes(operation))).toEqual([]);
    expect(known.filter((operation) => !OPERATIONS.includes(operation))).toEqual([]);
  });

  it('can tell: a broken query shows SQL error text, a write shows in the row counts', async () => {
    // The detectors of the next test, against the real thing, so they can fail.
    const error = await t.sql.query(`SELECT 'x' FROM users WHERE email = '' OR '1'='1'' --`).catch((e: Error) => e);
    expect(String((error as Error).message)).toMatch(SQL_ERROR);
    const before = await snapshot();
    await api.signUp({}, nextIp());
    const after = await snapshot();
    expect(deltaOf(before, after)).toMatchObject({ users: 1 });
    expect(printsChanged(before, after)).toContain('users');
  });

  it('changes nothing with SQL metacharacters in any parameter or string property: no 5xx, no SQL text, no delay, counts as the control', async () => {
    const started = Date.now();
    const all = recipes();
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    let slots = 0;
    let fromDocument = 0;
    let parameters = 0;
    let bodyProperties = 0;
    let slowest = 0;
    const withSlots = new Set<string>();

    const send = async (operation: string, recipe: Recipe, who: Who, slot?: Slot, value?: string) => {
      const [method, route] = operation.split(' ') as [Method, string];
      const pathValues = { ...recipe.path };
      const query = { ...recipe.query };
      let body = slot?.base ? slot.base() : recipe.body?.();
      if (slot && value !== undefined) {
        const name = String(slot.at[0]);
        if (slot.in === 'path') pathValues[name] = value;
        else if (slot.in === 'query') query[name] = value;
        else if (slot.as === 'key') body = setAt(body ?? {}, slot.at, { [value]: Object.values((getAt(body, slot.at) as Json | undefined) ?? { x: '1' })[0] });
        else body = setAt(body ?? {}, slot.at, value);
      }
      const search = new URLSearchParams(query).toString();
      const url = `${route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''))}${search ? `?${search}` : ''}`;
      const headers: Record<string, string> = who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` };
      let payload: string | Buffer | undefined;
      if (recipe.multipart) {
        const part = multipartBody([filePart(pdfFile(), 'probe.pdf')]);
        headers['content-type'] = part.contentType;
        payload = part.body;
      } else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const sentAt = Date.now();
      const res = await t.app.inject({ method, url, remoteAddress: nextIp(), headers, ...(payload !== undefined ? { payload } : {}) });
      const ms = Date.now() - sentAt;
      requests += 1;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      let json: Json | undefined;
      try {
        json = String(res.headers['content-type']).includes('json') ? (res.json() as Json) : undefined;
      } catch {
        json = undefined;
      }
      recipe.after?.(res.statusCode, json, body);
      return { res, ms, url };
    };
    /** Sends the request and reports which rows it changed. */
    const measured = async (operation: string, recipe: Recipe, who: Who) => {
      const before = await snapshot();
      const { res } = await send(operation, recipe, who);
      const after = await snapshot();
      return { status: res.statusCode, body: res.body, delta: deltaOf(before, after), prints: printsChanged(before, after) };
    };

    const secondsBy = new Map<string, number>();
    for (const operation of OPERATIONS) {
      const operationStarted = Date.now();
      const recipe = all[operation];
      const [method, route] = operation.split(' ');
      // An original address is its handler's second path: its requests are checked (the control), its
      // handler's slots are probed once, at the /api/v1 path.
      const documented = aliasOf(route, method.toLowerCase()) ? [] : documentSlots(route, method.toLowerCase());
      const operationSlots = aliasOf(route, method.toLowerCase()) ? [] : [...documented, ...(recipe.extra ?? [])];
      if (operationSlots.length) withSlots.add(operation);
      fromDocument += documented.length;
      parameters += documented.filter((s) => s.in !== 'body').length;
      bodyProperties += documented.filter((s) => s.in === 'body').length;
      slots += operationSlots.length;
      const refusalWrites = new Set([...(recipe.refusalWrites ?? []), ...(recipe.backgroundWrites ?? [])]);
      const ignoringRefusals = (delta: Record<string, number>) => Object.fromEntries(Object.entries(delta).filter(([name]) => !refusalWrites.has(name)));
      // A provider read that a key may call is also made with the key: the same handler as the person's (its probes ran as the person).
      const keyReads = method === 'GET' && OPENAPI.paths[route][method.toLowerCase()]['x-key-scope'] && recipe.who.includes('provider');
      for (const who of keyReads ? [...recipe.who, 'providerKey' as const] : recipe.who) {
        // The unchanged request, twice: the second shows what a repeat changes (a sign-up adds a user each time, a draft save nothing).
        await recipe.before?.();
        const first = await measured(operation, recipe, who);
        const control = await measured(operation, recipe, who);
        const [firstStatus, controlStatus] = recipe.controlStatus ?? [];
        if (firstStatus ? first.status !== firstStatus : first.status >= 300) problems.push(`control ${who} ${operation}: ${first.status} ${first.body.slice(0, 200)}`);
        if (controlStatus ? control.status !== controlStatus : control.status >= 300) problems.push(`control ${who} ${operation}: ${control.status} ${control.body.slice(0, 200)}`);
        if (method === 'GET' && (Object.keys(control.delta).length || control.prints.length)) {
          problems.push(`a repeated read ${operation} changed ${JSON.stringify(control)}`);
        }
        for (const slot of who === 'providerKey' ? [] : operationSlots) {
          const name = `${who} ${operation} [${slot.in} ${slot.at.join('.')}${slot.as ? ' (as a key)' : ''}]`;
          const expected: Record<string, number> = {};
          const outcomes: string[] = [];
          const before = await snapshot();
          for (const value of SQL_PAYLOADS) {
            const { res, ms, url } = await send(operation, recipe, who, slot, value);
            const where = `${name} = ${JSON.stringify(value)} -> ${res.statusCode}`;
            outcomes.push(`${JSON.stringify(value)}: ${res.statusCode}`);
            slowest = Math.max(slowest, ms);
            if (res.statusCode >= 500) problems.push(`5xx: ${where}: ${res.body.slice(0, 200)} (${url.slice(0, 100)})`);
            if (ms >= SLOW_MS) problems.push(`slow (${ms} ms): ${where}`);
            const sqlText = SQL_ERROR.exec(res.body);
            if (sqlText) problems.push(`SQL text ${JSON.stringify(sqlText[0])}: ${where}: ${res.body.slice(0, 200)}`);
            // An accepted write changes the rows the unchanged request changes; a refusal or a read changes none.
            if (res.statusCode < 300 && method !== 'GET' && !recipe.silentSlots?.includes(String(slot.at[0]))) {
              const like = [control, first].find((c) => c.status === res.statusCode) ?? control;
              for (const [table, n] of Object.entries(like.delta)) expected[table] = (expected[table] ?? 0) + n;
            }
          }
          const after = await snapshot();
          const delta = ignoringRefusals(deltaOf(before, after));
          if (JSON.stringify(delta) !== JSON.stringify(ignoringRefusals(Object.fromEntries(Object.entries(expected).filter(([, n]) => n !== 0))))) {
            problems.push(`row counts ${JSON.stringify(delta)}, expected ${JSON.stringify(expected)}: ${name} (${outcomes.join(', ')})`);
          }
          const anyAccepted = outcomes.some((o) => / 2\d\d$/.test(o));
          if ((method === 'GET' || !anyAccepted) && printsChanged(before, after).length) {
            problems.push(`rows of ${printsChanged(before, after).join(', ')} changed: ${name} (${outcomes.join(', ')})`);
          }
          await recipe.cleanup?.();
        }
      }
      secondsBy.set(operation, (Date.now() - operationStarted) / 1000);
    }

    const histogram = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.log(
      [
        `injection: ${requests} requests over ${OPERATIONS.length} operations (${withSlots.size} with caller input): ${slots} slots = ` +
          `${parameters} path/query parameters + ${bodyProperties} string body properties from docs/openapi.json + ${slots - fromDocument} loosely typed values, ` +
          `× ${SQL_PAYLOADS.length} payloads, in ${((Date.now() - started) / 1000).toFixed(1)} s; slowest ${slowest} ms; row counts of ${tables.length} tables checked`,
        `statuses: ${JSON.stringify(histogram)}; 5xx: ${serverErrors}`,
        `slowest operations: ${[...secondsBy].sort(([, a], [, b]) => b - a).slice(0, 12).map(([operation, seconds]) => `${operation} ${seconds.toFixed(1)} s`).join('; ')}`,
        `problems (${problems.length}): ${problems.slice(0, 40).join('\n  ') || 'none'}`,
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(slots).toBeGreaterThanOrEqual(100);
  // About 65 s on a quiet 2-core machine, 157 s inside npm test's concurrent suites: room for a slower one.
  }, 480_000);

  /** A new applicant with a membership and a complete profile. */
  const newMember = async () => {
    const { body, session } = await api.signUp({}, nextIp());
    await t.sql.query(`UPDATE users SET is_active_subscription = true WHERE id = $1`, [session.user.id]);
    const person = { id: session.user.id, token: session.accessToken, email: body.email as string, password: body.password as string };
    const saved = await call('PUT', `/register-applicants/${person.id}`, person.token, { ...basicBody(), formKey: 'registration', applicantFields: entries({ ...basicAnswers(), ...educationAnswers() }) });
    expect(saved.statusCode).toBe(200);
    return person;
  };
  const expectJsonText = (res: { headers: Record<string, unknown> }) => {
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  };
  /**
   * The tags of some HTML, without its text. Where the server writes HTML around a person's words
   * (an essay draft, an e-mail) the words are escaped text, which may well read 'onerror=': what
   * must hold is that none of it became a tag or an attribute.
   */
  const markupOf = (html: string) => (html.match(/<[^>]*>?/g) ?? []).join('');
  /** Strings joined into as few values of at most `max` characters as will hold them (one request each). */
  const packed = (values: readonly string[], max: number) =>
    values.reduce<string[]>((groups, value) => {
      if (groups.length && groups[groups.length - 1].length + value.length <= max) groups[groups.length - 1] += value;
      else groups.push(value);
      return groups;
    }, []);

  it('refuses SQL metacharacters in an API key as an unknown key: 401, no SQL text, no delay, nothing written', async () => {
    const before = await snapshot();
    // Those a header can carry (visible ASCII): the others never reach the server in an Authorization header.
    for (const value of SQL_PAYLOADS.filter((payload) => /^[\x20-\x7e]+$/.test(payload))) {
      for (const secret of [`smk_live_${value}`, `${tokens.providerKey}${value}`]) {
        const sentAt = Date.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/providers/scholarships', remoteAddress: nextIp(), headers: { authorization: `Bearer ${secret}` } });
        expect([value, res.statusCode, res.json().errorCode]).toEqual([value, 401, 'KEY_INVALID']);
        expect([value, SQL_ERROR.test(res.body), Date.now() - sentAt < SLOW_MS]).toEqual([value, false, true]);
      }
    }
    expect(printsChanged(before, await snapshot())).toEqual([]);
  });

  it('treats % and _ as characters, not wildcards, in every search box and filter', async () => {
    const random = `zq${Date.now().toString(36)}x`;
    const probes = ['%', '_', '%%', '%_%', '_%', '\\%', '\\_', '%a%', 'a%', '%a', '*', '.*', '[a-z]', '^', "'", "' OR '1'='1", '$1', random];
    // The catalogue searches of the profile (high school, college, potential colleges, field of study).
    for (const key of ['highSchoolName', 'collegeName', 'interestedColleges', 'fieldOfStudy']) {
      const labels = ((await t.sql.query(`SELECT options FROM form_fields WHERE key = $1`, [key])).rows[0].options as { label: string }[]).map((o) => o.label.toLocaleLowerCase());
      const literal = (q: string) => Math.min(50, labels.filter((label) => label.includes(q.trim().toLocaleLowerCase())).length);
      const search = async (query: string) => {
        const res = await call('GET', `/register-applicants/form-fields/${key}/options?${query}`);
        expect([key, query, res.statusCode]).toEqual([key, query, 200]);
        return res.json().data as { value: string; label: string }[];
      };
      // The controls: a common letter finds many (so a wildcard would show), a random string none.
      expect((await search('q=a&limit=50')).length).toBe(literal('a'));
      expect(literal('a')).toBeGreaterThan(10);
      expect(await search(`q=${random}&limit=50`)).toEqual([]);
      for (const probe of probes) {
        const found = await search(`q=${encodeURIComponent(probe)}&limit=50`);
        expect([key, probe, found.length]).toEqual([key, probe, literal(probe)]);
      }
      for (const probe of ['%', '_', '%%', "' OR '1'='1"]) expect([key, probe, await search(`value=${encodeURIComponent(probe)}`)]).toEqual([key, probe, []]);
    }

    // The scholarship lists' requirement filter: 'cv' finds the CV-only scholarship; look-alikes and Object's own keys find nothing.
    const listed = async (requirementFields: string) => {
      const query = `withoutRequirement=false&requirementFields=${encodeURIComponent(requirementFields)}`;
      const count = await call('GET', `/scholarships/mine-eligible-scholarships/count?${query}`, tokens.applicant);
      const list = await call('GET', `/scholarships/mine-eligible-scholarships?${query}&limit=50`, tokens.applicant);
      return { statuses: [count.statusCode, list.statusCode], count: count.json().data, ids: list.statusCode === 200 ? list.json().data.map((s: { id: string }) => s.id) : undefined };
    };
    const cv = await listed('cv');
    expect(cv.count).toBeGreaterThan(0);
    expect(cv.ids).toContain(ids.cvOnly);
    for (const probe of ['c_', 'C_', 'cV', 'c_v', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'propertyIsEnumerable', random]) {
      expect([probe, await listed(probe)]).toEqual([probe, { statuses: [200, 200], count: 0, ids: [] }]);
    }
    for (const probe of ['%', '_', 'c%', "cv' OR '1'='1", '__proto__']) {
      const refused = await listed(probe);
      expect([probe, refused.statuses]).toEqual([probe, [400, 400]]);
    }

    // The public eligibility teaser: an answer of '%' is no answer that matches everything. (Answers are cached for ten
    // minutes, some of these since the probes above: the scholarship with the rule is published before all of them.)
    const teaser = async (answer: string) =>
      (await call('POST', '/scholarships/eligible-scholarships/stats', undefined, { eligiblityFilters: { [`field.${fieldIds.citizenship}`]: answer } })).json().data.counts as number;
    const citizen = await teaser('us-national');
    const nobody = await teaser(random);
    expect(citizen).toBeGreaterThan(nobody);
    for (const probe of ['%', '_', '%national%', 'us_national', "' OR '1'='1", 'us-national%', 'US-NATIONAL']) expect([probe, await teaser(probe)]).toEqual([probe, nobody]);

    // The admin's outbox search by address: only that exact address.
    const stamp = Date.now().toString(36);
    const address = `wildx${stamp}@example.com`;
    await api.signUp({ email: address }, nextIp());
    expect((await call('POST', '/register-applicants/forgot-password', undefined, { email: address })).statusCode).toBeLessThan(300);
    const outbox = async (to: string) => {
      const res = await call('GET', `/admin/mail-outbox?to=${encodeURIComponent(to)}&limit=100`, tokens.admin);
      return res.statusCode === 200 ? (res.json().data as unknown[]).length : res.statusCode;
    };
    expect(await outbox(address)).toBe(1);
    for (const probe of [`wild_${stamp}@example.com`, `wild%${stamp}@example.com`, `%@example.com`, `wildx${stamp}@example.co_`, `wildx${stamp}@%.com`]) {
      // Either not an address the validator takes (400), or one nobody has (none).
      expect([probe, [0, 400].includes(await outbox(probe))]).toEqual([probe, true]);
    }
  });

  it('stores metacharacter strings as data and gives them back byte-exact', async () => {
    const person = await newMember();
    for (const value of SQL_PAYLOADS) {
      // Account names and a free-text answer (a high school not in the catalogue).
      expect([value, (await call('PUT', `/register-applicants/${person.id}`, person.token, basicBody({ firstName: value, lastName: value }))).statusCode]).toEqual([value, 200]);
      expect([value, (await call('PUT', `/register-applicants/${person.id}`, person.token, educationBody(value))).statusCode]).toEqual([value, 200]);
      const profile = (await call('GET', '/register-applicants/profile', person.token)).json().data;
      expect([profile.firstName, profile.lastName, answersOf(profile).highSchoolName]).toEqual([value, value, value]);
      const [row] = (await t.sql.query(`SELECT first_name, last_name, profile->>'highSchoolName' AS school FROM users WHERE id = $1`, [person.id])).rows;
      expect(row).toEqual({ first_name: value, last_name: value, school: value });

      // A provider's title, description and requirement.
      const created = await call('POST', '/providers/scholarships', tokens.provider, {
        ...newScholarship(),
        title: value,
        description: value,
        requirements: [{ title: value, description: value, dataType: 'text', key: 'probe' }],
      });
      expect([value, created.statusCode]).toEqual([value, 201]);
      const mine = (await call('GET', `/providers/scholarships/${created.json().data.id}`, tokens.provider)).json().data;
      expect([mine.title, mine.requirements[0].title, mine.requirements[0].description]).toEqual([value, value, value]);
      // The description is HTML: the sanitiser escapes &, <, > and " as entities; anything else stays as sent.
      expect(mine.description).toBe(sanitizeRichText(value));
      if (!/[&<>"]/.test(value)) expect(mine.description).toBe(value);

      // An application's text answer.
      expect((await call('POST', '/scholarships/submit-individual-scholarship', person.token, { scholarshipId: ids.withText, status: 'Draft', requirements: [{ key: 'why', fieldValue: value }] })).statusCode).toBe(200);
      const answers = (await call('GET', `/scholarships/${ids.withText}/applicants/get-applicant-details`, person.token)).json().data.applicantFields;
      expect(answers.find((f: { key: string }) => f.key === 'why').fieldValue).toBe(value);

      // An upload's name (shown back by files/{id}/info).
      const uploaded = await upload(person.token, `${value}.pdf`);
      expect([value, uploaded.statusCode]).toEqual([value, 201]);
      const info = (await call('GET', `/common/files/${uploaded.json().data.id}/info`, person.token)).json().data;
      expect(info.name).toBe(displayName(`${value}.pdf`, 'pdf'));
      if (!/[\\/]/.test(value)) expect(info.name).toBe(`${value}.pdf`);
    }

    // An admin's field name and option labels.
    const labels = SQL_PAYLOADS.map((label, i) => ({ value: String(i), label }));
    for (const name of packed(SQL_PAYLOADS, 200)) {
      expect((await call('PATCH', `/admin/form-fields/${ids.patchField}`, tokens.admin, { name, options: labels })).statusCode).toBe(200);
      expect((await call('POST', '/admin/forms/versions', tokens.admin, {})).statusCode).toBe(201);
      const field = ((await call('GET', '/register-applicants/form-fields')).json().data as { id: number; name: string; options: Record<string, string> }[]).find((f) => String(f.id) === ids.patchField)!;
      expect(field.name).toBe(name);
      expect(Object.values(field.options)).toEqual(SQL_PAYLOADS);
    }

    // An e-mail address and a password with quotes, % and _: they sign in exactly, never as patterns.
    const email = `o'hara%_+${Date.now().toString(36)}@example.com`;
    const password = "' OR '1'='1' --";
    const signedUp = await api.signUp({ email, password }, nextIp());
    expect((await call('GET', '/users/me', signedUp.session.accessToken)).json().data.email).toBe(email);
    expect((await api.login(email, password, nextIp())).statusCode).toBe(201);
    for (const [userName, pass] of [
      [email, "' OR '1'='1"],
      [email, "' OR 1=1 --"],
      [email.replace('%_', 'xy'), password],
      [email.replace("o'hara%_", '%'), password],
      ["' OR '1'='1", password],
      ["' OR 1=1 --", "' OR 1=1 --"],
    ]) {
      const refused = await api.login(userName, pass, nextIp());
      // 400 WRONG_PASSWORD or 401 EMAIL_NOT_FOUND (the original chat sign-in tells them apart); never a session.
      expect([userName, pass, [400, 401].includes(refused.statusCode), refused.body.includes('accessToken')]).toEqual([userName, pass, true, false]);
    }
  });

  it('leaves none of the XSS corpus in any HTML the server stores, builds or sends', async () => {
    const person = await newMember();
    const target = await createScholarship({ ...newScholarship(), title: 'XSS target', criteria: [], requirements: [] }, true);
    expect((await call('PUT', '/scholarships/add-wishlist', person.token, { scholarshipId: target })).statusCode).toBe(200);
    expect((await call('POST', '/scholarships/submit-individual-scholarship', person.token, { scholarshipId: target, status: 'Draft', requirements: [] })).statusCode).toBe(200);
    const previews = async () => {
      const lists = await Promise.all([
        call('GET', '/scholarships/mine-eligible-scholarships?withoutRequirement=true&limit=50', person.token),
        call('GET', '/scholarships/get-wishlist', person.token),
        call('GET', '/scholarships/me/scholarships', person.token),
      ]);
      const cards = lists.map((res) => (res.json().data as { id: string; description: string; scholarship?: { id: string; description: string } }[]).map((card) => card.scholarship ?? card));
      return cards.map((list) => list.find((card) => card.id === target)?.description);
    };

    // A provider's description (HTML), payload by payload and all at once: as the provider reads it back, on the
    // applicant's page, and in the list previews (text).
    for (const payload of [...XSS_PAYLOADS, XSS_PAYLOADS.join('\n')]) {
      const patched = await call('PATCH', `/providers/scholarships/${target}`, tokens.provider, { description: `<p>About</p>${payload}` });
      expect(patched.statusCode).toBe(200);
      const stored = (await t.sql.query(`SELECT description FROM scholarships WHERE id = $1`, [target])).rows[0].description as string;
      const shown = [
        stored,
        patched.json().data.description,
        (await call('GET', `/providers/scholarships/${target}`, tokens.provider)).json().data.description,
        (await call('GET', `/scholarships/${target}`, person.token)).json().data.description,
        ...(await previews()),
      ];
      expect(shown[0]).toContain('<p>About</p>');
      for (const html of shown) expect([payload, html, XSS_LEFTOVERS.test(String(html))]).toEqual([payload, expect.any(String), false]);
    }

    // Essays the server writes (HTML) from the applicant's name, the scholarship's title and description and the
    // applicant's instruction. Essay help allows 30 calls an hour per person: a writer per 10 payloads.
    let writer = person;
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      if (i > 0 && i % 10 === 0) writer = await newMember();
      expect((await call('PATCH', `/providers/scholarships/${target}`, tokens.provider, { title: payload, description: `<p>Aim.</p>${payload}` })).statusCode).toBe(200);
      if (payload.length <= 100) expect((await call('PUT', `/register-applicants/${writer.id}`, writer.token, basicBody({ firstName: payload }))).statusCode).toBe(200);
      for (const kind of ['essay', 'outline']) {
        const res = await call('POST', '/register-applicants/get-essay', writer.token, { kind, scholarshipId: target, prompt: payload });
        expect([payload, kind, res.statusCode]).toEqual([payload, kind, 201]);
        const content = res.json().data.content as string;
        expect(content).toMatch(/^<h2>/);
        // The person's words are text in it (escaped), never tags or attributes.
        expect([payload, kind, XSS_LEFTOVERS.test(markupOf(content))]).toEqual([payload, kind, false]);
        expect(content).not.toContain(payload);
      }
    }

    // The password-reset e-mail's HTML, which greets the person by name.
    for (const payload of XSS_PAYLOADS.filter((p) => p.length <= 100)) {
      expect((await call('PUT', `/register-applicants/${person.id}`, person.token, basicBody({ firstName: payload }))).statusCode).toBe(200);
      await t.sql.query(`DELETE FROM password_reset_codes WHERE user_id = $1`, [person.id]);
      expect([payload, (await call('POST', '/register-applicants/forgot-password', undefined, { email: person.email })).statusCode]).toEqual([payload, 201]);
      const [mail] = (await t.sql.query(`SELECT text_body, html_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [person.email])).rows;
      expect(mail.text_body).toContain(`Hello ${payload},`);
      expect([payload, XSS_LEFTOVERS.test(markupOf(mail.html_body))]).toEqual([payload, false]);
      expect(mail.html_body).not.toContain(payload);
    }
  });

  it('gives the XSS corpus back from plain-text fields as JSON text, byte-exact and with nosniff', async () => {
    // Entity- and URL-encoded markup must come back as sent, not decoded into markup.
    const corpus = [...XSS_PAYLOADS, '&lt;script&gt;window.__xss(31)&lt;/script&gt;', '&#60;img src=x onerror=window.__xss(32)&#62;', '%3Cscript%3Ewindow.__xss(33)%3C%2Fscript%3E'];
    const person = await newMember();
    const published = await createScholarship({ ...newScholarship(), criteria: [], requirements: [{ title: 'Why', dataType: 'text', key: 'why' }] }, true);
    let checked = 0;
    const text = (res: { statusCode: number; headers: Record<string, unknown> }, value: unknown, expected: string) => {
      expect(res.statusCode).toBeLessThan(300);
      expectJsonText(res);
      expect(value).toBe(expected);
      checked += 1;
    };

    for (const payload of corpus) {
      // Account names (max 100 characters): the save's answer, the profile, the minimal profile, users/me.
      if (payload.length <= 100) {
        const saved = await call('PUT', `/register-applicants/${person.id}`, person.token, basicBody({ firstName: payload, lastName: payload }));
        text(saved, saved.json().data.applicant.firstName, payload);
        const profile = await call('GET', '/register-applicants/profile', person.token);
        text(profile, profile.json().data.lastName, payload);
        const minimal = await call('GET', '/register-applicants/profile/minimal', person.token);
        text(minimal, minimal.json().data.firstName, payload);
        const me = await call('GET', '/users/me', person.token);
        text(me, me.json().data.firstName, payload);
      }
      // A free-text answer (a high school not in the catalogue).
      expect((await call('PUT', `/register-applicants/${person.id}`, person.token, educationBody(payload))).statusCode).toBe(200);
      const profile = await call('GET', '/register-applicants/profile', person.token);
      text(profile, answersOf(profile.json().data).highSchoolName, payload);

      // A scholarship's title and its requirement's title and description: to the provider, on the applicant's page
      // and in the list.
      const patched = await call('PATCH', `/providers/scholarships/${published}`, tokens.provider, {
        title: payload,
        requirements: [{ title: payload, description: payload, dataType: 'text', key: 'why' }],
      });
      text(patched, patched.json().data.title, payload);
      const detail = await call('GET', `/scholarships/${published}`, person.token);
      text(detail, detail.json().data.title, payload);
      text(detail, detail.json().data.requirements[0].title, payload);
      text(detail, detail.json().data.requirements[0].description, payload);
      const list = await call('GET', '/scholarships/mine-eligible-scholarships?withoutRequirement=false&limit=50', person.token);
      text(list, (list.json().data as { id: string; title: string }[]).find((s) => s.id === published)?.title, payload);

      // An application's text answer.
      const answered = await call('POST', '/scholarships/submit-individual-scholarship', person.token, { scholarshipId: published, status: 'Draft', requirements: [{ key: 'why', fieldValue: payload }] });
      expect(answered.statusCode).toBe(200);
      const details = await call('GET', `/scholarships/${published}/applicants/get-applicant-details`, person.token);
      text(details, details.json().data.applicantFields.find((f: { key: string }) => f.key === 'why').fieldValue, payload);

      // An upload's name: the name the rule of uploads/file-names.ts makes (no folders, no control characters), nothing escaped.
      const uploaded = await upload(person.token, `${payload}.pdf`);
      text(uploaded, uploaded.json().data.name, displayName(`${payload}.pdf`, 'pdf'));
      const info = await call('GET', `/common/files/${uploaded.json().data.id}/info`, person.token);
      text(info, info.json().data.name, displayName(`${payload}.pdf`, 'pdf'));
      if (!/[\\/\t]/.test(payload)) expect(info.json().data.name).toBe(`${payload}.pdf`);
    }

    // An admin's field name and option labels, in the public field list.
    for (const name of packed(corpus, 200)) {
      const options = corpus.map((label, i) => ({ value: String(i), label }));
      expect((await call('PATCH', `/admin/form-fields/${ids.patchField}`, tokens.admin, { name, options, active: true })).statusCode).toBe(200);
      expect((await call('POST', '/admin/forms/versions', tokens.admin, {})).statusCode).toBe(201);
      const fields = await call('GET', '/register-applicants/form-fields');
      const field = (fields.json().data as { id: number; name: string; options: Record<string, string> }[]).find((f) => String(f.id) === ids.patchField)!;
      text(fields, field.name, name);
      text(fields, JSON.stringify(Object.values(field.options)), JSON.stringify(corpus));
    }

    // An error description that quotes the caller's input is JSON text too.
    const refused = await call('POST', '/scholarships/eligible-scholarships/stats', undefined, { eligiblityFilters: { [XSS_PAYLOADS[0]]: 'x' } });
    expect(refused.statusCode).toBe(400);
    expectJsonText(refused);
    expect(refused.json().description).toContain(XSS_PAYLOADS[0].slice(0, 40));
    console.log(`plain-text XSS: ${corpus.length} strings, ${checked} values compared byte-exact in JSON answers with nosniff`);
    expect(checked).toBeGreaterThan(400);
    // Hundreds of calls: room for a machine that runs other spec files beside this one.
  }, 120_000);
});
