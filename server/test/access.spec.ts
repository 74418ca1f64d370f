import { PERMISSIONS } from '../src/auth/permissions.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * The original `access { permissions, role }` (docs/security.md, "Roles and permissions"): every
 * answer that starts or renews a session carries it, and each permission string means what it
 * says: a role holding it reaches the routes it names, a role without it is refused there.
 */

const EVERYONE = ['read_inbox', 'contact_support', 'change_password'];
/** Spelled out, not imported: a change to a role's permissions changes the contract, and this test says so. */
const EXPECTED = {
  applicant: ['read_scholarships', 'save_scholarships', 'apply_scholarship', 'ask_assistant', 'enter_sweepstakes', 'buy_membership', 'edit_profile', ...EVERYONE],
  provider: [
    'manage_scholarships', 'review_applicants', 'manage_reviewers', 'manage_organisation',
    'read_own_scholarships', 'read_applications', 'write_reviews', 'write_messages', 'manage_webhooks',
    ...EVERYONE,
  ],
  reviewer: ['review_applicants', 'read_own_scholarships', 'read_applications', 'write_reviews', ...EVERYONE],
  admin: ['manage_fields', 'manage_plans', 'manage_memberships', 'read_members', 'answer_support', 'read_outbox', 'manage_staff', 'read_audit', ...EVERYONE],
  support: ['read_members', 'answer_support', ...EVERYONE],
} as const;
type RoleName = keyof typeof EXPECTED;

const accessOf = (role: RoleName) => ({ role, permissions: [...EXPECTED[role]] });

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * One call per permission that only a holder gets past the role guard with. `open`: a route every
 * signed-in person may call (the permission says the product offers it, nobody is refused it).
 * A POST with an empty body answers 400 once past the guard, so nothing is written.
 */
const PROBES: Record<(typeof PERMISSIONS)[number], { method: 'GET' | 'POST' | 'PUT'; url: (userId: string) => string; open?: true }> = {
  read_scholarships: { method: 'GET', url: () => '/scholarships/mine-eligible-scholarships/count' },
  save_scholarships: { method: 'GET', url: () => '/scholarships/get-wishlist' },
  apply_scholarship: { method: 'GET', url: () => '/scholarships/me/applications' },
  ask_assistant: { method: 'POST', url: () => '/scholarships/chats' },
  enter_sweepstakes: { method: 'GET', url: () => '/sweepstakes/current' },
  buy_membership: { method: 'GET', url: () => '/user-payments/current-subscription' },
  edit_profile: { method: 'GET', url: () => '/register-applicants/profile', open: true },
  manage_scholarships: { method: 'POST', url: () => '/providers/scholarships' },
  review_applicants: { method: 'GET', url: () => '/providers/scholarships' },
  manage_reviewers: { method: 'GET', url: () => '/providers/reviewers' },
  manage_webhooks: { method: 'GET', url: () => '/providers/webhooks' },
  read_own_scholarships: { method: 'GET', url: () => '/providers/scholarships/overview' },
  // Past the guard, an unknown scholarship or conversation is a 404: only the role guard answers 403.
  read_applications: { method: 'GET', url: () => `/scholarships/${NO_SUCH_ID}/applicants` },
  write_reviews: { method: 'PUT', url: () => `/scholarship/${NO_SUCH_ID}/applicants/${NO_SUCH_ID}/points` },
  write_messages: { method: 'POST', url: () => `/providers/inbox/${NO_SUCH_ID}/messages` },
  manage_organisation: { method: 'GET', url: () => '/users/organisation' },
  manage_fields: { method: 'GET', url: () => '/admin/form-fields' },
  manage_plans: { method: 'GET', url: () => '/admin/subscription-plans' },
  manage_memberships: { method: 'PUT', url: (userId) => `/admin/applicants/${userId}/subscription` },
  read_members: { method: 'GET', url: () => '/admin/payments/events' },
  answer_support: { method: 'GET', url: () => '/admin/support-requests' },
  read_outbox: { method: 'GET', url: () => '/admin/mail-outbox' },
  manage_staff: { method: 'GET', url: () => '/admin/staff' },
  read_audit: { method: 'GET', url: () => '/admin/audit-log' },
  read_inbox: { method: 'GET', url: () => '/inbox', open: true },
  contact_support: { method: 'POST', url: () => '/scholarships/add-support', open: true },
  change_password: { method: 'PUT', url: (userId) => `/register-applicants/${userId}/update-password`, open: true },
};

