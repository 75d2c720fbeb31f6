/**
 * The floor of a database route: a bare `node:http` process that runs exactly that route's one
 * query per request and nothing else (no routing, authentication, validation or logging), on the
 * fastest driver here (bench/floor-store.ts). Run as its own process by bench/run.ts, as the API
 * server is. bench/floor-fastify-server.ts is the same on a minimal Fastify app.
 *
 *   FLOOR_QUERY  latest            GET: the SELECT of GET /customers/{id}/applications/latest/
 *                create-customer   POST: the INSERT of POST /customers/ (jsonb company and people)
 *   DATABASE_URL a fresh PostgreSQL database, or DATA_DIR a fresh PGlite directory
 *
 * It migrates and seeds its database with the project's own migrations and repositories first (one
 * partner, one customer with an application), then answers on PORT/HOST.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { floorQueryFromEnv, openFloorStore } from './floor-store.ts';

const QUERY = floorQueryFromEnv(['latest', 'create-customer']);
const store = await openFloorStore();

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (QUERY === 'latest') {
    request.resume();
    return answer(response, 200, { data: await store.latest() });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: Record<string, unknown> };
  answer(response, 201, { data: { customer_id: await store.createCustomer(body.data) } });
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => answer(response, 500, { error: String(error) }));
});
server.keepAliveTimeout = 72_000;

const stop = () => {
  server.close(() => void store.close().finally(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  process.stdout.write(`floor server (${QUERY}) listening\n`);
});
