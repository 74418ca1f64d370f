import { MESSAGES } from '@scholarmatch/schemas';

/** The error body every endpoint answers with: `{ statusCode, error, message, description }`. */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string | string[];
  description?: string;
  /** A stable code for the kinds of failure a page handles on its own (e.g. SUBSCRIPTION_REQUIRED). */
  errorCode?: string;
  /** Answers refused by a form's rules: the field (its key, or a dot path) and the form's words. */
  errors?: { path: string; message: string }[];
  /** The scholarship a membership refusal of its details is about. */
  scholarship?: RefusedScholarship;
}

/** A scholarship a non-member tried to open: what the plans page and the popup name. */
export interface RefusedScholarship {
  id: string;
  title: string;
}

function refusedScholarshipOf(value: unknown): RefusedScholarship | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.title !== 'string') return undefined;
  return { id: value.id, title: value.title };
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again in a moment.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The sentence to show a person for an error body: its `description`, else its `message`. */
export function apiError(body: unknown): string {
  if (!isRecord(body)) return FALLBACK_MESSAGE;
  const { description, message } = body as ApiErrorBody;
  if (typeof description === 'string' && description.trim()) return description;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length) return message.join(' ');
  return FALLBACK_MESSAGE;
}

/** The sentence a failed call shows: the server's description, else the original 'Server Error'. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.serverError;
}

/**
 * A failed API call, carrying the HTTP status so callers can tell "not found" from "try again",
 * and the body's `errorCode` where the server gives one.
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly errorCode: string | undefined;
  /** The fields a form refused, in the server's order (empty when the failure is not about answers). */
  readonly fieldErrors: { path: string; message: string }[];
  /** The scholarship a membership refusal names, where the server gives it. */
  readonly scholarship: RefusedScholarship | undefined;

  constructor(body: unknown, status?: number) {
    super(apiError(body));
    this.name = 'ApiError';
    this.status = status;
    const errorCode = isRecord(body) ? (body as ApiErrorBody).errorCode : undefined;
    this.errorCode = typeof errorCode === 'string' ? errorCode : undefined;
    const errors = isRecord(body) ? (body as ApiErrorBody).errors : undefined;
    this.fieldErrors = Array.isArray(errors) ? errors.filter((error) => isRecord(error) && typeof error.path === 'string') : [];
    this.scholarship = isRecord(body) ? refusedScholarshipOf(body.scholarship) : undefined;
  }
}

/** What a person reads when the server has not answered within the request timeout (docs/decisions.md, "API client"). */
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/**
 * A call given up after the request timeout (api/request-timeout.ts). An ApiError without a
 * status, so every place that shows a failed call's sentence shows this one.
 */
export class RequestTimeoutError extends ApiError {
  constructor() {
    super({ description: TIMEOUT_MESSAGE, errorCode: 'REQUEST_TIMEOUT' });
    this.name = 'RequestTimeoutError';
  }
}

/** The membership gate's refusal (403): details, requirement forms, Easy Apply, bulk apply, assistance answers. */
export function isSubscriptionRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.errorCode === 'SUBSCRIPTION_REQUIRED';
}

/**
 * Retry only what a retry can fix: network failures and server errors, not 4xx answers, nor a call
 * that already waited the whole request timeout (two more would keep the person waiting 6 minutes).
 */
export function shouldRetry(failureCount: number, error: Error): boolean {
  const isClientError = error instanceof ApiError && error.status !== undefined && error.status < 500;
  return !isClientError && !(error instanceof RequestTimeoutError) && failureCount < 2;
}

/** The payload of a successful call (the original `{ data }` envelope), or the failure as an ApiError. */
export function dataOf<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new ApiError(result.error, result.response.status);
  return result.data.data;
}
