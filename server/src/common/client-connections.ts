import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBodyDto } from './error-body.js';
import { API_HEADERS } from './security-headers.js';

/** How long the server waits on its clients, in milliseconds (AppConfig's HTTP_*_TIMEOUT_MS). */
export interface ClientDeadlines {
  /** Silence while a request is arriving, or before a new connection's first byte. */
  idleMs: number;
  /** A request's headers, in all. */
  headersMs: number;
  /** A whole request, headers and body, in all (receiving it, not answering it). */
  requestMs: number;
}

/** After an error answer, how long the client has to read it before its connection is destroyed. */
const LINGER_MS = 2000;

/** The parser's errors about where the body ends: its length or its chunks. */
const FRAMING_ERRORS = new Set([
  'HPE_INVALID_CHUNK_SIZE',
  'HPE_INVALID_CONTENT_LENGTH',
  'HPE_UNEXPECTED_CONTENT_LENGTH',
  'HPE_INVALID_TRANSFER_ENCODING',
  'HPE_INVALID_EOF_STATE',
]);

/** The subset of Fastify's server options that the deadlines and the client-error answers set. */
export interface ClientConnectionOptions {
  connectionTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => void;
}

/**
 * What the HTTP server does about clients before any route can: requests that stop arriving or
 * arrive too slowly, and malformed HTTP (docs/operations.md, "Slow and stalled clients"; docs/api.md).
 * Every such answer is the API's error body with a `description`, and closes the connection
 * (nothing more can be read from it in step). Node's server and Fastify's default handler would
 * answer these with a body of their own, or not at all.
 */
export class ClientConnections {
  /** Each connection's latest response: whether it is still being received, worked on or sent. */
  private readonly responses = new WeakMap<Socket, ServerResponse>();
  /** socket.bytesRead when the connection's last response went out: more since means a new request has begun. */
  private readonly readWhenAnswered = new WeakMap<Socket, number>();
  private log?: FastifyBaseLogger;

  constructor(private readonly deadlines: ClientDeadlines) {}

