import { vi } from 'vitest';
import { type ArgumentsHost, BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import { inspect } from 'node:util';
import { ApiError } from './error-body.js';
import { HttpErrorFilter, toErrorBody } from './http-error.filter.js';

describe('toErrorBody', () => {
  it('hides the details of an unexpected failure behind "Server Error"', () => {
    const body = toErrorBody(new Error('relation "secret_table" does not exist at /srv/app.js:10'));
    expect(body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error', description: 'Server Error' });
  });

  it('turns an unreachable database into a 503 with a description', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorBody(refused)).toMatchObject({ statusCode: 503, description: expect.stringMatching(/temporarily unavailable/) });
  });

  it('treats a transaction whose connection PostgreSQL ended as unavailable too (503, not 500)', () => {
    // TypeORM releases the query runner when its connection fails; the next statement or COMMIT says so.
    for (const name of ['QueryRunnerProviderAlreadyReleasedError', 'QueryRunnerAlreadyReleasedError']) {
      const released = Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name });
      expect(toErrorBody(released)).toMatchObject({ statusCode: 503, description: expect.stringMatching(/temporarily unavailable/) });
    }
    // pg, for a client of the transaction whose connection ended (seen in faults/database-outage.fault.ts).
    const notQueryable = new Error('Client has encountered a connection error and is not queryable');
    expect(toErrorBody(notQueryable)).toMatchObject({ statusCode: 503, description: expect.stringMatching(/temporarily unavailable/) });
  });

  it('keeps the description and field errors of our own errors', () => {
    const body = toErrorBody(new ApiError(409, 'Taken', { errors: [{ path: 'email', message: 'x' }], errorCode: 'EMAIL_TAKEN' }));
    expect(body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Conflict',
      description: 'Taken',
      errors: [{ path: 'email', message: 'x' }],
      errorCode: 'EMAIL_TAKEN',
    });
  });

  it('describes framework errors', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /x')).description).toBe('This address does not exist.');
    expect(toErrorBody(new BadRequestException({ description: 'Bad thing', errors: [] })).description).toBe('Bad thing');
    const parse = Object.assign(new Error('Unexpected token'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect(toErrorBody(parse)).toMatchObject({ statusCode: 400, description: 'The request could not be read.' });
  });
});

describe('HttpErrorFilter, what it logs of a failure', () => {
  const id = '0b6f3c1e-2a4d-4c59-9f1e-7d2b8a6c5e40';

  it("keeps a chat id out of the log: the address's and a failed statement's parameters", () => {
    const reply = { sent: false, status: () => reply, header: () => reply, send: () => reply };
    const request = { url: `/api/signup/chats?id=${id}` };
    const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }) } as unknown as ArgumentsHost;
    const failed = Object.assign(new Error('deadlock detected'), { name: 'QueryFailedError', query: 'UPDATE chat_sessions SET turns = turns + 1 WHERE id = $1', parameters: [id] });
    const logged: unknown[] = [];
    const error = vi.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void logged.push(message));
    try {
      new HttpErrorFilter().catch(failed, host);
    } finally {
      error.mockRestore();
    }
    const text = inspect(logged, { depth: 5 });
    expect(text).toContain('UPDATE chat_sessions');
    expect(text).toContain('?id=[redacted]');
    expect(text).not.toContain(id);
  });
});
