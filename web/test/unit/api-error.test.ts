import { describe, expect, it } from 'vitest';
import { ApiError, apiError, shouldRetry } from '../../src/api/api-error';

describe('apiError', () => {
  it("shows the body's description", () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'FORM_NOT_FOUND', description: 'There is no form called "nope".' };
    expect(apiError(body)).toBe('There is no form called "nope".');
  });

  it('falls back to the message, then to a general sentence', () => {
    expect(apiError({ statusCode: 500, message: 'Database unavailable' })).toBe('Database unavailable');
    expect(apiError(undefined)).toMatch(/Something went wrong/);
  });

  it('retries server and network failures, not client errors', () => {
    expect(shouldRetry(0, new ApiError({ description: 'gone' }, 404))).toBe(false);
    expect(shouldRetry(0, new ApiError({}, 503))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
  });

  it("carries the body's errorCode, for the failures a page handles itself", () => {
    const refusal = new ApiError({ statusCode: 403, description: 'For members.', errorCode: 'MEMBERSHIP_REQUIRED' }, 403);
    expect([refusal.status, refusal.errorCode, refusal.message]).toEqual([403, 'MEMBERSHIP_REQUIRED', 'For members.']);
    expect(new ApiError({ description: 'gone' }, 404).errorCode).toBeUndefined();
    expect(new ApiError(undefined, 500).errorCode).toBeUndefined();
  });
});
