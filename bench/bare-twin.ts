/**
 * A bare Fastify server answering one fixed body: the ceiling our endpoints are compared with.
 * Runs in its own process, like the real server, so it shares no event loop with the load tool.
 * Usage: bare-twin.ts <body file> <content type> <port>
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [bodyFile, contentType, port] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/', (_request, reply) => {
  reply.type(contentType).send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
