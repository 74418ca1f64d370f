import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentAnswer, CURRENT_PATH, subscriptionRecord } from '../membership/fixtures';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn, STUDENT } from '../scholarships/render-app';

/** The served forms as the server would send them (their fields are data: the pages name none). */
const FORMS: Record<string, unknown> = {
  'support-request': {
    key: 'support-request', version: 's1', validatorUrl: '/v.js',
    schema: { type: 'object', title: 'Support', required: ['query', 'queryDescription'], properties: { query: { type: 'string', title: 'Query' }, queryDescription: { type: 'string', title: 'Description' } } },
    uiSchema: { queryDescription: { 'ui:widget': 'textarea' } },
  },
  'contact-message': {
    key: 'contact-message', version: 'c1', validatorUrl: '/v.js',
    schema: { type: 'object', title: 'Write to us', required: ['senderEmail', 'senderPhone', 'message'], properties: { senderEmail: { type: 'string', title: 'Email' }, senderPhone: { type: 'string', title: 'Phone' }, message: { type: 'string', title: 'Message' } } },
    uiSchema: { message: { 'ui:widget': 'textarea' } },
  },
};

type PostInit = { body?: Record<string, unknown> };

/** The person's own requests as `GET /support-requests` answers them (newest first); a test may add to it. */
const history: Record<string, unknown>[] = [];

function serve(reply: ReturnType<typeof apiAnswer> = apiAnswer(201, { statusCode: 201, message: 'We have received your query, we will get back to you soon.' }), membership = currentAnswer(null)) {
  mockApi('GET').mockImplementation(async (path, init) => {
    if (path === '/api/v1/support-requests') return apiAnswer(200, { statusCode: 200, data: history, meta: { total: history.length } });
    if (path === '/api/v1/forms/{formKey}') return apiAnswer(200, { statusCode: 200, data: FORMS[(init as { params: { path: { formKey: string } } }).params.path.formKey] });
    if (path === '/api/v1/common/geo') return apiAnswer(200, { statusCode: 200, data: { country: 'us' } });
    if (path === CURRENT_PATH) return membership;
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const sent: PostInit[] = [];
  mockApi('POST').mockImplementation(async (_path, init) => {
    sent.push(init as PostInit);
    return reply;
  });
  return sent;
}

describe('support and contact', () => {
  isolateAppTests();
  beforeEach(() => {
    history.length = 0;
  });

  it("sends a support request with the account's name and e-mail, shown read-only, then says 'Thank You!'", async () => {
    signIn();
    const sent = serve();
    const user = userEvent.setup();
    renderAppAt('/auth/dashboard/support');
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Maya Lopez');
    expect((name as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maya@example.com');
    await user.type(await screen.findByLabelText(/^Query/), 'My essay');
    await user.type(screen.getByLabelText(/^Description/), 'The assistant timed out.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thank You!' });
    expect(within(dialog).getByText('We have received your query, we will get back to you soon.')).toBeTruthy();
    expect(sent[0].body).toEqual({ name: 'Maya Lopez', email: 'maya@example.com', applicantId: STUDENT.id, query: 'My essay', description: 'The assistant timed out.' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect((screen.getByLabelText(/^Query/) as HTMLInputElement).value).toBe(''));
  });

  it("sends anyone's contact message as 'Guest', and keeps every word when it is refused", async () => {
    const sent = serve(apiAnswer(400, { statusCode: 400, errorCode: 'INVALID_ANSWERS', description: 'Please enter a validate email!', errors: [{ path: 'senderEmail', message: 'Please enter a validate email!' }] }));
    const user = userEvent.setup();
    renderAppAt('/contact');
    await user.type(await screen.findByLabelText(/^Email/), 'ada@');
    await user.type(screen.getByLabelText(/^Phone/), '+12025550100');
    await user.type(screen.getByLabelText(/^Message/), 'Do you work with schools?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText('Please enter a validate email!')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Do you work with schools?');
    expect(sent[0].body).toEqual({ name: 'Guest', email: 'ada@', phone: '+12025550100', description: 'Do you work with schools?' });
  });

  it("tells a member's plan on Subscription Support, with the seed's help text", async () => {
    signIn(true);
    serve(undefined, currentAnswer(subscriptionRecord()));
    renderAppAt('/auth/dashboard/subscription-support');
    expect(await screen.findByText('Your Quarterly Plan is active; next billing date 05 March, 2027.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Subscription plan' }).getAttribute('href')).toBe('/auth/dashboard/plan');
    expect(screen.getByText(/Try logging out and in again/)).toBeTruthy();
  });

  it('tells a non-member they are not subscribed, with the way to the plans', async () => {
    signIn(false);
    serve();
    renderAppAt('/auth/dashboard/subscription-support');
    expect(await screen.findByText('You are not subscribed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Membership Plans' })).toBeTruthy();
  });

  it('lists the person\'s requests with their status and answers, and the one just sent joins them', async () => {
    signIn();
    history.push(
      { id: 'r2', kind: 'support', query: 'Transcript upload', description: 'My PDF is refused.', status: 'received', createdAt: '2026-11-20T10:00:00Z', answerHtml: null, answeredAt: null },
      { id: 'r1', kind: 'support', query: 'Deadline', description: 'When does it close?', status: 'answered', createdAt: '2026-11-18T10:00:00Z', answerHtml: '<p>It closes on <b>June 30</b>.</p><script>alert(1)</script>', answeredAt: '2026-11-18T15:00:00Z' },
    );
    serve();
    const user = userEvent.setup();
    renderAppAt('/auth/dashboard/support');
    const section = await screen.findByRole('region', { name: 'Your requests' });
    const waiting = await within(section).findByRole('listitem', { name: 'Transcript upload' });
    expect(within(waiting).getByText('Waiting for an answer')).toBeTruthy();
    expect(within(waiting).getByText(/within 24 hours/)).toBeTruthy();
    const answered = within(section).getByRole('listitem', { name: 'Deadline' });
    expect(within(answered).getByText('Answered')).toBeTruthy();
    expect(within(answered).getByText('June 30')).toBeTruthy();
    expect(answered.querySelector('script')).toBeNull();

    // A new request: the list is asked again and shows it first.
    await user.type(await screen.findByLabelText(/^Query/), 'My essay');
    await user.type(screen.getByLabelText(/^Description/), 'The assistant timed out.');
    history.unshift({ id: 'r3', kind: 'support', query: 'My essay', description: 'The assistant timed out.', status: 'received', createdAt: '2026-11-21T10:00:00Z', answerHtml: null, answeredAt: null });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thank You!' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const items = async () => within(screen.getByRole('region', { name: 'Your requests' })).findAllByRole('listitem');
    await waitFor(async () => expect((await items()).map((item) => item.getAttribute('aria-label'))).toEqual(['My essay', 'Transcript upload', 'Deadline']));
  });

  it('says so when no request was sent yet', async () => {
    signIn();
    serve();
    renderAppAt('/auth/dashboard/support');
    expect(await screen.findByText('You have not sent a request yet. What you send is listed here with our answers.')).toBeTruthy();
  });
});
