/**
 * Part `chat` of `npm run bench` (docs/chat.md): one turn of a sign-up chat, as a
 * person answering the assistant takes it. Each connection holds a chat of its own (opened
 * first, with its token) and answers its questions again and again (last name, e-mail, phone:
 * read, judged by the served form's rule, the e-mail checked for an account, the session saved).
 */
import type { BenchServer } from './bench-server.js';
import { CONNECTIONS, scenario, type RequestShape, type Result } from './measure.js';

export const CHAT_TURN = 'POST signup/chats (one turn of an open chat)';

interface OpenChat {
  id: string;
  token: string;
}

async function openChat(baseUrl: string, index: number): Promise<OpenChat> {
  const response = await fetch(`${baseUrl}/api/v1/signup/chats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer_key: 'firstName', answer: `Bench${index}` }),
  });
  if (response.status !== 201) throw new Error(`opening a chat answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { _id: string; chatToken: string } };
  return { id: data._id, token: data.chatToken };
}

export async function measureChat(bench: BenchServer, results: Result[]): Promise<void> {
  const chats = await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => openChat(bench.baseUrl, index)));
  let next = 0;
  const shape: RequestShape = {
    connections: CONNECTIONS,
    setupClient: (client) => {
      const index = next++ % CONNECTIONS;
      const chat = chats[index];
      const turn = (answer_key: string, answer: string) => ({
        method: 'POST',
        path: `/api/v1/signup/chats?id=${chat.id}`,
        headers: { 'content-type': 'application/json', 'x-chat-token': chat.token },
        body: JSON.stringify({ question_id: `signup.${answer_key}`, answer_key, answer }),
      });
      client.setRequests([
        turn('lastName', `Turner${index}`),
        turn('email', `chat.bench.${index}@example.org`),
        turn('phone', `1202555${String(index).padStart(4, '0')}`),
      ]);
    },
  };
  await scenario(CHAT_TURN, `${bench.baseUrl}/api/v1/health`, bench.pid, shape, results);
  await bench.sql.query(`DELETE FROM chat_sessions WHERE id = ANY($1)`, [chats.map((chat) => chat.id)]);
}
