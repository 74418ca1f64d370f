/**
 * Test data built through the public API, as a person would make it (docs/testing.md, "Building
 * data"): applicants, providers with their organisation, scholarships (draft or published), and
 * members. Every builder takes an ApiCall, so server specs, browser specs and load suites build
 * alike; each has defaults a spec overrides. A step that fails throws with the answer.
 */
import { randomBytes } from 'node:crypto';
import { expectStatus, type ApiCall } from './api.js';
import { dobYearsAgo, NEXT_YEAR } from './dates.js';

export const PASSWORD = 'correct horse battery';

/** An address no two builds share (a timestamp and random bytes). */
export function uniqueEmail(local: string, domain = 'example.com'): string {
  return `${local}.${Date.now()}.${randomBytes(3).toString('hex')}@${domain}`;
}

/** An applicant's sign-up body (POST /register-applicants). */
export function applicantSignUp(overrides: Record<string, unknown> = {}): Record<string, unknown> & { email: string; password: string } {
  return {
    firstName: 'Maya',
    lastName: 'Lopez',
    email: uniqueEmail('maya'),
    phone: '+12025550143',
    password: PASSWORD,
    applicantType: 'STUDENT',
    isProfileUpdate: 'false',
    isScholarshipApplied: 'false',
    ...overrides,
  } as Record<string, unknown> & { email: string; password: string };
}

/** Who a builder made, signed in. */
export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

/** Signs up a fresh applicant (201) and answers them signed in. */
export async function signUpApplicant(call: ApiCall, overrides: Record<string, unknown> = {}, ip?: string): Promise<Person & { body: Record<string, unknown> }> {
  const body = applicantSignUp(overrides);
  const { body: answer } = await expectStatus(call, 201, 'POST', '/register-applicants', { body, ip });
  const data = answer.data;
  return { id: data.user.id, email: body.email, password: body.password, token: data.accessToken, refreshToken: data.refreshToken, body };
}

/** A provider's sign-up answers (POST /users/provider-signup, the served form's fields). */
export function providerSignUp(overrides: Record<string, unknown> = {}): Record<string, unknown> & { email: string; password: string } {
  return {
    organisationName: 'Hopper Foundation',
    firstName: 'Ada',
    lastName: 'Byron',
    phone: '+12025550143',
    email: uniqueEmail('ada', 'example.org'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    ...overrides,
  } as Record<string, unknown> & { email: string; password: string };
}

/** Signs up a provider with their organisation (201) and answers them signed in. */
export async function signUpProvider(call: ApiCall, overrides: Record<string, unknown> = {}, ip?: string): Promise<Person> {
  const answers = providerSignUp(overrides);
  const { body } = await expectStatus(call, 201, 'POST', '/users/provider-signup', { body: { answers }, ip });
  return { id: body.data.user.id, email: answers.email, password: answers.password, token: body.data.accessToken, refreshToken: body.data.refreshToken };
}

/** Logs in with e-mail and password (201) and answers the access token. */
export async function logIn(call: ApiCall, email: string, password: string, ip?: string): Promise<string> {
  const { body } = await expectStatus(call, 201, 'POST', '/users/auth/login', { body: { userName: email, password, loginType: 'register_user' }, ip });
  return body.data.accessToken;
}

/** A scholarship body for POST /providers/scholarships: open until NEXT_YEAR, no requirements. */
export function scholarshipBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { title: 'Engine Award', award: 1000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [], ...overrides };
}

/** Creates a draft scholarship of the provider (201) and answers its id. */
export async function createScholarship(call: ApiCall, providerToken: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const { body } = await expectStatus(call, 201, 'POST', '/providers/scholarships', { token: providerToken, body: scholarshipBody(overrides) });
  return body.data.id;
}

/** Publishes a scholarship (200). */
export async function publishScholarship(call: ApiCall, providerToken: string, id: string): Promise<void> {
  await expectStatus(call, 200, 'POST', `/providers/scholarships/${id}/publish`, { token: providerToken });
}

/** Creates and publishes a scholarship (with its criteria and requirements among the overrides); answers its id. */
export async function publishedScholarship(call: ApiCall, providerToken: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await createScholarship(call, providerToken, overrides);
  await publishScholarship(call, providerToken, id);
  return id;
}

/** Makes an applicant a member, as an admin does (PUT /admin/applicants/{id}/subscription). */
/**
 * Publishes the staff's drafted form changes as a new version (docs/form-designer.md): the
 * /admin/form-fields calls only draft, so a test that adds a field publishes it before a form
 * shows it. Answers the version's number.
 */
export async function publishFormDraft(call: ApiCall, adminToken: string, note?: string): Promise<number> {
  const answer = await expectStatus(call, 201, 'POST', '/admin/forms/versions', { token: adminToken, body: note ? { note } : {} });
  return (answer.body as { data: { number: number } }).data.number;
}

export async function makeMember(call: ApiCall, adminToken: string, userId: string, active = true): Promise<void> {
  await expectStatus(call, 200, 'PUT', `/admin/applicants/${userId}/subscription`, { token: adminToken, body: { active } });
}

interface PublicField {
  id: number;
  key: string;
  options?: Record<string, string>;
}

/**
 * A builder of complete registration saves (PUT /register-applicants/{id}): every registration
 * answer filled, 18 years old, with `highSchoolName` as given (so each save is distinct and can be
 * read back from users.profile) and any answer replaced by `overrides` (by field key).
 */
export async function registrationSaves(call: ApiCall): Promise<(highSchoolName: string, overrides?: Record<string, unknown>) => { dob: string; applicantFields: { fieldId: number; fieldValue: unknown }[] }> {
  const { body } = await expectStatus(call, 200, 'GET', '/register-applicants/form-fields');
  const fields = new Map((body.data as PublicField[]).map((field) => [field.key, field]));
  const first = (key: string) => Object.keys(fields.get(key)?.options ?? {})[0];
  const answers = (highSchoolName: string): Record<string, unknown> => ({
    citizenship: 'us-citizen',
    country: 'us',
    ethnicity: first('ethnicity'),
    gender: '1',
    zipCode: '10001',
    schoolLevel: first('schoolLevel'),
    highSchoolName,
    highSchoolGraduationDate: '2024-06',
    enrolledInCollege: '0',
    interestedColleges: [first('interestedColleges')],
    collegeGraduationDate: '2029-05',
    fieldOfStudy: 'accounting',
    degreeType: 'associate',
    gpa: { markingSystem: 'Percentage', grade: 82, gpa: 4 },
    careerGoal: first('careerGoal'),
    militaryAffiliation: first('militaryAffiliation'),
    isInterestedInOnlineStudy: '3',
  });
  const dob = dobYearsAgo(18);
  return (highSchoolName, overrides = {}) => ({
    dob,
    applicantFields: Object.entries({ ...answers(highSchoolName), ...overrides }).map(([key, fieldValue]) => ({ fieldId: fields.get(key)!.id, fieldValue })),
  });
}

/** Signs up an applicant and completes their registration (every answer, `overrides` by key). */
export async function registeredApplicant(call: ApiCall, options: { signUp?: Record<string, unknown>; answers?: Record<string, unknown>; ip?: string } = {}): Promise<Person> {
  const person = await signUpApplicant(call, options.signUp, options.ip);
  const save = await registrationSaves(call);
  await expectStatus(call, 200, 'PUT', `/register-applicants/${person.id}`, { token: person.token, body: save('Lincoln High', options.answers) });
  return person;
}
