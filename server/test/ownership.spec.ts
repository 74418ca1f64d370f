import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import { InboxService } from '../src/inbox/inbox.service.js';
import { accountClient } from './accounts-helpers.js';
import { filePart, multipartBody, pdfFile } from './upload-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * Who may reach what, for every operation of the committed OpenAPI document (the ownership
 * matrix of docs/security.md). Each operation is in exactly one class below; a new route that is not classified fails
 * the first test, so it cannot ship without saying who may call it.
 */
const ACCESS = {
  /** Anyone, signed in or not. */
  public: [
    'POST /api/v1/users/auth/login',
    'POST /api/v1/users/auth/refresh',
    'POST /api/v1/users/auth/logout',
    'GET /api/v1/health',
    'GET /api/v1/health/live',
    'GET /api/v1/health/ready',
    'GET /api/v1/forms/{formKey}',
    'POST /api/v1/forms/{formKey}/validate',
    'GET /api/v1/forms/{formKey}/validator.js',
    // Public because a module import cannot send a token; only a version already served is answered.
    'GET /api/v1/scholarships/{id}/form/validator.js',
    'GET /api/v1/register-applicants/form-fields',
    'GET /api/v1/register-applicants/form-fields/{key}/options',
    'POST /api/v1/register-applicants',
    'POST /api/v1/register-applicants/forgot-password',
    'POST /api/v1/register-applicants/verify-otp',
    'POST /api/v1/register-applicants/reset-password',
    'GET /api/v1/common/geo',
    'GET /api/v1/scholarships/eligible-scholarships/stats',
    'POST /api/v1/scholarships/eligible-scholarships/stats',
    'GET /api/v1/subscription-plans',
    // Signed by the payment provider instead of a token (docs/payments.md, "Webhooks").
    'POST /api/v1/payments/webhooks/{gateway}',
    // The sandbox provider's hosted checkout: the unguessable session id is the capability.
    'GET /api/v1/sandbox-checkout/{sessionId}',
    'POST /api/v1/sandbox-checkout/{sessionId}/pay',
    'POST /api/v1/users/provider-signup',
    // Published scholarships' pages, and the images organisations show on them (docs/providers.md).
    'GET /api/v1/scholarships/slug/{slug}',
    'GET /api/v1/common/public-link/{id}',
    // The embeddable card a sponsor's site frames, and its loader (docs/embedding.md): published scholarships only.
    'GET /embed.js',
    'GET /embed/scholarships/{id}',
    // A signed export link: the signature stands for the person it was made for (docs/review.md, "Export").
    'GET /api/v1/common/files/{id}/signed',
    // A reviewer's invitation: the unguessable token is the capability (docs/review.md, "Reviewers").
    'GET /api/v1/reviewer-invitations/{token}',
    'POST /api/v1/reviewer-invitations/{token}/accept',
    // The invited address's existing reviewer account joins with its password (docs/review.md, "Reviewers").
    'POST /api/v1/reviewer-invitations/{token}/join',
    // A staff invitation: the same, for a new staff account (docs/console.md, "Roles and sessions").
    'GET /api/v1/staff-invitations/{token}',
    'POST /api/v1/staff-invitations/{token}/accept',
    // The login's second step: the challenge of a right password is the capability (docs/staff-security.md, "Second factor").
    'POST /api/v1/users/auth/login/totp',
    // The questions of the chats, made from public forms (docs/chat.md), also at the original address.
    'GET /api/v1/questions',
    'GET /api/questions',
    // Social sign-in (docs/chat.md): a sign-in's state is its capability, used once.
    'GET /api/v1/users/auth/social-providers',
    'GET /api/v1/users/auth/google',
    'POST /api/v1/users/auth/user-google',
    // Anyone's contact message; a support request needs a token, and takes the account's name and e-mail (support.spec.ts).
    'POST /api/v1/scholarships/add-support',
  ],
  /**
   * Anyone may open a chat; its later turns belong to whoever has its id, which nobody can guess (a
   * token, when sent, must be the chat's; docs/chat.md, "Sessions"): any other id is a 404.
   */
  chatHolder: [
    'POST /api/v1/signup/chats',
    'POST /api/v1/login/chats',
    'POST /api/signup/chats',
    'POST /api/login/chats',
  ],
  /** Admins only. */
  admin: [
    'GET /api/v1/admin/mail-outbox',
    'GET /api/v1/admin/form-fields',
    'POST /api/v1/admin/form-fields',
    'PATCH /api/v1/admin/form-fields/{id}',
    'DELETE /api/v1/admin/form-fields/{id}',
    'POST /api/v1/admin/form-fields/{id}/revert',
    'GET /api/v1/admin/form-fields/{id}/options',
    'POST /api/v1/admin/form-fields/{id}/options',
    'PATCH /api/v1/admin/form-fields/{id}/options/{value}',
    'DELETE /api/v1/admin/form-fields/{id}/options/{value}',
    'GET /api/v1/admin/forms',
    'GET /api/v1/admin/forms/draft/diff',
    'DELETE /api/v1/admin/forms/draft',
    'GET /api/v1/admin/forms/{formKey}/preview',
    'PUT /api/v1/admin/forms/{formKey}/order',
    'POST /api/v1/admin/forms/versions',
    'GET /api/v1/admin/forms/versions',
    'GET /api/v1/admin/forms/versions/{number}',
    'POST /api/v1/admin/forms/versions/{number}/rollback',
    'PUT /api/v1/admin/applicants/{id}/subscription',
    'GET /api/v1/admin/subscription-plans',
    'PATCH /api/v1/admin/subscription-plans/{id}',
    'POST /api/v1/admin/payments/sandbox/clock',
    'POST /api/v1/admin/staff-invitations',
    'GET /api/v1/admin/staff',
    'POST /api/v1/admin/users/{id}/end-sessions',
    'POST /api/v1/admin/users/{id}/lock',
    'POST /api/v1/admin/users/{id}/unlock',
    'PUT /api/v1/admin/users/{id}/role',
    'GET /api/v1/admin/audit-log',
    'POST /api/v1/admin/people/{id}/cancel-membership',
    'POST /api/v1/admin/people/{id}/complimentary-membership',
    // Privacy requests (privacy.spec.ts): support staff read members but neither export nor erase them.
    'POST /api/v1/admin/people/{id}/export',
    'POST /api/v1/admin/people/{id}/erase',
  ],
  /** Staff: admins and support (support requests, read-only payment lookups; docs/security.md, "Roles and permissions"). */
  staff: [
    'GET /api/v1/admin/payments/events',
    'GET /api/v1/admin/support-requests',
    'POST /api/v1/admin/support-requests/{id}/answer',
    // The staff's support queue (support-queue.spec.ts).
    'GET /api/v1/admin/support-staff',
    'GET /api/v1/admin/support-requests/{id}',
    'POST /api/v1/admin/support-requests/{id}/solve',
    'POST /api/v1/admin/support-requests/{id}/reopen',
    'PUT /api/v1/admin/support-requests/{id}/assignee',
    'POST /api/v1/admin/support-requests/{id}/notes',
    'GET /api/v1/admin/people',
    'GET /api/v1/admin/people/{id}',
    'POST /api/v1/admin/people/{id}/password-reset',
    // Each staff member's own second factor (staff-totp.spec.ts).
    'GET /api/v1/users/me/totp',
    'POST /api/v1/users/me/totp',
    'POST /api/v1/users/me/totp/confirm',
    'DELETE /api/v1/users/me/totp',
  ],
  /** Providers, on their own scholarships only. */
  provider: [
    'GET /api/v1/providers/scholarships',
    'GET /api/v1/providers/scholarships/overview',
    'POST /api/v1/providers/scholarships',
    'GET /api/v1/providers/scholarships/{id}',
    'PATCH /api/v1/providers/scholarships/{id}',
    'POST /api/v1/providers/scholarships/{id}/publish',
    'POST /api/v1/providers/scholarships/{id}/close',
    'POST /api/v1/scholarships',
    'PUT /api/v1/scholarships/{id}',
    'GET /api/v1/scholarship/{id}/requirement',
    'PUT /api/v1/scholarship/{id}/requirement',
    'POST /api/v1/scholarship/{id}/requirement/preview',
    'GET /api/v1/scholarship/{id}/criteria',
    'PUT /api/v1/scholarship/{id}/criteria',
    'POST /api/v1/scholarship/{id}/criteria',
    'PUT /api/v1/scholarship/{id}/criteria/{criteriaId}',
    'DELETE /api/v1/scholarship/{id}/criteria/{criteriaId}',
    'GET /api/v1/providers/criteria-vocabulary',
    'POST /api/v1/providers/eligibility-count',
    // The provider's own organisation, found from the token.
    'GET /api/v1/users/organisation',
    'PUT /api/v1/users/organisation',
    // Provider review (docs/review.md): the owner, and reviewers of its organisation.
    'GET /api/v1/scholarships/{id}/applicants',
    'GET /api/v1/scholarships/{id}/applicants/{applicantId}',
    'PUT /api/v1/scholarships/{id}/applicants/{applicantId}/status',
    'POST /api/v1/scholarships/{id}/applicants/{applicantId}/status/undo',
    'GET /api/v1/scholarships/{id}/review-settings',
    'PUT /api/v1/scholarships/{id}/review-settings',
    'GET /api/v1/scholarship/{id}/rank-criteria',
    'PUT /api/v1/scholarship/{id}/rank-criteria',
    'GET /api/v1/scholarship/{id}/applicants/{applicantId}/points',
    'PUT /api/v1/scholarship/{id}/applicants/{applicantId}/points',
    'GET /api/v1/scholarships/{id}/winners',
    'POST /api/v1/scholarships/{id}/winners',
    'GET /api/v1/scholarships/{id}/applicants-data/export',
    'GET /api/v1/scholarships/{id}/activity',
    'POST /api/v1/scholarships/{id}/messages',
    // The studio inbox (docs/inbox.md, "Conversations"): the owner's conversations, found from the token.
    'GET /api/v1/providers/inbox',
    'GET /api/v1/providers/inbox/unread-count',
    'GET /api/v1/providers/inbox/{applicationId}',
    'POST /api/v1/providers/inbox/{applicationId}/messages',
    // The provider's own reviewers, found from the token.
    'POST /api/v1/providers/reviewers',
    'GET /api/v1/providers/reviewers',
    'DELETE /api/v1/providers/reviewers/{id}',
    // The owner's own API keys, found from the token (api-keys.spec.ts); another's key id is a 404.
    'GET /api/v1/providers/api-keys',
    'POST /api/v1/providers/api-keys',
    'DELETE /api/v1/providers/api-keys/{id}',
    // The owner's webhook endpoints and their log (webhooks.spec.ts); another's endpoint id is a 404.
    'GET /api/v1/providers/webhooks',
    'POST /api/v1/providers/webhooks',
    'PATCH /api/v1/providers/webhooks/{id}',
    'DELETE /api/v1/providers/webhooks/{id}',
    'POST /api/v1/providers/webhooks/{id}/roll-secret',
    'GET /api/v1/providers/webhooks/{id}/deliveries',
    'POST /api/v1/providers/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    'POST /api/v1/providers/webhooks/{id}/test',
    // The owner's embed settings, found from the token (embed.spec.ts): its own sites and scholarships only.
    'GET /api/v1/providers/embed',
    'PUT /api/v1/providers/embed/origins',
  ],
  /** Signed in; the id in the path is the caller's own (a user or a file): anyone else's is refused. */
  ownId: [
    'PUT /api/v1/register-applicants/{id}',
    'PUT /api/v1/register-applicants/{id}/update-password',
    'GET /api/v1/common/files/{id}',
    'GET /api/v1/common/files/{id}/info',
    'POST /api/v1/user-payments/cancel-subscription/{subscribed_id}/{payment_gateway}',
    'GET /api/v1/inbox/{id}',
    'PUT /api/v1/inbox/{id}/read',
    // A conversation, from one of the caller's own inbox messages (docs/inbox.md, "Conversations").
    'GET /api/v1/inbox/{id}/conversation',
    'POST /api/v1/inbox/{id}/replies',
    // The thread of one of the caller's own support requests (docs/support.md, "The thread").
    'GET /api/v1/support-requests/{id}/thread',
    'POST /api/v1/support-requests/{id}/replies',
  ],
  /** Signed in; what is read or written is the caller's own, found from the token (never from the request). */
  caller: [
    'GET /api/v1/users/me',
    'GET /api/v1/register-applicants/profile/minimal',
    'GET /api/v1/register-applicants/profile',
    'GET /api/v1/users/me/new-questions',
    'GET /api/v1/scholarships/mine-eligible-scholarships',
    'GET /api/v1/scholarships/mine-eligible-scholarships/count',
    'GET /api/v1/scholarships/stats',
    'GET /api/v1/scholarships/dashboard-summary',
    'GET /api/v1/scholarships/get-wishlist',
    'PUT /api/v1/scholarships/add-wishlist',
    'PUT /api/v1/scholarships/remove-wishlist',
    'GET /api/v1/scholarships/me/scholarships',
    // The application tracker: the caller's own applications (below: A's, and none of them for B).
    'GET /api/v1/scholarships/me/applications',
    'GET /api/v1/register-applicants/auto-apply',
    'PUT /api/v1/register-applicants/auto-apply',
    'GET /api/v1/scholarships/{id}',
    'GET /api/v1/scholarships/{id}/form',
    'GET /api/v1/scholarships/{id}/applicants/get-applicant-details',
    'POST /api/v1/scholarships/submit-individual-scholarship',
    'POST /api/v1/scholarships/submit-scholarships',
    'POST /api/v1/common/upload',
    'GET /api/v1/sweepstakes/current',
    'POST /api/v1/register-applicants/apply-scholarship/{sweepstakesId}',
    'GET /api/v1/scholarships/assistance',
    'GET /api/v1/scholarships/assistance/{id}',
    'POST /api/v1/register-applicants/get-essay',
    'POST /api/v1/user-payments/checkout',
    'GET /api/v1/user-payments/current-subscription',
    'GET /api/v1/inbox',
    'GET /api/v1/inbox/unread-count',
    // The caller's own support requests (support.spec.ts: nobody else's).
    'GET /api/v1/support-requests',
    // The dashboard assistant: the caller's own chat (anyone else's id is a 404, below), also at the original address.
    'POST /api/v1/scholarships/chats',
    'POST /api/scholarships/chats',
  ],
} as const;