interface Session {
  user: { id: string; email: string; role: string };
  accessToken: string;
  refreshToken: string;
  access: { role: string | null; permissions: string[] };
}

describe("the session's access", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  const password = 'correct horse battery';
  let counter = 0;
  const nextIp = () => `10.28.${1 + (++counter % 250)}.${counter % 200}`;
  /** The first session of each role, made the way that role signs up. */
  const signedUp = {} as Record<RoleName, Session>;

  const sessionOf = (res: { statusCode: number; body: string; json: () => { data: Session } }, status = 201): Session => {
    expect([res.statusCode, res.body]).toEqual([status, expect.any(String)]);
    return res.json().data;
  };
  const login = async (email: string) => sessionOf(await api.login(email, password, nextIp()));
  const refresh = async (session: Session) => sessionOf(await api.call('POST', '/users/auth/refresh', { body: { refreshToken: session.refreshToken } }), 200);

  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000, CHAT_TURNS_PER_MINUTE: 1000 });
    api = accountClient(t);

    signedUp.applicant = (await api.signUp({ password })).session as Session;

    const providerEmail = `ada.${Date.now()}@example.org`;
    signedUp.provider = sessionOf(
      await api.call('POST', '/users/provider-signup', {
        ip: nextIp(),
        body: { answers: { organisationName: 'Lovelace Trust', firstName: 'Ada', lastName: 'Byron', phone: '+12025550143', email: providerEmail, password, confirmPassword: password, acceptTerms: true } },
      }),
    );

    const reviewerEmail = `rita.${Date.now()}@example.org`;
    expect((await api.call('POST', '/providers/reviewers', { token: signedUp.provider.accessToken, body: { email: reviewerEmail } })).statusCode).toBe(201);
    const [mail] = (await t.sql.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [reviewerEmail])).rows as { text_body: string }[];
    const invitation = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
    signedUp.reviewer = sessionOf(
      await api.call('POST', `/reviewer-invitations/${invitation}/accept`, {
        ip: nextIp(),
        body: { answers: { firstName: 'Rita', lastName: 'Levi', password, confirmPassword: password } },
      }),
    );

    // The first admin is made by an operator, not by a sign-up (docs/security.md); other staff are invited.
    const future = (await api.signUp({ password })).session as Session;
    await t.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [future.user.id]);
    signedUp.admin = await login(future.user.email);

    const supportEmail = `sam.${Date.now()}@example.org`;
    expect((await api.call('POST', '/admin/staff-invitations', { token: signedUp.admin.accessToken, body: { email: supportEmail, role: 'support' } })).statusCode).toBe(201);
    const [staffMail] = (await t.sql.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [supportEmail])).rows as { text_body: string }[];
    const staffInvitation = /token=([A-Za-z0-9_-]+)/.exec(staffMail.text_body)![1];
    signedUp.support = sessionOf(
      await api.call('POST', `/staff-invitations/${staffInvitation}/accept`, {
        ip: nextIp(),
        body: { answers: { firstName: 'Sam', lastName: 'Okafor', password, confirmPassword: password } },
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(Object.keys(EXPECTED) as RoleName[])('gives the %s role its permissions at sign-up, login and refresh', async (role) => {
    const first = signedUp[role];
    expect(first.user.role).toBe(role);
    expect(first.access).toEqual(accessOf(role));
    const loggedIn = await login(first.user.email);
    expect(loggedIn.access).toEqual(accessOf(role));
    // Existing keys stay as they were.
    expect(Object.keys(loggedIn).sort()).toEqual(['access', 'accessToken', 'clientIp', 'refreshToken', 'user']);
    const renewed = await refresh(loggedIn);
    expect(renewed).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), access: accessOf(role) });
  });

  it('answers the access of the role the person has now at refresh, not the one they signed in with', async () => {
    const { session } = await api.signUp({ password });
    expect((session as Session).access.role).toBe('applicant');
    await t.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [session.user.id]);
    expect((await refresh(session as Session)).access).toEqual(accessOf('admin'));
  });

  it('comes with the sign-up chat, the login chat and a password change', async () => {
    const questions = async (type: 'signUp' | 'login') => (await api.call('GET', `/api/questions?questionType=${type}`)).json().data as { answer_key: string }[];
    const chat = (kind: 'signup' | 'login') => {
      const ip = nextIp();
      let id: string | undefined;
      return async (body: Record<string, unknown>) => {
        const res = await api.call('POST', `/api/${kind}/chats${id ? `?id=${id}` : ''}`, { body, ip });
        id ??= res.json().data?._id;
        return res;
      };
    };

    const who = { firstName: 'Dorothy', lastName: 'Vaughan', email: `dorothy.${Date.now()}@example.com`, phone: '+12025550143', password };
    const answers: Record<string, string> = { ...who, confirmPassword: password, consentToContact: 'true', acceptTerms: 'true' };
    const signUpTurn = chat('signup');
    for (const question of await questions('signUp')) {
      expect((await signUpTurn({ answer_key: question.answer_key, answer: answers[question.answer_key] })).statusCode).toBe(201);
    }
    const signedUpInChat = await signUpTurn({ ...who, applicantType: 'STUDENT', isProfileUpdate: 'false', isScholarshipApplied: 'false' });
    expect(signedUpInChat.json().data).toMatchObject({ success: true, user: { email: who.email }, access: accessOf('applicant') });

    const loginTurn = chat('login');
    expect((await loginTurn({ answer_key: 'email', answer: who.email })).statusCode).toBe(201);
    const loggedInInChat = await loginTurn({ answer_key: 'password', answer: password });
    expect(loggedInInChat.json().data).toMatchObject({ success: true, accessToken: expect.any(String), access: accessOf('applicant') });

    const provider = signedUp.provider;
    const changed = await api.call('PUT', `/register-applicants/${provider.user.id}/update-password`, {
      token: provider.accessToken,
      body: { lastPwd: password, password },
    });
    expect(changed.json().data.access).toEqual(accessOf('provider'));
  });

  it('names each permission action_subject: a verb, then what it acts on', () => {
    for (const permission of PERMISSIONS) {
      expect(permission).toMatch(/^[a-z]+_[a-z][a-zA-Z_]*$/);
    }
    expect(new Set(Object.values(EXPECTED).flat())).toEqual(new Set(PERMISSIONS));
  });

  it.each(Object.keys(EXPECTED) as RoleName[])('lets the %s role past the role guard exactly where its permissions say', async (role) => {
    const session = await login(signedUp[role].user.email);
    const held = new Set<string>(session.access.permissions);
    const outcomes = await Promise.all(
      PERMISSIONS.map(async (permission) => {
        const probe = PROBES[permission];
        const res = await api.call(probe.method, probe.url(session.user.id), { token: session.accessToken, ...(probe.method === 'GET' ? {} : { body: {} }) });
        return { permission, status: res.statusCode };
      }),
    );
    for (const { permission, status } of outcomes) {
      if (held.has(permission)) expect({ permission, refused: status === 403 || status === 401 }).toEqual({ permission, refused: false });
      else if (!PROBES[permission].open) expect({ permission, status }).toEqual({ permission, status: 403 });
    }
  });
});
