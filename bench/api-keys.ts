/**
 * Part `keys` of `npm run bench` (docs/api.md, "API keys"): one small provider read (a
 * scholarship's review settings: authentication is most of its cost) with a session's access
 * token and with an API key, in the same run, so their server CPU per request compares (the target:
 * within 10 %). The key is revoked afterwards.
 */
import type { BenchServer } from './bench-server.js';
import { json, type Result, scenario } from './measure.js';
import { BENCH_DOMAIN, BENCH_PASSWORD } from './scale-data.js';

export const WITH_SESSION = "GET scholarships/{id}/review-settings with a session's access token";
export const WITH_KEY = 'GET scholarships/{id}/review-settings with an API key (read_own_scholarships)';

export async function measureApiKeys(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<void> {
  const { data } = await json(`${bench.baseUrl}/api/v1/users/auth/login`, {
    method: 'POST',
    body: { userName: `provider0@${BENCH_DOMAIN}`, password: BENCH_PASSWORD, loginType: 'register_user' },
  });
  const token = data.accessToken as string;
  const created = await json(`${bench.baseUrl}/api/v1/providers/api-keys`, { method: 'POST', token, body: { name: 'Bench', scopes: ['read_own_scholarships'] } });
  const key = created.data as { id: string; secret: string };
  const [{ id }] = (
    await bench.sql.query(`SELECT s.id FROM scholarships s JOIN users u ON u.id = s.provider_id WHERE u.email = $1 ORDER BY s.id LIMIT 1`, [`provider0@${BENCH_DOMAIN}`])
  ).rows as { id: string }[];
  const url = `${bench.baseUrl}/api/v1/scholarships/${id}/review-settings`;
  try {
    const session = await scenario(WITH_SESSION, url, bench.pid, { headers: { authorization: `Bearer ${token}` } }, results);
    const keyed = await scenario(WITH_KEY, url, bench.pid, { headers: { authorization: `Bearer ${key.secret}` } }, results);
    log(`keys: server CPU per 1k requests ${session.server_cpu_ms_per_1k} ms with a session, ${keyed.server_cpu_ms_per_1k} ms with a key`);
  } finally {
    await fetch(`${bench.baseUrl}/api/v1/providers/api-keys/${key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }
}