const OPENAPI = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { 'x-key-scope'?: string }>>;
};
/** The scope an API key needs for the operation (docs/api.md, "API keys"); undefined: no key may call it. */
const keyScopeOf = (operation: string) => {
  const [method, route] = operation.split(' ');
  return OPENAPI.paths[route][method.toLowerCase()]['x-key-scope'];
};
const KEY_SCOPES = ['read_own_scholarships', 'manage_scholarships', 'read_applications', 'write_reviews', 'write_messages', 'manage_webhooks'] as const;
const OPERATIONS = Object.entries(OPENAPI.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Strings only applicant A's data holds: none may appear in what anyone else is answered. */
const A_ESSAY = 'A-PRIVATE-ESSAY-7f3c';

describe('the ownership matrix', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  const tokens: Record<'a' | 'b' | 'providerA' | 'providerB' | 'admin' | 'support', string> = {} as never;
  let a: { id: string; email: string };
  let aFile: string;
  let aSubscription: string;
  let aMessage: string;
  let aSupportRequest: string;
  let aApplication: string;
  let scholarshipOfA: string;
  let published: string;
  /** Provider A's webhook endpoint: the id the webhook routes are tried with. */
  let endpointOfA: string;
  /** Each provider's API keys, one per scope. */
  const keys: Record<'providerA' | 'providerB', Record<string, string>> = { providerA: {}, providerB: {} };

  const send = (method: Method, url: string, token?: string, body?: unknown) => api.call(method, url.replace(/^\/api\/v1/, ''), { token, body });
  /** The route with its path parameters filled in. */
  const fill = (route: string, id: string) => route.replace(/\{[^}]+\}/g, route.startsWith('/api/v1/providers/webhooks/') && id === scholarshipOfA ? endpointOfA : id);

  /** A valid body for each provider operation, so that only ownership can refuse it. */
  const providerBodies = (): Record<string, unknown> => {
    const rule = { fieldKey: 'gpa', operator: 'exists' };
    return {
      'POST /api/v1/scholarships': { answers: { title: 'Taken over' } },
      'PUT /api/v1/scholarships/{id}': { answers: { title: 'Taken over' } },
      'PUT /api/v1/scholarship/{id}/requirement': { requirements: [] },
      'POST /api/v1/scholarship/{id}/requirement/preview': { requirements: [] },
      'PUT /api/v1/scholarship/{id}/criteria': { criteria: [] },
      'POST /api/v1/scholarship/{id}/criteria': rule,
      'PUT /api/v1/scholarship/{id}/criteria/{criteriaId}': rule,
      'POST /api/v1/providers/eligibility-count': { criteria: [] },
      'PUT /api/v1/users/organisation': { answers: {} },
      'PUT /api/v1/scholarships/{id}/applicants/{applicantId}/status': { status: 'Shortlisted' },
      'PUT /api/v1/scholarships/{id}/review-settings': { blindReview: true },
      'PUT /api/v1/scholarship/{id}/rank-criteria': { criteria: [] },
      'PUT /api/v1/scholarship/{id}/applicants/{applicantId}/points': { answers: {} },
      'POST /api/v1/scholarships/{id}/winners': { draw: { count: 1 } },
      'POST /api/v1/scholarships/{id}/messages': { applicantIds: [scholarshipOfA], answers: { subject: 'Hi', body: '<p>Hi</p>' } },
      'POST /api/v1/providers/reviewers': { email: 'reviewer@example.org' },
      'POST /api/v1/providers/inbox/{applicationId}/messages': { answers: { replyBody: 'Hello from B' } },
      'POST /api/v1/providers/api-keys': { name: 'Escalation', scopes: ['read_applications'] },
      'POST /api/v1/providers/webhooks': { url: 'http://127.0.0.1:9/taken-over', events: ['application.submitted'] },
      'PATCH /api/v1/providers/webhooks/{id}': { enabled: false },
      'PUT /api/v1/providers/embed/origins': { origins: ['https://taken-over.example.org'] },
    };
  };

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 10_000, API_KEY_RATE_LIMIT_PER_MINUTE: 10_000, WEBHOOKS_ALLOW_LOOPBACK: true });
    api = accountClient(t);
    tokens.admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    tokens.providerA = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    // A support agent, invited by the admin as staff always is.
    const supportEmail = `support.${Date.now()}@example.org`;
    expect((await send('POST', '/admin/staff-invitations', tokens.admin, { email: supportEmail, role: 'support' })).statusCode).toBe(201);
    const staffMail = await t.sql.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [supportEmail]);
    const staffToken = /token=([A-Za-z0-9_-]+)/.exec(staffMail.rows[0].text_body as string)![1];
    const staffPassword = 'a long support passphrase';
    tokens.support = (
      await send('POST', `/staff-invitations/${staffToken}/accept`, undefined, { answers: { firstName: 'Sam', lastName: 'Okafor', password: staffPassword, confirmPassword: staffPassword } })
    ).json().data.accessToken;
    // A second provider: an account given the provider role, then signed in again so its token says so.
    const other = await api.signUp();
    await t.sql.query(`UPDATE users SET role = 'provider', applicant_type = NULL WHERE id = $1`, [other.session.user.id]);
    tokens.providerB = (await api.login(other.body.email as string, other.body.password as string)).json().data.accessToken;

    for (const who of ['providerA', 'providerB'] as const) {
      for (const scope of KEY_SCOPES) {
        const key = await send('POST', '/providers/api-keys', tokens[who], { name: `${who} ${scope}`, scopes: [scope] });
        expect([who, scope, key.statusCode]).toEqual([who, scope, 201]);
        keys[who][scope] = key.json().data.secret;
      }
    }

    const first = await api.signUp();
    a = { id: first.session.user.id, email: first.body.email as string };
    tokens.a = first.session.accessToken;
    tokens.b = (await api.signUp()).session.accessToken;
    // A's membership, as a provider's webhook would have stored it.
    const subscription = await t.sql.query(
      `INSERT INTO subscriptions (user_id, plan_id, monthly_amount_cents, gateway, gateway_subscription_id, status, trial_ends_at, current_period_end, gateway_version)
       SELECT $1, id, monthly_amount_cents, 'sandbox', 'sub_sandbox_ownership', 'trialing', now() + interval '7 days', now() + interval '7 days', 1 FROM subscription_plans LIMIT 1 RETURNING id`,
      [a.id],
    );
    aSubscription = subscription.rows[0].id;
    await t.sql.query(`UPDATE users SET is_active_subscription = true WHERE id = ANY($1)`, [[a.id]]);

    const created = await send('POST', '/providers/scholarships', tokens.providerA, {
      title: 'Ownership test',
      award: 1000,
      recurrenceConfig: { deadline: NEXT_YEAR },
      requirements: [{ title: 'Essay', dataType: 'editor', key: 'essay' }, { title: 'CV', dataType: 'file', key: 'cv', optional: true }],
    });
    scholarshipOfA = created.json().data.id;
    // Subscribed to an event nothing here causes: no delivery goes to the discard port.
    endpointOfA = (await send('POST', '/providers/webhooks', tokens.providerA, { url: 'http://127.0.0.1:9/hooks', events: ['scholarship.closed'] })).json().data.id;
    expect((await send('POST', `/providers/scholarships/${scholarshipOfA}/publish`, tokens.providerA)).statusCode).toBe(200);
    published = scholarshipOfA;

    const { body, contentType } = multipartBody([filePart(pdfFile())]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/v1/common/upload', headers: { authorization: `Bearer ${tokens.a}`, 'content-type': contentType }, payload: body });
    aFile = upload.json().data.id;
    expect(aFile).toBeDefined();
    const draft = await send('POST', '/scholarships/submit-individual-scholarship', tokens.a, {
      scholarshipId: published,
      status: 'Draft',
      requirements: [{ key: 'essay', fieldValue: { text: `<p>${A_ESSAY}</p>` } }, { key: 'cv', fieldValue: `/api/v1/common/files/${aFile}` }],
    });
    expect(draft.statusCode).toBe(200);
    expect((await send('PUT', '/scholarships/add-wishlist', tokens.a, { scholarshipId: published })).statusCode).toBe(200);
    aApplication = (await t.sql.query(`SELECT id FROM applications WHERE user_id = $1`, [a.id])).rows[0].id;
    await t.app.get(InboxService).deliver([a.id], { kind: 'provider', fromName: 'Hopper Foundation', fromEmail: '', subject: 'For A only', html: `<p>${A_ESSAY}</p>`, scholarshipId: published, applicationId: aApplication });
    aMessage = (await t.sql.query(`SELECT id FROM inbox_messages WHERE user_id = $1 AND subject = 'For A only'`, [a.id])).rows[0].id;
    expect((await send('POST', '/scholarships/add-support', tokens.a, { query: 'For A only', description: A_ESSAY })).statusCode).toBe(201);
    aSupportRequest = (await t.sql.query(`SELECT id FROM support_requests WHERE user_id = $1`, [a.id])).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('classifies every operation of the OpenAPI document, and only those', () => {
    const classified = Object.values(ACCESS).flat() as string[];
    expect(OPERATIONS.filter((operation) => !classified.includes(operation))).toEqual([]);
    expect(classified.filter((operation) => !OPERATIONS.includes(operation))).toEqual([]);
    expect(new Set(classified).size).toBe(classified.length);
  });

  it('refuses every non-public operation to an anonymous caller with 401', async () => {
    const open = [...ACCESS.public, ...ACCESS.chatHolder] as readonly string[];
    const guarded = OPERATIONS.filter((operation) => !open.includes(operation));
    for (const operation of guarded) {
      const [method, route] = operation.split(' ');
      const res = await send(method as Method, fill(route, a.id), undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect([operation, res.statusCode]).toEqual([operation, 401]);
      expect(res.json().description).toEqual(expect.any(String));
    }
  });

  it("keeps a chat to whoever has its id: a made-up id, another chat's id or a wrong token continues nothing and reads nothing", async () => {
    const opened: Record<string, { id: string; token: string }> = {};
    const firstAnswers: Record<string, { answer_key: string; answer: string }> = {
      signup: { answer_key: 'firstName', answer: A_ESSAY },
      login: { answer_key: 'email', answer: a.email },
    };
    const kindOf = (operation: string) => (operation.includes('/signup/') ? 'signup' : 'login');
    for (const operation of ACCESS.chatHolder) {
      const route = operation.split(' ')[1];
      const first = await send('POST', route, tokens.a, firstAnswers[kindOf(operation)]);
      expect([operation, first.statusCode]).toEqual([operation, 201]);
      opened[operation] = { id: first.json().data._id, token: first.json().data.chatToken };
    }
    for (const operation of ACCESS.chatHolder) {
      const route = operation.split(' ')[1];
      const chat = opened[operation];
      const otherKind = Object.entries(opened).find(([other]) => kindOf(other) !== kindOf(operation))![1];
      const turn = (id: string, headers: Record<string, string>, token?: string, body: unknown = { answer_key: 'lastName', answer: 'Mallory' }) =>
        t.app.inject({
          method: 'POST',
          url: `${route}?id=${id}`,
          headers: { 'content-type': 'application/json', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: JSON.stringify(body),
        });
      for (const [who, res] of [
        ['anonymous with a made-up id', await turn(randomUUID(), {})],
        ['b with a made-up id', await turn(randomUUID(), {}, tokens.b)],
        ["anonymous with the other kind of chat's id", await turn(otherKind.id, {})],
        ['b with the id and a made-up token', await turn(chat.id, { 'x-chat-token': 'A'.repeat(43) }, tokens.b)],
        ["a with the id and another chat's token", await turn(chat.id, { 'x-chat-token': otherKind.token }, tokens.a)],
      ] as const) {
        expect([operation, who, res.statusCode]).toEqual([operation, who, 404]);
        expect(res.body).not.toContain(A_ESSAY);
        expect(res.body).not.toContain(a.email);
      }
    }
    const rows = (await t.sql.query(`SELECT turns FROM chat_sessions WHERE id = ANY($1)`, [Object.values(opened).map((chat) => chat.id)])).rows;
    expect(rows).toEqual(Object.values(opened).map(() => ({ turns: 1 })));
    // The control: the id alone, from anyone, continues the chat.
    for (const operation of ACCESS.chatHolder) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${operation.split(' ')[1]}?id=${opened[operation].id}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(kindOf(operation) === 'signup' ? { answer_key: 'lastName', answer: 'Mallory' } : firstAnswers.login),
      });
      expect([operation, res.statusCode]).toEqual([operation, 201]);
    }

    // The dashboard assistant's chat is its applicant's: B neither continues A's nor asks as A.
    const question = (userID: string) => ({ userID, questionAnswer: { scholarship_type: 'recommendation', question: 'Recommendations' } });
    const mine = await send('POST', '/scholarships/chats', tokens.a, question(a.id));
    expect(mine.statusCode).toBe(201);
    const aChat = mine.json().data.chat_id;
    expect((await send('POST', `/scholarships/chats?id=${aChat}`, tokens.b, question(a.id))).statusCode).toBe(403);
    const bMine = (await send('GET', '/users/me', tokens.b)).json().data.id;
    expect((await send('POST', `/scholarships/chats?id=${aChat}`, tokens.b, question(bMine))).json().errorCode).toBe('CHAT_NOT_FOUND');
    expect((await send('POST', `/api/scholarships/chats?id=${aChat}`, tokens.b, question(bMine))).json().errorCode).toBe('CHAT_NOT_FOUND');
  });

  it('lets only admins reach admin operations', async () => {
    for (const operation of ACCESS.admin) {
      const [method, route] = operation.split(' ');
      for (const who of ['a', 'b', 'providerA', 'support'] as const) {
        const res = await send(method as Method, fill(route, a.id), tokens[who], method === 'GET' || method === 'DELETE' ? undefined : { active: true });
        expect([operation, who, res.statusCode]).toEqual([operation, who, 403]);
      }
    }
    expect((await send('GET', '/admin/mail-outbox', tokens.admin)).statusCode).toBe(200);
  });

  it('lets admins and support reach the staff operations, and nobody else', async () => {
    for (const operation of ACCESS.staff) {
      const [method, route] = operation.split(' ');
      const body = method === 'GET' ? undefined : { answer: '<p>Probe</p>' };
      for (const who of ['a', 'b', 'providerA'] as const) {
        expect([operation, who, (await send(method as Method, fill(route, a.id), tokens[who], body)).statusCode]).toEqual([operation, who, 403]);
      }
      for (const who of ['admin', 'support'] as const) {
        const status = (await send(method as Method, fill(route, a.id), tokens[who], body)).statusCode;
        expect([operation, who, status === 401 || status === 403]).toEqual([operation, who, false]);
      }
    }
  });

  it("keeps providers to their own scholarships, and applicants out of the provider API", async () => {
    const bodies = providerBodies();
    for (const operation of ACCESS.provider) {
      const [method, route] = operation.split(' ');
      const body = method === 'GET' || method === 'DELETE' ? undefined : (bodies[operation] ?? { title: 'Taken over' });
      const asApplicant = await send(method as Method, fill(route, scholarshipOfA), tokens.a, body);
      expect([operation, asApplicant.statusCode]).toEqual([operation, 403]);
      if (route.includes('{applicationId}')) {
        // A's application to provider A's scholarship is no conversation of provider B's.
        const res = await send(method as Method, fill(route, aApplication), tokens.providerB, body);
        expect([operation, res.statusCode, res.body.includes(A_ESSAY)]).toEqual([operation, 404, false]);
        continue;
      }
      if (!route.includes('{id}')) continue;
      const asOtherProvider = await send(method as Method, fill(route, scholarshipOfA), tokens.providerB, body);
      expect([operation, asOtherProvider.statusCode]).toEqual([operation, 404]);
    }
    const list = await send('GET', '/providers/scholarships', tokens.providerB);
    expect(list.json().data.map((s: { id: string }) => s.id)).not.toContain(scholarshipOfA);
    const overview = await send('GET', '/providers/scholarships/overview?emptyDrafts=true&limit=100', tokens.providerB);
    expect(overview.json().data.scholarships.map((s: { id: string }) => s.id)).not.toContain(scholarshipOfA);
    const row = (await t.sql.query(`SELECT title, status, criteria, requirements FROM scholarships WHERE id = $1`, [scholarshipOfA])).rows[0];
    expect(row).toMatchObject({ title: 'Ownership test', status: 'published', criteria: [] });
    expect(row.requirements).toHaveLength(2);
    // Each provider's organisation is its own.
    const organisationOfB = (await send('GET', '/users/organisation', tokens.providerB)).json().data;
    expect(JSON.stringify(organisationOfB)).not.toContain('Grace Hopper Foundation');
    // And its embed settings: B's PUT set B's sites, and B's page lists none of A's scholarships.
    const embedOfB = (await send('GET', '/providers/embed', tokens.providerB)).json().data;
    expect(embedOfB.scholarships.map((s: { id: string }) => s.id)).not.toContain(scholarshipOfA);
    const framers = (await t.sql.query(`SELECT embed_origins FROM organisations o JOIN users u ON u.id = o.user_id WHERE u.email = 'provider@demo.scholarmatch.test'`)).rows[0];
    expect(framers?.embed_origins ?? []).not.toContain('https://taken-over.example.org');
  });

  it('runs every provider operation with API keys of each scope: the route\'s scope acts as the owner, any other is 403', async () => {
    const bodies = providerBodies();
    for (const operation of ACCESS.provider) {
      const [method, route] = operation.split(' ');
      const scope = keyScopeOf(operation);
      const body = method === 'GET' || method === 'DELETE' ? undefined : (bodies[operation] ?? { title: 'Taken over' });
      // Refused before the handler runs: nothing is written by these.
      for (const held of KEY_SCOPES.filter((other) => other !== scope)) {
        const res = await send(method as Method, fill(route, scholarshipOfA), keys.providerA[held], body);
        expect([operation, held, res.statusCode, res.json().errorCode]).toEqual([operation, held, 403, 'KEY_SCOPE_MISSING']);
      }
      if (!scope) continue;
      // Another organisation's key with the scope gets what its owner gets there: not found.
      if (route.includes('{id}') || route.includes('{applicationId}')) {
        const target = route.includes('{applicationId}') ? aApplication : scholarshipOfA;
        const res = await send(method as Method, fill(route, target), keys.providerB[scope], body);
        expect([operation, res.statusCode, res.body.includes(A_ESSAY)]).toEqual([operation, 404, false]);
      }
      // The owner's key with the scope reads what the owner reads.
      if (method === 'GET') {
        const target = route.includes('{applicationId}') ? aApplication : scholarshipOfA;
        const asOwner = await send('GET', fill(route, target), tokens.providerA);
        const asKey = await send('GET', fill(route, target), keys.providerA[scope]);
        expect([operation, asKey.statusCode]).toEqual([operation, asOwner.statusCode]);
      }
    }
  });

  it("refuses applicant A's own ids to applicant B, and changes nothing of A's", async () => {
    const before = (await t.sql.query(`SELECT email, password_hash, first_name FROM users WHERE id = $1`, [a.id])).rows[0];
    const bodies: Record<string, unknown> = {
      'PUT /api/v1/register-applicants/{id}': { firstName: 'Mallory' },
      'PUT /api/v1/register-applicants/{id}/update-password': { lastPwd: 'correct horse battery', password: 'a new long passphrase' },
      'POST /api/v1/inbox/{id}/replies': { answers: { replyBody: 'Mallory was here' } },
      'POST /api/v1/support-requests/{id}/replies': { answers: { replyBody: 'Mallory was here' } },
    };
    for (const operation of ACCESS.ownId) {
      const [method, route] = operation.split(' ');
      const id = route.includes('/files/') ? aFile : route.includes('{subscribed_id}') ? aSubscription : route.includes('/inbox/') ? aMessage : route.includes('/support-requests/') ? aSupportRequest : a.id;
      const path = route.replace('{payment_gateway}', 'sandbox');
      const res = await send(method as Method, fill(path, id), tokens.b, bodies[operation]);
      expect([operation, [403, 404].includes(res.statusCode)]).toEqual([operation, true]);
      expect(res.body).not.toContain(a.email);
      // The owner does reach them.
      if (method === 'GET') expect([operation, (await send('GET', fill(route, id), tokens.a)).statusCode]).toEqual([operation, 200]);
    }
    const aMembership = (await t.sql.query(`SELECT status FROM subscriptions WHERE id = $1`, [aSubscription])).rows[0];
    expect(aMembership).toEqual({ status: 'trialing' });
    expect((await t.sql.query(`SELECT email, password_hash, first_name FROM users WHERE id = $1`, [a.id])).rows[0]).toEqual(before);
    expect((await t.sql.query(`SELECT count(*)::int AS n FROM support_messages WHERE request_id = $1`, [aSupportRequest])).rows[0].n).toBe(0);
  });

  it("answers applicant B's own-data operations with B's data only: nothing of A's shows", async () => {
    const reads = ACCESS.caller.filter((operation) => operation.startsWith('GET '));
    for (const operation of reads) {
      const route = operation.split(' ')[1];
      const id = route.includes('assistance') ? '1' : published;
      const res = await send('GET', fill(route, id), tokens.b);
      expect([operation, res.statusCode < 500]).toEqual([operation, true]);
      for (const secret of [a.email, a.id, aFile, A_ESSAY]) expect([operation, res.body.includes(secret)]).toEqual([operation, false]);
    }
    // The control: the same reads with A's token do show A's data, so the check above can fail.
    const seenByA = await Promise.all(reads.map((operation) => send('GET', fill(operation.split(' ')[1], operation.includes('assistance') ? '1' : published), tokens.a)));
    for (const secret of [a.email, a.id, aFile, A_ESSAY]) expect([secret, seenByA.some((res) => res.body.includes(secret))]).toEqual([secret, true]);
    const details = (await send('GET', `/scholarships/${published}/applicants/get-applicant-details`, tokens.b)).json().data;
    expect(details).toEqual({ status: null, formVersion: null, applicantFields: [] });
    expect((await send('GET', '/scholarships/get-wishlist', tokens.b)).json().data).toEqual([]);
    // The tracker: A's application is A's alone.
    const aApplication = (await t.sql.query(`SELECT id FROM applications WHERE user_id = $1 AND scholarship_id = $2`, [a.id, published])).rows[0].id;
    expect((await send('GET', '/scholarships/me/applications', tokens.a)).json().data.map((row: { id: string }) => row.id)).toEqual([aApplication]);
    const trackedByB = await send('GET', '/scholarships/me/applications', tokens.b);
    expect(trackedByB.json().data).toEqual([]);
    expect(trackedByB.body).not.toContain(aApplication);
  });

  it("does not let applicant B use A's upload or touch A's application", async () => {
    await t.sql.query(`UPDATE users SET is_active_subscription = true WHERE id <> $1 AND role = 'applicant'`, [a.id]);
    const withAFile = await send('POST', '/scholarships/submit-individual-scholarship', tokens.b, {
      scholarshipId: published,
      status: 'Draft',
      requirements: [{ key: 'cv', fieldValue: `/api/v1/common/files/${aFile}` }],
    });
    expect(withAFile.statusCode).toBe(400);
    expect((await send('POST', '/scholarships/submit-scholarships', tokens.b, { scholarshipId: [published], requirements: { cv: `/api/v1/common/files/${aFile}` } })).statusCode).toBe(400);
    const aApplication = (await send('GET', `/scholarships/${published}/applicants/get-applicant-details`, tokens.a)).json().data;
    expect(aApplication.status).toBe('Draft');
    expect(JSON.stringify(aApplication)).toContain(A_ESSAY);
  });
});
