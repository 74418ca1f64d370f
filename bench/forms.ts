/**
 * Part `forms` of `npm run bench`: the form endpoints side by side with a bare Fastify server
 * answering the same bytes (the ceiling on this machine), then logins, profile reads and profile
 * saves, on the bench server (bench/bench-server.ts).
 *
 * The form endpoint and its twin run alternately for ROUNDS rounds and each side reports its
 * median round, so a passing disturbance on this small machine does not decide the ratio.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT } from '@scholarmatch/testkit';
import type { BenchServer } from './bench-server.js';
import { CONNECTIONS, measure, medianRound, ROUNDS, scenario, WARMUP, type RequestShape, type Result } from './measure.js';
import { BENCH_PASSWORD } from './scale-data.js';

const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 4);
const PROFILE_CONNECTIONS = Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 8);
export const FORM_FIELDS = 'GET /api/v1/register-applicants/form-fields';
export const FORM_SCHEMA = 'GET /api/v1/forms/profile-basic';
export const PROFILE_SAVE = `PUT /api/v1/register-applicants/{id} (${PROFILE_CONNECTIONS} applicants)`;

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
    const warmUp = await measure('warm-up', url, serverPid, WARMUP);
    await measure('warm-up', bare.url, bare.pid, WARMUP);
    const oursRounds: Result[] = [];
    const twinRounds: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      oursRounds.push(await measure(name, url, serverPid));
      twinRounds.push(await measure(`${name} (bare Fastify, same bytes)`, bare.url, bare.pid));
    }
    const ours = medianRound(oursRounds);
    const twin = medianRound(twinRounds);
    ours.errors += warmUp.errors;
    ours.ratio_to_bare = Math.round((ours.rps / twin.rps) * 100) / 100;
    ours.body_bytes = body.length;
    twin.body_bytes = body.length;
    results.push(ours, twin);
  } finally {
    await bare.close();
  }
}

/**
 * Logins per second and their latency, each request another bench applicant. Each login verifies
 * an argon2id hash (19 MiB, t=2): memory-hard on purpose, so this is CPU-bound and far from a
 * cached endpoint's figures; there is no bare twin to compare with. Fewer connections than the
 * JSON endpoints: more would only queue.
 */
async function measureLogin(bench: BenchServer, results: Result[]): Promise<void> {
  let next = 0;
  const shape: RequestShape = {
    connections: LOGIN_CONNECTIONS,
    setupClient: (client) =>
      client.setRequests([
        {
          method: 'POST',
          path: '/api/v1/users/auth/login',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ userName: bench.applicants[next++ % bench.applicants.length].email, password: BENCH_PASSWORD, loginType: 'register_user' }),
          }),
        },
      ]),
  };
  await scenario(`POST /api/v1/users/auth/login (${LOGIN_CONNECTIONS} connections)`, `${bench.baseUrl}/api/v1/users/auth/login`, bench.pid, shape, results);
}

export async function measureForms(bench: BenchServer, results: Result[]): Promise<void> {
  await bench.freshTokens();
  await compare(FORM_FIELDS, `${bench.baseUrl}/api/v1/register-applicants/form-fields`, bench.pid, results);
  await compare(FORM_SCHEMA, `${bench.baseUrl}/api/v1/forms/profile-basic`, bench.pid, results);
  await measureLogin(bench, results);
  // The profile page's read: the applicant with every answer (GET register-applicants/profile).
  await scenario(
    'GET /api/v1/register-applicants/profile',
    `${bench.baseUrl}/api/v1/health`,
    bench.pid,
    bench.perApplicant(() => [{ path: '/api/v1/register-applicants/profile' }], CONNECTIONS),
    results,
  );
  // Saving the Basic tab (PUT register-applicants/{id}): DTO checks, the merge with the stored
  // answers, validation against the compiled form, and the write. Each connection is its own
  // applicant, as in real use (one person saves their own profile).
  await scenario(
    PROFILE_SAVE,
    `${bench.baseUrl}/api/v1/health`,
    bench.pid,
    bench.perApplicant((applicant) => [{ method: 'PUT', path: `/api/v1/register-applicants/${applicant.id}`, body: applicant.basicSave }], PROFILE_CONNECTIONS),
    results,
  );
}
