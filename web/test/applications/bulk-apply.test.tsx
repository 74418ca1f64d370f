import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeXhr, installFakeXhr } from '../forms/fake-xhr';
import { apiAnswer, eligibleScholarship, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { bodiesSentTo } from './fake-applications-api';

const LIST = [1, 2, 3].map((n) => eligibleScholarship(n));
const CV_URL = '/api/v1/common/files/5f0c6f1e-7d6a-4a41-9b6e-2f1f7c1d9a10';
const BULK_PATH = '/api/v1/scholarships/submit-scholarships';

/** The CV list with three scholarships; `apply` answers the bulk application (by default: all applied). */
function serveCvList(apply?: { status: number; body: unknown }) {
  mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/scholarships/mine-eligible-scholarships') return apiAnswer(200, { statusCode: 200, data: LIST });
    if (path === '/api/v1/scholarships/mine-eligible-scholarships/count') return apiAnswer(200, { statusCode: 200, data: LIST.length });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  return mockApi('POST').mockImplementation(async (path, init) => {
    if (path !== BULK_PATH) return apiAnswer(404, { description: `not mocked: ${path}` });
    if (apply) return apiAnswer(apply.status, apply.body);
    const { scholarshipId } = (init as { body: { scholarshipId: string[] } }).body;
    return apiAnswer(200, { statusCode: 200, message: 'Scholarship applied successfully!', data: { applied: scholarshipId } });
  });
}

async function openList() {
  const user = userEvent.setup();
  renderAppAt('/auth/dashboard/easyApplyWithCv');
  await screen.findByRole('checkbox', { name: 'Include Scholarship 1' });
  return user;
}

async function uploadCv(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Your CV'), new File([new Uint8Array(8)], 'cv.pdf', { type: 'application/pdf' }));
  const request = FakeXhr.last();
  expect(request.url).toBe('/api/v1/common/upload?purpose=document');
  return request;
}

const applyButton = (count: number) => screen.getByRole('button', { name: `Apply to ${count} selected` }) as HTMLButtonElement;

describe('bulk apply on the Apply With CV Data Only list', () => {
  isolateAppTests();
  installFakeXhr();

  it('starts with every card selected and leaves an unticked one out of the batch', async () => {
    signIn(true);
    const post = serveCvList();
    const user = await openList();
    for (const item of LIST) expect((screen.getByRole('checkbox', { name: `Include ${item.title}` }) as HTMLInputElement).checked).toBe(true);
    expect(applyButton(3)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Include Scholarship 2' }));
    expect((screen.getByRole('checkbox', { name: 'Include Scholarship 2' }) as HTMLInputElement).checked).toBe(false);
    expect(applyButton(2)).toBeTruthy();

    await (await uploadCv(user)).respond(201, { statusCode: 201, data: { id: 'f1', publicUrl: CV_URL, name: 'cv.pdf', size: 8, contentType: 'application/pdf' } });
    await user.click(applyButton(2));
    await waitFor(() => expect(bodiesSentTo(post, BULK_PATH)).toEqual([{ scholarshipId: [LIST[0].id, LIST[2].id], requirements: { cv: CV_URL } }]));
  });

  it('can only apply once the upload has finished, then toasts and thanks', async () => {
    signIn(true);
    const post = serveCvList();
    const user = await openList();
    expect(applyButton(3).disabled).toBe(true);

    const request = await uploadCv(user);
    request.progress(4, 8);
    // Still sending: the CV's address is not known yet.
    expect(applyButton(3).disabled).toBe(true);
    await request.respond(201, { statusCode: 201, data: { id: 'f1', publicUrl: CV_URL, name: 'cv.pdf', size: 8, contentType: 'application/pdf' } });
    expect(applyButton(3).disabled).toBe(false);

    await user.click(applyButton(3));
    const thanks = await screen.findByRole('dialog');
    expect(within(thanks).getByText('Thanks for submitting the application!')).toBeTruthy();
    expect(screen.getByText('Scholarship applied successfully!')).toBeTruthy();
    expect(bodiesSentTo(post, BULK_PATH)).toEqual([{ scholarshipId: LIST.map((item) => item.id), requirements: { cv: CV_URL } }]);
  });

  it("shows the server's description when it refuses", async () => {
    signIn(true);
    serveCvList({ status: 400, body: { statusCode: 400, description: 'Scholarship 3 is closed.', errorCode: 'CANNOT_APPLY' } });
    const user = await openList();
    await (await uploadCv(user)).respond(201, { statusCode: 201, data: { id: 'f1', publicUrl: CV_URL, name: 'cv.pdf', size: 8, contentType: 'application/pdf' } });
    await user.click(applyButton(3));
    expect(await screen.findByText('Scholarship 3 is closed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a non-member the server refuses to the plans page', async () => {
    signIn(false);
    serveCvList({ status: 403, body: { statusCode: 403, description: 'Bulk apply is for members.', errorCode: 'SUBSCRIPTION_REQUIRED' } });
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    const user = await openList();
    await (await uploadCv(user)).respond(201, { statusCode: 201, data: { id: 'f1', publicUrl: CV_URL, name: 'cv.pdf', size: 8, contentType: 'application/pdf' } });
    await user.click(applyButton(3));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Apply With CV Data Only' })).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership Plans' })).toBeTruthy();
  });
});