  /**
   * Fastify's options: the idle limit is the sockets' inactivity timeout (`connectionTimeout`,
   * handled by onIdle, never a limit on the total), the totals are Node's `headersTimeout` and
   * `requestTimeout`, checked every second or so instead of every 30 s.
   */
  serverOptions(): ClientConnectionOptions {
    const { idleMs, headersMs, requestMs } = this.deadlines;
    return {
      connectionTimeout: idleMs,
      requestTimeout: requestMs,
      http: {
        headersTimeout: headersMs,
        requestTimeout: requestMs,
        connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.round(headersMs / 5))),
        // Node's own check answers a bare 400 with no body; requireHost answers it in our format.
        requireHostHeader: false,
      },
      clientErrorHandler: this.onClientError,
    };
  }

  /** Starts following the server's connections (once Fastify has created its server). */
  watch(fastify: FastifyInstance): void {
    this.log = fastify.log;
    fastify.server.on('request', this.track);
    // With a listener here Node no longer destroys timed-out sockets itself: onIdle decides.
    fastify.server.on('timeout', this.onIdle);
    fastify.addHook('onRequest', requireHost);
  }

  private readonly track = (request: IncomingMessage, response: ServerResponse): void => {
    const socket = request.socket as Socket;
    this.responses.set(socket, response);
    response.once('finish', () => this.readWhenAnswered.set(socket, socket.bytesRead));
  };

  /** Node's 'clientError': the parser refused the bytes, or a total deadline passed. */
  private readonly onClientError = (error: Error & { code?: string }, socket: Socket): void => {
    if (socket.destroyed || socket.writableEnded) return; // already answered (the parser repeats its error on later bytes) or gone
    const pending = this.pendingResponse(socket);
    const body = clientErrorBody(error, this.deadlines, pending !== undefined);
    // A network failure (a reset, a broken pipe): no one is there to read an answer.
    if (!body) return void socket.destroy();
    // Bytes after a complete request (pipelined) whose own answer is still to come: that answer
    // cannot be followed by another one for bytes that are not a request.
    if (pending?.req.complete) return void socket.destroy();
    this.answerAndClose(socket, body, pending, error.code);
  };

  /** The socket's inactivity timeout: IDLE_MS without a byte either way. */
  private readonly onIdle = (socket: Socket): void => {
    if (socket.destroyed) return;
    // Answered and closing, but the client has not read the answer in all this time.
    if (socket.writableEnded) return void socket.destroy();
    const pending = this.pendingResponse(socket);
    if (pending) return this.onIdleDuringExchange(socket, pending);
    // Part of a new request came, then nothing.
    if (socket.bytesRead > (this.readWhenAnswered.get(socket) ?? 0)) return this.answerAndClose(socket, this.idleBody());
    // Nothing asked: a kept-alive connection past its keep-alive timeout, or one never used.
    socket.destroy();
  };

  private onIdleDuringExchange(socket: Socket, pending: ServerResponse): void {
    // The body stopped arriving (answerAndClose only closes if an answer has already begun).
    if (!pending.req.complete) return this.answerAndClose(socket, this.idleBody(), pending);
    // The client stopped reading the answer.
    if (pending.headersSent && socket.writableLength > 0) return void socket.destroy();
    // The request is in and the server is still working on it: the route's own deadlines apply
    // (an essay waits up to LLM_TIMEOUT_MS for the model, with nothing to send meanwhile).
  }

  private pendingResponse(socket: Socket): ServerResponse | undefined {
    const response = this.responses.get(socket);
    return response && !response.writableFinished ? response : undefined;
  }

  private idleBody(): ErrorBodyDto {
    const wait = duration(this.deadlines.idleMs);
    return errorBody(408, `The request stopped arriving: nothing came for ${wait}, so the server stopped waiting. Please try again.`);
  }

  /**
   * Answers with the error body and closes. Through the request's own response when it has one
   * (Fastify then logs it as that request's answer), otherwise straight onto the socket; not at
   * all when an answer has already begun. The client gets LINGER_MS to read it: destroying at
   * once could reset the connection before the answer is read.
   */
  private answerAndClose(socket: Socket, body: ErrorBodyDto, pending?: ServerResponse, cause = 'idle'): void {
    if (pending?.headersSent) return void socket.destroy();
    const json = JSON.stringify(body);
    const headers = errorHeaders(json);
    if (pending) {
      // Connection: close makes Node end the socket once this is sent.
      pending.writeHead(body.statusCode, headers).end(json);
    } else {
      // No request of Fastify's to log it with (the headers never arrived in full): a line of its own.
      this.log?.info({ statusCode: body.statusCode, cause, remoteAddress: socket.remoteAddress }, 'client error');
      const head = Object.entries({ ...headers, date: new Date().toUTCString() }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\n${head.join('')}\r\n${json}`);
      // Stop reading: whatever else the client sends will not be answered.
      socket.pause();
    }
    const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(linger));
  }
}

/** The error body for a 'clientError', or undefined for a network failure that nobody can be told about. */
export function clientErrorBody(error: { code?: string }, deadlines: ClientDeadlines, headersReceived: boolean): ErrorBodyDto | undefined {
  const code = error.code ?? '';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return headersReceived
      ? errorBody(408, `The request took longer than ${duration(deadlines.requestMs)} to arrive in full, so the server stopped waiting. Please try again.`)
      : errorBody(408, `The request's headers took longer than ${duration(deadlines.headersMs)} to arrive, so the server stopped waiting. Please try again.`);
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return errorBody(431, `The request's headers are too large (more than ${Math.floor(maxHeaderSize / 1024)} KB in all): send fewer or smaller headers, such as cookies.`);
  }
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return errorBody(413, "The request's chunk extensions are too large.");
  if (FRAMING_ERRORS.has(code)) {
    return errorBody(400, "The request's body is framed wrongly: its Content-Length or chunked Transfer-Encoding cannot be read (for example a bad chunk size, or two lengths).");
  }
  if (code.startsWith('HPE_')) return errorBody(400, 'The request is not well-formed HTTP and cannot be read.');
  return undefined;
}

/** HTTP/1.1 requires a Host header; Node's own check (turned off) would answer without our body. */
function requireHost(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
    const body = errorBody(400, 'The request has no Host header, which HTTP/1.1 requires.');
    reply.code(400).header('connection', 'close').header('cache-control', 'no-store').send(body);
    return;
  }
  done();
}

function errorBody(statusCode: number, description: string): ErrorBodyDto {
  const reason = STATUS_CODES[statusCode] ?? 'Error';
  return { statusCode, error: reason, message: reason, description };
}

function errorHeaders(json: string): Record<string, string> {
  return {
    ...API_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    'cache-control': 'no-store',
    connection: 'close',
  };
}

/** 30000 -> '30 seconds', 600000 -> '10 minutes', 800 -> '0.8 seconds'. */
function duration(ms: number): string {
  if (ms >= 120_000 && ms % 60_000 === 0) return `${ms / 60_000} minutes`;
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
