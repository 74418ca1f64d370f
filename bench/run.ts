/**
 * `npm run bench`: the form endpoints side by side with a bare Fastify server answering the same
 * bytes, so each figure has a ceiling to be compared with on this machine. Prints a table and
 * writes bench/results/latest.json as [{ name, rps, p50_ms, p95_ms, p99_ms, ratio_to_bare, errors }].
 *
 * The two sides run alternately for several rounds and each side reports its median round, so a
 * passing disturbance on this small machine does not decide the ratio.
 *
 * Then logins (argon2id verification, a session issued) and profile saves (PUT register-applicants,
 * 8 applicants at once): requests per second and p50/p95/p99.
 *
 * Then matching at 100,000 scholarships × 100,000 applicants (bench/matching.ts).
 *
 * Then uploads: a 2 MB PDF posted over 8 connections (bench/uploads.ts).
 *
 * Settings: BENCH_ONLY (forms, browser, matching, uploads; comma-separated; all by default), BENCH_DURATION (s per round, default 5), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS
 * (default 16), BENCH_WARMUP (s, default 2), BENCH_LOGIN_CONNECTIONS (default 4),
 * BENCH_PROFILE_CONNECTIONS (default 8), BENCH_UPLOAD_CONNECTIONS (default 8).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startServer } from '../e2e/harness.js';
import { measureProfilePage, type KeystrokeFigures, type LoadFigures } from './browser.js';
import { measureMatching } from './matching.js';
import { measureUploads } from './uploads.js';
import { CONNECTIONS, DURATION, json, measure, medianRound, printTable, ROUNDS, WARMUP, type RequestShape, type Result } from './measure.js';

const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 4);
const PROFILE_CONNECTIONS = Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 8);
const TARGET_RATIO = 0.6;
/** BENCH_ONLY=matching (or forms, browser, uploads; comma-separated) runs a part; all by default. */
const ALL_PARTS = 'forms,browser,matching,uploads';
const PARTS = new Set((process.env.BENCH_ONLY ?? ALL_PARTS).split(','));


