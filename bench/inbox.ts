/**
 * Part `inbox` of `npm run bench` (docs/inbox.md): 1,000,000 messages across the
 * 100,000 bench applicants (ten each, made once in SQL and kept), then the inbox list and its
 * search (whole words, parts of words, a sender's address, a word nobody wrote) with each
 * autocannon connection a different signed-in applicant, and the navigation bar's unread count.
 */
import type { BenchServer } from './bench-server.js';
import { scenario, type Result } from './measure.js';
import { BENCH_DOMAIN } from './scale-data.js';

export const MESSAGES = 1_000_000;
const PER_APPLICANT = 10;
export const INBOX_SEARCH = 'GET inbox?search= (1,000,000 messages)';

/** The vocabulary of the made-up messages: what providers write about. */
const WORDS = (
  'scholarship application deadline essay interview award winner finalist review committee transcript recommendation ' +
  'letter tuition grant stipend semester college university student engineering medicine nursing biology chemistry ' +
  'physics mathematics history literature music design leadership community volunteer service research project ' +
  'mentor internship portfolio statement résumé reference eligibility citizenship residency financial need merit ' +
  'renewal cycle orientation ceremony announcement congratulations unfortunately thank applying received reviewed ' +
  'shortlisted selected decision notification update reminder extended documents missing complete incomplete ' +
  'monday tuesday wednesday thursday friday weekend morning afternoon campus online virtual zoom schedule confirm'
).split(/\s+/);

const SENDERS = ['Hopper Foundation', 'Lovelace Fund', 'Curie Trust', 'Turing Scholars', 'Franklin Grants', 'Noether Society', 'Carver Institute', 'Johnson Awards'];

/** Makes the messages once (deterministic text from hashes, so runs compare), with their indexes built over them. */
async function ensureMessages(bench: BenchServer, log: (line: string) => void): Promise<void> {
  const { rows } = await bench.sql.query(`SELECT count(*)::int AS n FROM inbox_messages`);
  if (rows[0].n >= MESSAGES) return;
  log(`inbox: making ${MESSAGES.toLocaleString('en-US')} messages (once; kept in the bench database)…`);
  const started = Date.now();
  // Applicants' replies point at their messages: the generated inbox starts without either.
  await bench.sql.query(`TRUNCATE inbox_messages, applicant_replies`);
  const pick = (list: string[], salt: string) => `(ARRAY[${list.map((w) => `'${w}'`).join(',')}])[1 + abs(hashtext(u.id::text || g::text || ${salt})) % ${list.length}]`;
  const sentence = (words: number, salt: string) =>
    `(SELECT string_agg(${pick(WORDS, `'${salt}' || k::text`)}, ' ') FROM generate_series(1, ${words}) k)`;
  await bench.sql.query(`
    INSERT INTO inbox_messages (user_id, kind, from_name, from_email, subject, body_html, body_text, sent_at, read_at, emailed_at)
    SELECT u.id, 'provider', m.sender, lower(replace(m.sender, ' ', '.')) || '@example.org', m.subject,
           '<p>' || m.body || '</p>', m.body,
           now() - (g || ' days')::interval, CASE WHEN g > 3 THEN now() END, now()
      FROM (SELECT id FROM users WHERE email LIKE '%@${BENCH_DOMAIN}' AND role = 'applicant' ORDER BY id LIMIT ${MESSAGES / PER_APPLICANT}) u
     CROSS JOIN generate_series(1, ${PER_APPLICANT}) g
     CROSS JOIN LATERAL (SELECT ${pick(SENDERS, "'s'")} AS sender, ${sentence(6, 'subject')} AS subject, ${sentence(28, 'body')} AS body) m`);
  await bench.sql.query(`VACUUM ANALYZE inbox_messages`);
  log(`inbox: made in ${Math.round((Date.now() - started) / 1000)} s`);
}

export async function measureInbox(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<void> {
  await ensureMessages(bench, log);
  await bench.freshTokens();
  const health = `${bench.baseUrl}/api/v1/health`;
  const searches = ['interview', 'schol', 'deadline extended', 'hopper.foundation@example', 'Curie', 'xylophone'];
  const inbox = (search: string) => ({ path: `/api/v1/inbox?search=${encodeURIComponent(search)}&limit=50` });
  await scenario(INBOX_SEARCH, health, bench.pid, bench.perApplicant((_a, i) => searches.map((_, j) => inbox(searches[(i + j) % searches.length]))), results);
  await scenario('GET inbox (first page, 1,000,000 messages)', health, bench.pid, bench.perApplicant(() => [{ path: '/api/v1/inbox?limit=50' }]), results);
  await scenario('GET inbox/unread-count', health, bench.pid, bench.perApplicant(() => [{ path: '/api/v1/inbox/unread-count' }]), results);
}
