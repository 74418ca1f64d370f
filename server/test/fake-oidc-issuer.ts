import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** The person the loopback provider signs in (what a Google account would say about itself). */
export interface FakePerson {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  /** A Google Workspace account's domain (Google sends it only for those). */
  hd?: string;
}

interface IssuedCode {
  person: FakePerson;
  clientId: string;
  redirectUri: string;
  nonce: string;
  codeChallenge: string;
}

const CLIENT_SECRET = 'loopback-client-secret';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/**
 * A loopback OpenID Connect provider for tests (never the real Google): discovery, keys, an
 * authorization endpoint that signs in `person` at once and sends the browser back with a code,
 * and a token endpoint that checks the client, the code, the redirect address and PKCE before it
 * answers an ID token signed with its RS256 key.
 */
export class FakeOidcIssuer {
  person: FakePerson = { sub: 'google-sub-1', email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' };
  readonly clientId = 'loopback-client';
  readonly clientSecret = CLIENT_SECRET;
  /** The requests the authorization endpoint received (their query). */
  readonly authorizations: URLSearchParams[] = [];
  private readonly codes = new Map<string, IssuedCode>();

  private constructor(
    private readonly server: Server,
    private readonly keys: { privateKey: SigningKey; jwk: JWK },
  ) {}

  static async start(): Promise<FakeOidcIssuer> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'loopback-key', alg: 'RS256', use: 'sig' };
    let issuer!: FakeOidcIssuer;
    const server = createServer((request, response) => {
      issuer.handle(request).then(
        ({ status, headers, body }) => response.writeHead(status, headers).end(body),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
    issuer = new FakeOidcIssuer(server, { privateKey, jwk });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return issuer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const url = new URL(request.url ?? '/', this.url);
    const json = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/authorize`,
        token_endpoint: `${this.url}/token`,
        jwks_uri: `${this.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [this.keys.jwk] });
    if (url.pathname === '/authorize') return this.authorize(url.searchParams);
    if (url.pathname === '/token' && request.method === 'POST') return this.token(new URLSearchParams(await bodyOf(request)), json);
    return json(404, { error: 'not_found' });
  }

  /** Signs `person` in at once and sends the browser back to the client with a code and its state. */
  private authorize(query: URLSearchParams) {
    this.authorizations.push(query);
    const redirectUri = query.get('redirect_uri') ?? '';
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      person: { ...this.person },
      clientId: query.get('client_id') ?? '',
      redirectUri,
      nonce: query.get('nonce') ?? '',
      codeChallenge: query.get('code_challenge') ?? '',
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    return { status: 302, headers: { location: back.href }, body: '' };
  }

  private async token(form: URLSearchParams, json: (status: number, body: unknown) => { status: number; headers: Record<string, string>; body: string }) {
    const issued = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      !issued ||
      form.get('client_id') !== this.clientId ||
      form.get('client_secret') !== CLIENT_SECRET ||
      form.get('redirect_uri') !== issued.redirectUri ||
      challenge !== issued.codeChallenge
    ) {
      return json(400, { error: 'invalid_grant' });
    }
    const idToken = await new SignJWT({ ...issued.person, nonce: issued.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'loopback-key' })
      .setIssuer(this.url)
      .setAudience(this.clientId)
      .setSubject(issued.person.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.keys.privateKey);
    return json(200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  }
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
