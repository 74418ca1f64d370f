import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formQueryOptions } from '../src/api/forms';
import { visitorCountryQueryOptions } from '../src/api/geo';
import { queryClient } from '../src/ui/query-client';
import { compileFields } from './render-form';
import { runtimeValidator } from './runtime-validator';
import { apiAnswer, mockApi } from './scholarships/fixtures';
import { isolateAppTests, renderAppAt, STUDENT } from './scholarships/render-app';
import { ACCESS } from './session-fixtures';

/** A short served sign-up form, compiled like the real one (its fields are data; the page does not name them). */
function serveSignupForm() {
  const compiled = compileFields([
    { key: 'firstName', name: 'First Name', dataType: 'text', validation: { required: true } },
    { key: 'lastName', name: 'Last Name', dataType: 'text', validation: { required: true } },
    { key: 'email', name: 'Email', dataType: 'email', validation: { required: true } },
    { key: 'password', name: 'Password', dataType: 'text', ui: { secret: true }, validation: { required: true } },
  ]);
  queryClient.setQueryData(formQueryOptions('signup').queryKey, { key: 'signup', version: 'v1', ...compiled, validator: runtimeValidator });
  queryClient.setQueryData(visitorCountryQueryOptions.queryKey, 'us');
}

/** Fills the form and presses Continue; answers with what the sign-up call was sent. */
async function signUp(choose?: string) {
  mockApi('GET').mockImplementation(async (path) => apiAnswer(404, { description: `not mocked: ${path}` }));
  const post = mockApi('POST').mockImplementation(async (path, init) => {
    if (path !== '/api/v1/register-applicants') return apiAnswer(404, { description: `not mocked: ${path}` });
    const { applicantType } = (init as { body: { applicantType: 'STUDENT' | 'PARENT' } }).body;
    return apiAnswer(201, { statusCode: 201, data: { user: { ...STUDENT, applicantType }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.applicant } });
  });
  serveSignupForm();
  const router = renderAppAt('/signup');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^First Name/), 'Maya');
  await user.type(screen.getByLabelText(/^Last Name/), 'Lopez');
  await user.type(screen.getByLabelText(/^Email/), 'maya@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'a long passphrase');
  if (choose) await user.click(screen.getByRole('radio', { name: choose }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/auth/userdetails'));
  const call = post.mock.calls.find(([path]) => path === '/api/v1/register-applicants');
  return (call?.[1] as { body: Record<string, unknown> }).body;
}

describe('sign-up: who is signing up', () => {
  isolateAppTests();

  it('asks whether a student or a parent signs up, student by default', async () => {
    serveSignupForm();
    mockApi('GET').mockImplementation(async (path) => apiAnswer(404, { description: `not mocked: ${path}` }));
    mockApi('POST').mockImplementation(async (path) => apiAnswer(404, { description: `not mocked: ${path}` }));
    renderAppAt('/signup');
    const group = await screen.findByRole('radiogroup', { name: 'Who is signing up?' });
    expect(group).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'I am a student' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'I am a parent' }) as HTMLInputElement).checked).toBe(false);
  });

  it('signs a student up as STUDENT', async () => {
    expect(await signUp()).toMatchObject({ applicantType: 'STUDENT', firstName: 'Maya', email: 'maya@example.com' });
  });

  it("signs a parent up as PARENT when they choose 'I am a parent'", async () => {
    expect(await signUp('I am a parent')).toMatchObject({ applicantType: 'PARENT', firstName: 'Maya', email: 'maya@example.com' });
  });
});
