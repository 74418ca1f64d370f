import { useCallback, useRef, useState } from 'react';
import { failureText } from '../api/api-error';
import { SaveError } from '../api/profile';
import type { FieldError } from './answer-errors';
import type { Notice } from './NoticeBanner';

export interface ServedFormSubmitOptions<TRequest, TResult> {
  /** The call that sends the form's answers (with whatever else the page adds to the request). */
  send: (request: TRequest) => Promise<TResult>;
  /** What follows a send the server took (caches, toasts, navigation); a throw counts as a failure. */
  onSuccess?: (result: TResult, request: TRequest) => void | Promise<void>;
  /** What follows a refused send besides the banner and the field errors (a toast, a refetch). */
  onFailure?: (error: unknown) => void;
  /**
   * Where the form shows the fields the server refused: by default at the paths the server names;
   * `answerErrors` when the server judges the answers at `answers.{field}`.
   */
  fieldErrorsOf?: (errors: FieldError[]) => FieldError[];
  /** The banner's sentence for a failure (default: the server's description, or 'Server Error'). */
  failureTextOf?: (error: unknown) => string;
  /** A green banner after a send the server took (none by default: most pages toast or move on). */
  successText?: string;
  /** The page moves on after a send: the button keeps its spinner until the page goes. */
  stayPendingOnSuccess?: boolean;
}

export interface ServedFormSubmit<TRequest> {
  /** Sends; never throws (a failure is in `notice`, `failure` and `serverErrors`). */
  submit: (request: TRequest) => Promise<void>;
  /** Whether a send is on its way, and which one (a page with two buttons spins the one pressed). */
  pending: boolean;
  pendingRequest: TRequest | null;
  /** The failure's sentence, for the red banner above the form. */
  failure: string | null;
  /** The banner: the failure, or `successText` after a send the server took. */
  notice: Notice;
  /** The fields the server refused, for SchemaForm's `serverErrors` (shown as RJSF's extraErrors). */
  serverErrors: FieldError[];
  /** Shows field errors the server gave with a success (an application kept as a draft). */
  setServerErrors: (errors: FieldError[]) => void;
  /** Forgets the last send's banner and field errors (a dialog closed). */
  reset: () => void;
}

/**
 * The one way a page submits a served form (docs/architecture.md, "The web app"): the pending
 * state, the banner with the failure's sentence, and the server's field errors shown under their
 * fields. A failure keeps every answer typed; what a success does is the page's `onSuccess`.
 */
export function useServedFormSubmit<TRequest, TResult>(options: ServedFormSubmitOptions<TRequest, TResult>): ServedFormSubmit<TRequest> {
  const [pendingRequest, setPendingRequest] = useState<{ request: TRequest } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  // The latest options: a page passes new closures on each render.
  const latest = useRef(options);
  latest.current = options;

  const submit = useCallback(async (request: TRequest) => {
    const { send, onSuccess, onFailure, fieldErrorsOf, failureTextOf = failureText, successText, stayPendingOnSuccess } = latest.current;
    setPendingRequest({ request });
    setNotice(null);
    setServerErrors([]);
    try {
      await onSuccess?.(await send(request), request);
      if (successText) setNotice({ status: 'success', text: successText });
      if (!stayPendingOnSuccess) setPendingRequest(null);
    } catch (error) {
      setNotice({ status: 'error', text: failureTextOf(error) });
      // Only a refused save carries field errors (api/: a SaveError holds the 400's `errors`).
      if (error instanceof SaveError) setServerErrors(fieldErrorsOf ? fieldErrorsOf(error.fieldErrors) : error.fieldErrors);
      onFailure?.(error);
      setPendingRequest(null);
    }
  }, []);

  const reset = useCallback(() => {
    setNotice(null);
    setServerErrors([]);
  }, []);

  return {
    submit,
    pending: pendingRequest !== null,
    pendingRequest: pendingRequest?.request ?? null,
    failure: notice?.status === 'error' ? notice.text : null,
    notice,
    serverErrors,
    setServerErrors,
    reset,
  };
}
