import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicantDetails, TrackedApplication } from '../../src/api/applications';
import { api } from '../../src/api/client';
import { FakeXhr, installFakeXhr } from '../forms/fake-xhr';
import { apiAnswer, mockApi, scholarshipDetail } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { bodiesSentTo } from './fake-applications-api';

const ID = '00000000-0000-4000-8000-000000000004';
const SUBMIT_PATH = '/api/v1/scholarships/submit-individual-scholarship';
const FILE_URL = '/api/v1/common/files/5f0c6f1e-7d6a-4a41-9b6e-2f1f7c1d9a10';
const FORM = {
  key: `scholarship-${ID}`,
  version: '3f2a9c0d1b7e4a55',
  schema: { type: 'object', properties: { essay: { title: 'Personal essay' }, motto: { title: 'Motto' } }, required: ['essay', 'motto'] },
  uiSchema: { essay: { 'ui:field': 'essay', 'ui:help': 'Tell us about a challenge you overcame.' }, motto: { 'ui:widget': 'textarea' } },
  validatorUrl: `/api/v1/scholarships/${ID}/form/validator.js?version=3f2a9c0d1b7e4a55`,
};

type Answer = ApplicantDetails['applicantFields'][number]['fieldValue'];

function details(status: ApplicantDetails['status'], answers: Record<string, Answer>): ApplicantDetails {
  return {
    status,
    formVersion: FORM.version,
    applicantFields: [
      { key: 'essay', fieldValue: answers.essay, field: { key: 'essay', name: 'Personal essay', dataType: 'editor' } },
      { key: 'motto', fieldValue: answers.motto, field: { key: 'motto', name: 'Motto', dataType: 'text' } },
    ],
  };
}

/** The scholarship, its form and a draft holding `answers`; `submit` answers each POST (by default: saved as asked). */
function serveScholarship(answers: Record<string, Answer>, submit?: (body: { status: 'Draft' | 'Received'; requirements: { key: string; fieldValue: unknown }[] }) => unknown) {
  mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/scholarships/{id}') return apiAnswer(200, { statusCode: 200, data: scholarshipDetail({ id: ID, title: 'Hillcrest Leaders Award', scholarshipStatus: 'Draft' }) });
    if (path === '/api/v1/scholarships/{id}/form') return apiAnswer(200, { statusCode: 200, data: FORM });
    if (path === '/api/v1/scholarships/{id}/applicants/get-applicant-details') return apiAnswer(200, { statusCode: 200, data: details('Draft', answers) });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  return mockApi('POST').mockImplementation(async (path, init) => {
    if (path !== SUBMIT_PATH) return apiAnswer(404, { description: `not mocked: ${path}` });
    const body = (init as { body: { status: 'Draft' | 'Received'; requirements: { key: string; fieldValue: unknown }[] } }).body;
    const saved = Object.fromEntries(body.requirements.map((item) => [item.key, (item.fieldValue ?? undefined) as Answer]));
    return apiAnswer(200, { statusCode: 200, data: submit?.(body) ?? details(body.status, saved) });
  });
}

async function uploadEssayFile(user: ReturnType<typeof userEvent.setup>, name = 'essay.pdf') {
  await user.upload(await screen.findByLabelText('Personal essay file'), new File([new Uint8Array(64)], name, { type: 'application/pdf' }));
  const request = FakeXhr.last();
  expect(request.url).toBe('/api/v1/common/upload?purpose=document');
  await request.respond(201, { statusCode: 201, data: { id: 'f1', publicUrl: FILE_URL, name, size: 64, contentType: 'application/pdf' } });
}

