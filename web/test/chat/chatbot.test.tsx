import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatQuestion, ChatTurn } from '../../src/api/chat';
import { leavePage } from '../../src/ui/leave-page';
import { clearSession, currentUser } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { ACCESS } from '../session-fixtures';

const typed = (type: NonNullable<ChatQuestion['input']['type']>) => ({ kind: 'typed' as const, type });
const question = (form: string, key: string, text: string, input: ChatQuestion['input'] = typed('text'), hint: string | null = null): ChatQuestion => ({
  _id: `${form}.${key}`, question: text, answer: '', answer_key: key, hint, optional: false, input,
});

const SIGN_UP: ChatQuestion[] = [
  question('signup', 'firstName', 'What is your first name?'),
  question('signup', 'email', 'What is your e-mail address?', typed('email')),
  question('signup', 'phone', 'What is your mobile number?', typed('tel'), 'Digits only, starting with your country code (1 for the United States)'),
  question('signup', 'password', 'Choose a password for your account.', typed('password')),
  question('signup', 'acceptTerms', 'I agree to the Terms of Use', { kind: 'choice', choices: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] }),
];
/** As the server asks a login: under the original answer keys. */
const LOGIN: ChatQuestion[] = [
  question('login', 'email', 'What is the e-mail address of your account?', typed('email')),
  question('login', 'password', 'And your password?', typed('password')),
  question('login', 'generate_otp', 'Forgot your password? I can e-mail you a code to set a new one.', { kind: 'choice', choices: [{ value: 'true', label: 'Forgot Password' }] }),
  question('password-reset', 'otp', 'Please enter the 6-digit code we have just e-mailed you.'),
  question('password-reset', 'newPassword', 'Choose a new password.', typed('password')),
];
const OTP = LOGIN[3];
const NEW_PASSWORD = LOGIN[4];

const CHAT_ID = '0c4a0000-0000-4000-8000-000000000001';
const USER = {
  id: 'u9', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+12025550143', dob: null, role: 'applicant',
  applicantType: 'STUDENT', isProfileUpdate: false, isScholarshipApplied: false, isActiveSubscription: false,
};
const SESSION = { success: true, user: USER, accessToken: 'chat-access', refreshToken: 'chat-refresh', clientIp: '10.0.0.1', access: ACCESS.applicant };

type TurnInit = { params?: { query?: { id?: string }; header?: Record<string, string> }; body?: ChatTurn };
type Reply = { status: number; body: Record<string, unknown> };