/** A bare Fastify server, in its own process, answering the exact bytes our endpoint answers. */
async function startBareTwin(body: Buffer, contentType: string): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-twin-'));
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const twin = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench', 'bare-twin.ts'), bodyFile, contentType, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    twin.stdout!.once('data', () => resolve());
    twin.once('exit', (code) => reject(new Error(`bare twin exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: twin.pid!,
    close: async () => {
      const exited = new Promise((resolve) => twin.once('exit', resolve));
      twin.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function compare(name: string, url: string, serverPid: number, results: Result[]): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const bare = await startBareTwin(body, response.headers.get('content-type') ?? 'application/json');
  try {
    await measure('warm-up', url, serverPid, WARMUP);
    await measure('warm-up', bare.url, bare.pid, WARMUP);
    const oursRounds: Result[] = [];
    const twinRounds: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      oursRounds.push(await measure(name, url, serverPid));
      twinRounds.push(await measure(`${name} (bare Fastify, same ${body.length} bytes)`, bare.url, bare.pid));
    }
    const ours = medianRound(oursRounds);
    const twin = medianRound(twinRounds);
    ours.ratio_to_bare = Math.round((ours.rps / twin.rps) * 100) / 100;
    results.push(ours, twin);
  } finally {
    await bare.close();
  }
}


/**
 * Logins per second and their latency. Each one verifies an argon2id hash (19 MiB, t=2): memory-
 * hard on purpose, so this is CPU-bound and far from a cached endpoint's figures; there is no bare
 * twin to compare with. Fewer connections than the JSON endpoints: more would only queue.
 */
async function measureLogin(baseUrl: string, serverPid: number, results: Result[]): Promise<void> {
  const shape: RequestShape = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026', loginType: 'register_user' }),
    connections: LOGIN_CONNECTIONS,
  };
  const url = `${baseUrl}/api/v1/users/auth/login`;
  await measure('warm-up', url, serverPid, WARMUP, shape);
  const rounds: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await measure(`POST /api/v1/users/auth/login (${LOGIN_CONNECTIONS} connections)`, url, serverPid, DURATION, shape));
  results.push(medianRound(rounds));
}


function dobYearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/**
 * Saving the Basic tab (PUT register-applicants/{id}): DTO checks, the merge with the stored
 * answers, validation against the compiled form, and the write. Each connection is its own
 * applicant, as in real use (one person saves their own profile).
 */
async function measureProfileSave(baseUrl: string, serverPid: number, results: Result[]): Promise<void> {
  const fields: { id: number; key: string; options: Record<string, string> }[] = (await json(`${baseUrl}/api/v1/register-applicants/form-fields`)).data;
  const id = (key: string) => fields.find((field) => field.key === key)!.id;
  const first = (key: string) => Object.keys(fields.find((field) => field.key === key)!.options)[0];
  const basic = { citizenship: first('citizenship'), ethnicity: first('ethnicity'), country: 'us', gender: '2', zipCode: '10001' };
  const applicants: { id: string; token: string }[] = [];
  for (let i = 0; i < PROFILE_CONNECTIONS; i++) {
    const { data } = await json(`${baseUrl}/api/v1/register-applicants`, {
      method: 'POST',
      body: { firstName: 'Bench', lastName: `Applicant ${i}`, email: `bench.${Date.now()}.${i}@example.com`, phone: '+12025550143', password: 'bench passphrase' },
    });
    applicants.push({ id: data.user.id, token: data.accessToken });
  }
  const body = JSON.stringify({
    formKey: 'profile-basic',
    firstName: 'Bench',
    lastName: 'Applicant',
    dob: dobYearsAgo(18),
    applicantFields: Object.entries(basic).map(([key, fieldValue]) => ({ fieldId: id(key), fieldValue })),
  });
  let next = 0;
  const shape: RequestShape = {
    method: 'PUT',
    body,
    headers: { 'content-type': 'application/json' },
    connections: PROFILE_CONNECTIONS,
    setupClient: (client) => {
      const applicant = applicants[next++ % applicants.length];
      // setRequests (not setRequest, which changes only the next request) keeps this for every request of the connection.
      client.setRequests([
        {
          method: 'PUT',
          path: `/api/v1/register-applicants/${applicant.id}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${applicant.token}` },
          body,
        },
      ]);
    },
  };
  const url = `${baseUrl}/api/v1/register-applicants/${applicants[0].id}`;
  await measure('warm-up', url, serverPid, WARMUP, shape);
  const rounds: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(await measure(`PUT /api/v1/register-applicants/{id} (${PROFILE_CONNECTIONS} applicants)`, url, serverPid, DURATION, shape));
  }
  results.push(medianRound(rounds));
}

// The server logs every request at 'info', as in production; its output goes to a file so that
// this process (the load generator) does not spend time reading it. The demo student logs in; the
// per-IP limit on login is lifted (every request comes from 127.0.0.1).
const logFile = path.join(os.tmpdir(), `scholarmatch-bench-${process.pid}.log`);
const results: Result[] = [];
let browserFigures: { keystrokes: KeystrokeFigures[]; loads: LoadFigures[] } | undefined;
process.stdout.write(`bench: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per side (median shown), ${os.cpus().length} cores\n`);
if (PARTS.has('forms')) {
  const server = await startServer({
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    logFile,
    env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  try {
    await compare('GET /api/v1/register-applicants/form-fields', `${server.baseUrl}/api/v1/register-applicants/form-fields`, server.pid, results);
    await compare('GET /api/v1/forms/profile-basic', `${server.baseUrl}/api/v1/forms/profile-basic`, server.pid, results);
    await measureLogin(server.baseUrl, server.pid, results);
    await measureProfileSave(server.baseUrl, server.pid, results);
    if (PARTS.has('browser')) browserFigures = await measureProfilePage(server.baseUrl);
  } finally {
    await server.stop();
  }
}
if (PARTS.has('matching')) await measureMatching(results, (line) => process.stdout.write(`${line}\n`));
if (PARTS.has('uploads')) await measureUploads(results, (line) => process.stdout.write(`${line}\n`));
printTable(results);
const outDir = path.join(REPO_ROOT, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
// A partial run (BENCH_ONLY) replaces only its own rows of the kept results.
const kept = PARTS.size === ALL_PARTS.split(',').length ? [] : (JSON.parse(readFileSync(path.join(outDir, 'latest.json'), 'utf8')) as Result[]).filter((old) => !results.some((r) => r.name === old.name));
writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify([...kept, ...results], null, 2)}\n`);
if (browserFigures) {
  process.stdout.write('\nbrowser (headless Chromium):\n');
  for (const k of browserFigures.keystrokes) {
    process.stdout.write(`  ${k.name}: ${k.keystrokes} keystrokes, median ${k.median_ms} ms, p95 ${k.p95_ms} ms, events >= 16 ms: ${k.slow_events_16ms}\n`);
  }
  for (const l of browserFigures.loads) process.stdout.write(`  ${l.name}: median ${l.median_ms} ms, max ${l.max_ms} ms over ${l.runs} runs\n`);
  writeFileSync(path.join(outDir, 'latest-browser.json'), `${JSON.stringify(browserFigures, null, 2)}\n`);
}
const misses = results.filter((r) => r.ratio_to_bare !== undefined && r.ratio_to_bare < TARGET_RATIO);
process.stdout.write(
  misses.length
    ? `below the target ratio ${TARGET_RATIO}: ${misses.map((r) => r.name).join(', ')}\n`
    : `every endpoint reaches at least ${TARGET_RATIO} of the bare server's requests per second\n`,
);
