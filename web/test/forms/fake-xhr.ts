import { afterEach, beforeEach } from 'vitest';
import { act } from '@testing-library/react';

type Handler = (() => void) | null;

/**
 * A stand-in for XMLHttpRequest that records each request and lets the test play the server:
 * report upload progress, answer, or see that the request was aborted. No network.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  status = 0;
  response: unknown = null;
  responseType = '';
  timeout = 0;
  upload: { onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null } = {
    onprogress: null,
  };
  onload: Handler = null;
  onabort: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;

  constructor() {
    FakeXhr.requests.push(this);
  }

  static last(): FakeXhr {
    const request = FakeXhr.requests.at(-1);
    if (!request) throw new Error('No request was sent');
    return request;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }

  /** The server answers (the body as `responseType: 'json'` would parse it). */
  async respond(status: number, body: unknown) {
    this.status = status;
    this.response = body;
    await act(async () => this.onload?.());
  }
}

/** Installs the fake for each test of the file. */
export function installFakeXhr() {
  const real = globalThis.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.requests = [];
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = real;
  });
}