/** The chat API: the questions, and a scripted server that answers each turn in order. */
function serveChat(replies: ((turn: ChatTurn) => Reply)[]) {
  mockApi('GET').mockImplementation(async (path, init) => {
    const type = (init as { params?: { query?: { questionType?: string } } })?.params?.query?.questionType;
    if (path === '/api/v1/questions') return apiAnswer(200, { statusCode: 200, data: type === 'login' ? LOGIN : SIGN_UP });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const turns: { path: string; init: TurnInit }[] = [];
  const post = mockApi('POST').mockImplementation(async (path, init) => {
    turns.push({ path, init: init as TurnInit });
    const reply = replies[turns.length - 1]?.((init as TurnInit).body ?? {});
    if (!reply) return apiAnswer(500, { description: 'unexpected turn' });
    // The turn that opens a chat answers its token too.
    const opening = !(init as TurnInit).params?.query?.id ? { chatToken: 'chat-token' } : {};
    return apiAnswer(reply.status, reply.status < 400 ? { statusCode: reply.status, data: { _id: CHAT_ID, ...opening, ...reply.body } } : reply.body);
  });
  return { turns, post };
}

const ok = (body: Record<string, unknown>) => () => ({ status: 201, body });
const refused = (errorCode: string, description: string) => () => ({ status: 400, body: { statusCode: 400, errorCode, description } });
const next = (index: number, list = SIGN_UP) => ok({ next: list[index] });

const conversation = () => screen.getByRole('log', { name: 'Conversation with Lenny' });
const conversationShown = () => screen.findByRole('log', { name: 'Conversation with Lenny' });
const choose = async (user: ReturnType<typeof userEvent.setup>, label: string) =>
  user.click(await within(await screen.findByRole('group', { name: 'Choices' })).findByRole('button', { name: label }));
const typeAnswer = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const box = screen.getByRole('form', { name: 'Send a message' }).querySelector('input')!;
  await waitFor(() => expect(box.disabled).toBe(false));
  await user.clear(box);
  if (text) await user.type(box, text);
  await user.click(screen.getByRole('button', { name: 'Send' }));
};
const says = async (text: string) => within(await conversationShown()).findByText(text, {}, { timeout: 5000 });

describe('the chat sign-up and login (/chatbot)', () => {
  isolateAppTests();
  beforeEach(() => {
    // The shortest loading bubble (200 ms), so the script runs quickly.
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  it("asks a choice of Login or Signup first, and says so when a message comes before it", async () => {
    serveChat([]);
    const user = userEvent.setup();
    renderAppAt('/chatbot');
    expect(await says("Hi, I'm Lenny, the ScholarMatch assistant. Would you like to log in or sign up?")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up Manually' }).getAttribute('href')).toBe('/signup');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please select a chat type either login or signup')).toBeTruthy();
    await choose(user, 'Signup');
    expect(await says('How would you like to sign up?')).toBeTruthy();
    const choices = within(screen.getByRole('group', { name: 'Choices' })).getAllByRole('button').map((button) => button.textContent);
    expect(choices).toEqual(['Assistant', 'Manually']);
  });

  it("signs up by chat: the server's words for a refused answer, a taken e-mail, the summary, then the account and /auth/userdetails", async () => {
    const { turns } = serveChat([
      next(1),
      ok({ available: false, message: 'This email is already registered. Do you want to login with this email.', next: SIGN_UP[1] }),
      ok({ available: true, next: SIGN_UP[2] }),
      refused('INVALID_ANSWER', 'Please enter only digits!'),
      next(3),
      next(4),
      ok({
        next: null, message: 'Are the following details correct ?',
        summary: [{ answer_key: 'firstName', label: 'First Name', value: 'Ada' }, { answer_key: 'password', label: 'Password', value: '••••••••' }],
      }),
      () => ({ status: 201, body: { message: 'User Signed Up Successfully!! [Chat Ended]', ...SESSION } }),
    ]);
    const user = userEvent.setup();
    const router = renderAppAt('/chatbot?start=signUp');
    await choose(user, 'Assistant');
    expect(await says('What is your first name?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a message')).toBeTruthy();
    expect(turns).toHaveLength(0);

    await typeAnswer(user, 'Ada');
    expect(await says('What is your e-mail address?')).toBeTruthy();
    await typeAnswer(user, 'student@demo.example');
    expect(await says('This email is already registered. Do you want to login with this email.')).toBeTruthy();
    await choose(user, 'Use another email');
    await typeAnswer(user, 'ada@example.com');
    expect(await says('Digits only, starting with your country code (1 for the United States)')).toBeTruthy();
    await typeAnswer(user, '202-555');
    expect(await says('Please enter only digits!')).toBeTruthy();
    await typeAnswer(user, '12025550143');
    expect(await says('Choose a password for your account.')).toBeTruthy();
    expect((await screen.findByLabelText('Choose a password for your account.')).getAttribute('type')).toBe('password');
    await typeAnswer(user, 'a secret phrase');
    expect(within(conversation()).queryByText('a secret phrase')).toBeNull();
    await choose(user, 'Yes');
    expect(await says('Are the following details correct ?')).toBeTruthy();
    expect(within(conversation()).getByRole('table')).toBeTruthy();
    await choose(user, 'Save and Proceed');
    expect(await says('Your account is successfully created and you are logged in.')).toBeTruthy();
    expect(await screen.findByText('User Signed Up Successfully!! [Chat Ended]')).toBeTruthy();
    expect(currentUser()?.email).toBe('ada@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/userdetails'), { timeout: 4000 });

    // Every turn after the first names the chat and carries its token.
    expect(turns.map(({ init }) => init.body)).toEqual([
      { question_id: 'signup.firstName', question: 'What is your first name?', answer_key: 'firstName', answer: 'Ada' },
      expect.objectContaining({ answer_key: 'email', answer: 'student@demo.example' }),
      expect.objectContaining({ answer_key: 'email', answer: 'ada@example.com' }),
      expect.objectContaining({ answer_key: 'phone', answer: '202-555' }),
      expect.objectContaining({ answer_key: 'phone', answer: '12025550143' }),
      expect.objectContaining({ answer_key: 'password', answer: 'a secret phrase' }),
      expect.objectContaining({ answer_key: 'acceptTerms', answer: 'true' }),
      { action: 'submit' },
    ]);
    expect(turns[0].init.params?.query).toEqual({});
  }, 30_000);

  it('links the consent to the Terms, the Privacy Policy and the Official Rules in new tabs; Save and Proceed leads, Edit follows; a refusal asks again', async () => {
    const CONSENT = question('signup', 'acceptTerms', 'I agree to the Terms of Use, the Privacy Policy and the Official Scholarship Rules', { kind: 'choice', choices: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] });
    const QUESTIONS = [SIGN_UP[0], CONSENT];
    mockApi('GET').mockImplementation(async (path) =>
      path === '/api/v1/questions' ? apiAnswer(200, { statusCode: 200, data: QUESTIONS }) : apiAnswer(404, { description: `not mocked: ${path}` }),
    );
    const replies = [
      ok({ next: CONSENT }),
      refused('INVALID_ANSWER', 'Please accept the terms to continue.'),
      ok({ next: null, message: 'Are the following details correct ?', summary: [{ answer_key: 'firstName', label: 'First Name', value: 'Ada' }] }),
    ];
    let turn = 0;
    mockApi('POST').mockImplementation(async () => {
      const reply = replies[turn++]();
      return apiAnswer(reply.status, reply.status < 400 ? { statusCode: reply.status, data: { _id: CHAT_ID, chatToken: 'chat-token', ...reply.body } } : reply.body);
    });
    const user = userEvent.setup();
    renderAppAt('/chatbot?start=signUp');
    await choose(user, 'Assistant');
    await says('What is your first name?');
    await typeAnswer(user, 'Ada');
    await says(CONSENT.question);
    const links = within(conversation()).getAllByRole('link');
    expect(links.map((link) => [link.textContent?.replace(' (opens in a new tab)', ''), link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['Terms of Use', '/terms', '_blank'],
      ['Privacy Policy', '/privacy', '_blank'],
      ['Official Scholarship Rules', '/terms#exhibit-a-official-scholarship-sweepstakes-rules', '_blank'],
    ]);
    expect(links.every((link) => link.getAttribute('rel')?.includes('noopener'))).toBe(true);

    // Refused: the reason, then the question again as a new bubble (with its links), its buttons back.
    await choose(user, 'No');
    expect(await says('Please accept the terms to continue.')).toBeTruthy();
    await waitFor(() => expect(within(conversation()).getAllByText(CONSENT.question)).toHaveLength(2));
    const bubbles = within(conversation()).getAllByText(/./, { selector: 'p' }).map((node) => node.textContent);
    expect(bubbles.slice(-2)).toEqual(['Please accept the terms to continue.', CONSENT.question]);
    expect(within(conversation()).getAllByRole('link', { name: /Terms of Use/ })).toHaveLength(2);

    await choose(user, 'Yes');
    await says('Are the following details correct ?');
    const choices = within(await screen.findByRole('group', { name: 'Choices' })).getAllByRole('button');
    expect(choices.map((button) => button.textContent)).toEqual(['Edit', 'Save and Proceed']);
    // Chakra's solid variant is the primary one; outline the secondary.
    expect(choices[1].getAttribute('data-variant') ?? choices[1].className).not.toEqual(choices[0].getAttribute('data-variant') ?? choices[0].className);
  }, 30_000);

  it('logs in by chat: a wrong password offers Forgot Password, which recovers it with the e-mailed code', async () => {
    const { turns } = serveChat([
      next(1, LOGIN),
      refused('WRONG_PASSWORD', 'Your password is incorrect. Select from the options below to proceed further'),
      ok({ message: 'OTP sent successfully', next: OTP }),
      refused('OTP_INCORRECT', 'Entered OTP is incorrect. Select from the options below to proceed further.'),
      ok({ message: 'OTP sent successfully', next: OTP }),
      ok({ message: 'OTP submitted successfully!', otp: true, next: NEW_PASSWORD }),
      () => ({ status: 201, body: { message: 'Password reset successfully', ...SESSION, user: { ...USER, isProfileUpdate: true } } }),
    ]);
    const user = userEvent.setup();
    const router = renderAppAt('/chatbot?start=login');
    await choose(user, 'Assistant');
    await typeAnswer(user, 'ada@example.com');
    await typeAnswer(user, 'wrong one');
    expect(await says('Your password is incorrect. Select from the options below to proceed further')).toBeTruthy();
    await choose(user, 'Forgot Password');
    expect(await says('OTP sent successfully')).toBeTruthy();
    await typeAnswer(user, '000000');
    expect(await says('Entered OTP is incorrect. Select from the options below to proceed further.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Choices' })).getAllByRole('button').map((button) => button.textContent)).toEqual(['Create new account', 'Resend OTP']);
    await choose(user, 'Resend OTP');
    await typeAnswer(user, '123456');
    expect(await says('OTP submitted successfully!')).toBeTruthy();
    await typeAnswer(user, 'my new passphrase');
    expect(await says('Password reset successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard'), { timeout: 4000 });
    expect(turns.map(({ init }) => init.body?.action ?? init.body?.answer_key)).toEqual(['email', 'password', 'forgotPassword', 'otp', 'resendOtp', 'otp', 'newPassword']);
    expect(turns.slice(1).map(({ path, init }) => [path, init.params?.query?.id, init.params?.header?.['x-chat-token']])).toEqual(
      Array(6).fill(['/api/v1/login/chats', CHAT_ID, 'chat-token']),
    );
  }, 30_000);

  it("turns a taken e-mail into a login chat that starts with it, under the login's e-mail key", async () => {
    const { turns } = serveChat([
      next(1),
      ok({ available: false, message: 'This email is already registered. Do you want to login with this email.', next: SIGN_UP[1] }),
      next(1, LOGIN),
    ]);
    const user = userEvent.setup();
    renderAppAt('/chatbot?start=signUp');
    await choose(user, 'Assistant');
    await typeAnswer(user, 'Ada');
    await typeAnswer(user, 'student@demo.example');
    await choose(user, 'Login with this email');
    expect(await says('And your password?')).toBeTruthy();
    expect(turns[2]).toMatchObject({ path: '/api/v1/login/chats', init: { body: { answer_key: 'email', answer: 'student@demo.example' } } });
  }, 30_000);

  it('offers Signup or Try Again for an unknown e-mail, and starts over when the chat has ended', async () => {
    serveChat([
      next(1, LOGIN),
      refused('EMAIL_NOT_FOUND', 'This email is not registered. Select from the options below to proceed further.'),
      next(1, LOGIN),
      () => ({ status: 404, body: { statusCode: 404, errorCode: 'CHAT_NOT_FOUND', description: 'This chat has ended or does not exist. Please start a new one.' } }),
    ]);
    const user = userEvent.setup();
    renderAppAt('/chatbot?start=login');
    await choose(user, 'Assistant');
    await typeAnswer(user, 'nobody@example.com');
    await typeAnswer(user, 'whatever');
    expect(await says('This email is not registered. Select from the options below to proceed further.')).toBeTruthy();
    await choose(user, 'Try Again');
    await waitFor(() => expect(within(conversation()).getAllByText('What is the e-mail address of your account?')).toHaveLength(2));
    await typeAnswer(user, 'ada@example.com');
    await typeAnswer(user, 'whatever');
    expect(await says('Some internal error occured please try again later!!!')).toBeTruthy();
    await choose(user, 'Start again');
    await waitFor(() => expect(within(conversation()).getAllByText('What is the e-mail address of your account?')).toHaveLength(3));
  }, 30_000);

  it('Manually opens the login modal; closing the chat starts it again', async () => {
    serveChat([]);
    const user = userEvent.setup();
    renderAppAt('/chatbot?start=login');
    await choose(user, 'Manually');
    expect(await screen.findByRole('dialog', { name: 'Log in to ScholarMatch' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close the chat and start again' }));
    await waitFor(() => expect(within(conversation()).queryByText('Login')).toBeNull());
    expect(within(screen.getByRole('group', { name: 'Choices' })).getAllByRole('button').map((button) => button.textContent)).toEqual(['Login', 'Signup']);
  });

  it('sends a signed-in visitor to the dashboard; the forgot-password page leads back to the chat', async () => {
    signIn();
    const router = renderAppAt('/chatbot');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard'));
    cleanup();
    clearSession();
    renderAppAt('/forgot-password');
    const back = await screen.findByRole('link', { name: 'Login with LennyAI' });
    expect(back.getAttribute('href')).toBe('/chatbot?start=login');
  });

  it("answers a question no text stands for through the served form's own field, inline", async () => {
    const withForm: ChatQuestion[] = [question('signup', 'motto', 'Your motto, please', { kind: 'form' })];
    mockApi('GET').mockImplementation(async (path) => {
      if (path === '/api/v1/questions') return apiAnswer(200, { statusCode: 200, data: withForm });
      if (path === '/api/v1/forms/{formKey}') {
        return apiAnswer(200, {
          statusCode: 200,
          data: {
            key: 'signup', version: 'v1', validatorUrl: '/validator.js',
            schema: { type: 'object', properties: { firstName: { type: 'string', title: 'First Name' }, motto: { type: 'string', title: 'Motto' } } },
            uiSchema: { motto: { 'ui:widget': 'textarea' } },
          },
        });
      }
      return apiAnswer(404, { description: `not mocked: ${path}` });
    });
    const turns: TurnInit[] = [];
    mockApi('POST').mockImplementation(async (_path, init) => {
      turns.push(init as TurnInit);
      return apiAnswer(201, { statusCode: 201, data: { _id: CHAT_ID, chatToken: 'chat-token', next: null, message: 'Are the following details correct ?', summary: [] } });
    });
    const user = userEvent.setup();
    renderAppAt('/chatbot?start=signUp');
    await choose(user, 'Assistant');
    expect(await says('Your motto, please')).toBeTruthy();
    await typeAnswer(user, 'typed instead');
    expect(await screen.findByText('Please answer with the form above.')).toBeTruthy();
    const motto = await screen.findByLabelText(/^Motto/);
    expect(screen.queryByLabelText('First Name')).toBeNull();
    await user.type(motto, 'Ad astra');
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(turns).toHaveLength(1));
    expect(turns[0].body).toEqual({ question_id: 'signup.motto', question: 'Your motto, please', answer_key: 'motto', value: 'Ad astra' });
    expect(await says('Ad astra')).toBeTruthy();
  });

  it('offers Social sign-in when Google is configured, and the callback page finishes it', async () => {
    mockApi('GET').mockImplementation(async (path) => {
      if (path === '/api/v1/users/auth/social-providers') return apiAnswer(200, { statusCode: 200, data: { google: true } });
      if (path === '/api/v1/users/auth/google') return apiAnswer(200, { statusCode: 200, data: { url: 'https://accounts.example/authorize?state=s1', binding: 'b1' } });
      return apiAnswer(404, { description: `not mocked: ${path}` });
    });
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAppAt('/chatbot?start=signUp');
    await choose(user, 'Social sign-in');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://accounts.example/authorize?state=s1'));
    cleanup();

    const post = mockApi('POST').mockImplementation(async () => apiAnswer(201, { statusCode: 201, data: { ...SESSION, isNewUser: true } }));
    const router = renderAppAt('/auth/google/callback?code=c1&state=s1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/userdetails'));
    expect(post).toHaveBeenCalledTimes(1);
    // The tab that started the sign-in sends its binding back (then forgets it).
    expect(post.mock.calls[0][1]).toEqual({ body: { code: 'c1', state: 's1', binding: 'b1' } });
    expect(sessionStorage.getItem('googleSignInBinding')).toBeNull();
    expect(currentUser()?.email).toBe('ada@example.com');
  });

  it("says 'Error in Google Login' when the sign-in cannot be finished", async () => {
    mockApi('POST').mockImplementation(async () => apiAnswer(400, { statusCode: 400, errorCode: 'GOOGLE_LOGIN_FAILED', description: 'Error in Google Login' }));
    renderAppAt('/auth/google/callback?code=used&state=s1');
    expect(await screen.findByText('Error in Google Login')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the chat' }).getAttribute('href')).toBe('/chatbot?start=login');
  });
});
