import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failureText, RequestTimeoutError, shouldRetry, TIMEOUT_MESSAGE } from '../src/api/api-error';
import { api } from '../src/api/client';
import { REQUEST_TIMEOUT_MS } from '../src/api/request-timeout';
import { uploadFile } from '../src/api/uploads';
import { queryClient } from '../src/ui/query-client';
import { refreshAccessToken } from '../src/session/auth-middleware';
import { clearSession, saveSession, type StoredUser } from '../src/session/session-store';
import { FakeXhr, installFakeXhr } from './forms/fake-xhr';
import { renderAppAt } from './scholarships/render-app';

/**
 * A server that never answers: the request stays open until it is aborted, and then fails as a
 * browser's fetch does (an AbortError, whatever the reason given to the signal).
 */
function silentServer() {
  return vi.fn<typeof fetch>(
    (_input, init) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
}

/** Settles `promise` into a record the test can look at while fake time passes. */
function watch<T>(promise: Promise<T>) {
  const outcome: { settled: boolean; error?: unknown } = { settled: false };
  promise.then(
    () => Object.assign(outcome, { settled: true }),
    (error: unknown) => Object.assign(outcome, { settled: true, error }),
  );
  return outcome;
}

describe('the request timeout', () => {
  const realFetch = globalThis.fetch;
  let server: ReturnType<typeof silentServer>;

  beforeEach(() => {
    vi.useFakeTimers();
    server = silentServer();
    globalThis.fetch = server;
    clearSession();
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    clearSession();
    vi.useRealTimers();
    globalThis.fetch = realFetch;
  });

  it("is the seed's 120,000 ms", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
  });

  it('gives up an API call the server never answers after 120 s, with a sentence for the person', async () => {
    const call = watch(api.GET('/api/v1/register-applicants/profile'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(server).toHaveBeenCalledTimes(1);
    expect(call.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(RequestTimeoutError);
    expect(failureText(call.error)).toBe('The server took too long to answer. Please try again.');
    expect(failureText(call.error)).toBe(TIMEOUT_MESSAGE);
    // Each attempt already waited two minutes: the query is not tried again behind the person's back.
    expect(shouldRetry(0, call.error as Error)).toBe(false);
  });

  it("still lets the caller cancel, with the caller's reason rather than the timeout", async () => {
    const controller = new AbortController();
    const call = watch(api.GET('/api/v1/register-applicants/profile', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.settled).toBe(true);
    expect(call.error).not.toBeInstanceOf(RequestTimeoutError);
  });

  it("bounds the session's own calls too: a token renewal that never answers ends without a new token", async () => {
    saveSession({ user: { id: 'u1', firstName: 'Maya' } as StoredUser, accessToken: 'old', refreshToken: 'refresh' });
    const renewal = refreshAccessToken('old');
    const outcome = watch(renewal);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(outcome.settled).toBe(true);
    expect(await renewal).toBeNull();
  });

  it('shows the sentence where the page shows a failed call (the login form)', async () => {
    renderAppAt('/auth/login');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText(/^Username/), 'maya@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.queryByText(TIMEOUT_MESSAGE)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    expect(await screen.findByText(TIMEOUT_MESSAGE)).toBeTruthy();
  });

  describe('uploads (XMLHttpRequest)', () => {
    installFakeXhr();

    it('use the same timeout and say the same when it runs out', async () => {
      const upload = watch(uploadFile(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { purpose: 'document' }));
      const request = FakeXhr.last();
      expect(request.timeout).toBe(REQUEST_TIMEOUT_MS);
      request.ontimeout?.();
      await vi.advanceTimersByTimeAsync(0);
      expect(failureText(upload.error)).toBe(TIMEOUT_MESSAGE);
    });
  });
});