describe('Upload essay', () => {
  isolateAppTests();
  installFakeXhr();

  it("uploads a file for the scholarship's essay and saves it with the draft, keeping every other answer", async () => {
    signIn(true);
    const post = serveScholarship({ essay: { text: '<p>One two three</p>' }, motto: 'Onwards' });
    const user = userEvent.setup();
    renderAppAt(`/auth/uploadEssay?${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload your essay' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hillcrest Leaders Award' }).getAttribute('href')).toBe(`/auth/scholarshipDetail?${ID}`);
    const section = screen.getByRole('region', { name: 'Personal essay (required)' });
    expect(within(section).getByText('Tell us about a challenge you overcame.')).toBeTruthy();
    expect(within(section).getByText('A written essay of 3 words: a file you upload replaces it.')).toBeTruthy();
    expect(within(section).getByText('PDF, DOC or DOCX, up to 2 MB')).toBeTruthy();
    // The seed hides the sidebar on this page.
    expect(document.querySelector('aside nav[aria-label="Account"]')).toBeNull();

    await uploadEssayFile(user);
    await waitFor(() =>
      expect(bodiesSentTo(post, SUBMIT_PATH)).toEqual([
        { scholarshipId: ID, status: 'Draft', formVersion: FORM.version, requirements: [{ key: 'essay', fieldValue: { url: FILE_URL } }, { key: 'motto', fieldValue: 'Onwards' }] },
      ]),
    );
    expect(await screen.findByText('Saved draft')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download essay.pdf' })).toBeTruthy();
    expect(within(section).getByText('Your essay file:')).toBeTruthy();
  });

  it('refuses a file of another type or over 2 MB before sending it, in the product words', async () => {
    signIn(true);
    const post = serveScholarship({});
    const user = userEvent.setup({ applyAccept: false });
    renderAppAt(`/auth/uploadEssay?${ID}`);
    const picker = await screen.findByLabelText('Personal essay file');
    await user.upload(picker, new File(['plain text'], 'essay.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can only upload PDF file!');
    await user.upload(picker, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'essay.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pdf must be smaller than 2MB!');
    expect(FakeXhr.requests).toHaveLength(0);
    expect(bodiesSentTo(post, SUBMIT_PATH)).toEqual([]);
  });

  it('submits with the uploaded essay; a missing answer keeps it a draft and names it, with the way to complete it', async () => {
    signIn(true);
    let answer: 'missing' | 'sent' = 'missing';
    const post = serveScholarship({ essay: { url: FILE_URL } }, (body) =>
      body.status === 'Received' && answer === 'missing'
        ? { ...details('Draft', { essay: { url: FILE_URL } }), errors: [{ path: 'motto', message: 'Please add essay!' }] }
        : undefined,
    );
    const user = userEvent.setup();
    renderAppAt(`/auth/uploadEssay?${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('It is saved as a draft. Still to answer before it can be sent: Motto.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete the application' }).getAttribute('href')).toBe(`/auth/scholarshipDetail?${ID}`);
    expect(bodiesSentTo(post, SUBMIT_PATH)).toEqual([
      { scholarshipId: ID, status: 'Received', formVersion: FORM.version, requirements: [{ key: 'essay', fieldValue: { url: FILE_URL } }, { key: 'motto', fieldValue: null }] },
    ]);

    answer = 'sent';
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Your application has been sent. Each step it takes shows in Track Applications.')).toBeTruthy();
    // Sent: the file stays, and can no longer change.
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull();
  });

  it("shows the server's refusal of a save, such as a passed deadline", async () => {
    signIn(true);
    serveScholarship({});
    mockApi('POST').mockResolvedValue(
      apiAnswer(409, { statusCode: 409, error: 'Conflict', description: 'The deadline for this scholarship (2026-01-01) has passed; it no longer takes applications.', errorCode: 'DEADLINE_PASSED' }),
    );
    renderAppAt(`/auth/uploadEssay?${ID}`);
    await uploadEssayFile(userEvent.setup());
    expect(await screen.findByText('The deadline for this scholarship (2026-01-01) has passed; it no longer takes applications.')).toBeTruthy();
  });

  it('without a scholarship, offers the drafts that ask for an essay, and opens the one chosen', async () => {
    signIn(true);
    const draft: TrackedApplication = {
      id: '10000000-0000-4000-8000-000000000004',
      scholarshipId: ID,
      title: 'Hillcrest Leaders Award',
      sponsor: 'Hillcrest Foundation',
      totalAmount: 4000,
      deadline: '2027-03-31',
      status: 'Draft',
      reviewStatus: null,
      appliedAutomatically: false,
      submittedAt: null,
      updatedAt: '2026-11-21T12:00:00.000Z',
      events: [{ status: 'Draft', at: '2026-11-21T12:00:00.000Z', backfilled: false }],
      essays: [{ key: 'essay', title: 'Personal essay', answer: 'written' }],
      messages: { total: 0, unread: 0 },
    };
    serveScholarship({});
    const get = api.GET as unknown as { getMockImplementation: () => (path: string, init?: unknown) => Promise<unknown> };
    const scholarshipCalls = get.getMockImplementation();
    mockApi('GET').mockImplementation(async (path, init) =>
      path === '/api/v1/scholarships/me/applications' ? apiAnswer(200, { statusCode: 200, data: [draft], meta: { total: 1, offset: 0, limit: 20 } }) : scholarshipCalls(path, init),
    );
    const router = renderAppAt('/auth/uploadEssay');
    expect(await screen.findByText('Choose the application your essay is for.')).toBeTruthy();
    expect(api.GET).toHaveBeenCalledWith('/api/v1/scholarships/me/applications', { params: { query: { status: 'Draft', essay: true, offset: 0, limit: 20 } }, signal: expect.any(AbortSignal) });
    const drafts = await screen.findByRole('list', { name: 'Drafts that ask for an essay' });
    expect(within(drafts).getByText(/Personal essay: essay written/)).toBeTruthy();
    const choice = within(drafts).getByRole('link', { name: 'Upload essay for Hillcrest Leaders Award' });
    expect(choice.getAttribute('href')).toBe(`/auth/uploadEssay?${ID}`);
    await userEvent.setup().click(choice);
    await waitFor(() => expect(router.history.location.href).toBe(`/auth/uploadEssay?${ID}`));
    expect(await screen.findByRole('region', { name: 'Personal essay (required)' })).toBeTruthy();
  });

  it('also reads ?scholarshipId=, and says when the address names no scholarship', async () => {
    signIn(true);
    serveScholarship({});
    renderAppAt(`/auth/uploadEssay?scholarshipId=${ID}`);
    expect(await screen.findByRole('region', { name: 'Personal essay (required)' })).toBeTruthy();
    cleanup();

    mockApi('GET').mockResolvedValue(apiAnswer(200, { statusCode: 200, data: [], meta: { total: 0, offset: 0, limit: 20 } }));
    renderAppAt('/auth/uploadEssay?not-a-scholarship');
    expect(await screen.findByText('The address names no scholarship: choose one of your drafts below.')).toBeTruthy();
    expect(await screen.findByText(/None of your drafts asks for an essay/)).toBeTruthy();
  });

  it('tells a non-member without an application that applying comes with a membership', async () => {
    signIn(false);
    mockApi('GET').mockResolvedValue(
      apiAnswer(403, { statusCode: 403, error: 'Forbidden', description: 'Details are for members. Start your free 7-day membership to see them.', errorCode: 'SUBSCRIPTION_REQUIRED' }),
    );
    renderAppAt(`/auth/uploadEssay?${ID}`);
    expect(await screen.findByRole('heading', { name: 'Applying comes with a membership' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Membership Plans' }).getAttribute('href')).toBe('/auth/dashboard/subscription-plan');
  });
});
