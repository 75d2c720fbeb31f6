/**
 * The floor of a database route: a bare `node:http` process that runs exactly that route's one
 * query per request and nothing else (no routing, authentication, validation or logging), on the
 * fastest driver here: postgres.js (prepared, pipelined) for PostgreSQL, PGlite itself for the
 * embedded database. Run as its own process by bench/run.ts, as the API server is.
 *
 *   FLOOR_QUERY  latest            GET: the SELECT of GET /customers/{id}/applications/latest/
 *                create-customer   POST: the INSERT of POST /customers/ (jsonb company and people)
 *   DATABASE_URL a fresh PostgreSQL database, or DATA_DIR a fresh PGlite directory
 *
 * It migrates and seeds its database with the project's own migrations and repositories first (one
 * partner, one customer with an application), then answers on PORT/HOST.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import postgres from 'postgres';
import { openDatabase } from '../src/store/open.ts';
import { insertApplication } from '../src/store/applications-store.ts';
import { insertCustomer } from '../src/store/customers-store.ts';
import { insertPartner } from '../src/store/partners-store.ts';
import { openPglite } from '../src/store/pglite-db.ts';
import type { Tenant } from '../src/domain/tenant.ts';

const QUERY = process.env.FLOOR_QUERY;
if (QUERY !== 'latest' && QUERY !== 'create-customer') throw new Error('FLOOR_QUERY must be latest or create-customer');
const DATABASE_URL = process.env.DATABASE_URL || null;
const DATA_DIR = process.env.DATA_DIR;
if (!DATABASE_URL && !DATA_DIR) throw new Error('set DATABASE_URL or DATA_DIR');

const LATEST_SQL = `SELECT * FROM applications
  WHERE customer_id = $1 AND partner_id = $2 AND environment = $3
  ORDER BY created_at DESC, id DESC LIMIT 1`;
const INSERT_SQL = `INSERT INTO customers (id, partner_id, environment, external_customer_id, correlation_id, company, people, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`;

// ---- migrate and seed with the project's own code, then close ----
const tenant: Tenant = { partnerId: randomUUID(), environment: 'sandbox' };
const customerId = randomUUID();
{
  const { db } = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR ?? '' });
  await insertPartner(db, tenant.partnerId, 'Floor partner');
  const company = { name: 'Floor Ltd', registration_number: '01234567' } as unknown as Parameters<typeof insertCustomer>[3]['company'];
  await insertCustomer(db, tenant, customerId, { externalCustomerId: null, correlationId: null, company, people: [] });
  await insertApplication(db, tenant, {
    id: randomUUID(),
    customerId,
    amountPence: 2_500_000,
    requests: [],
    introducerId: null,
    entityToContact: 'customer',
    isTopup: false,
    now: new Date(),
  });
  await db.close();
}

// ---- the one query, on the fastest driver ----
type Run = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
let run: Run;
let close: () => Promise<void>;
if (DATABASE_URL) {
  // The same pool size as the API server's (src/store/open.ts).
  const sql = postgres(DATABASE_URL, { max: 20, prepare: true, onnotice: () => {} });
  run = async (text, params) => [...(await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }))];
  close = () => sql.end({ timeout: 5 });
} else {
  const pglite = await openPglite(DATA_DIR);
  run = async (text, params) => (await pglite.pglite.query<Record<string, unknown>>(text, params)).rows;
  close = () => pglite.close();
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (QUERY === 'latest') {
    request.resume();
    const rows = await run(LATEST_SQL, [customerId, tenant.partnerId, tenant.environment]);
    return answer(response, 200, { data: rows[0] ?? null });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: Record<string, unknown> };
  const d = body.data;
  const now = new Date();
  const rows = await run(INSERT_SQL, [
    randomUUID(),
    tenant.partnerId,
    tenant.environment,
    d.external_customer_id ?? null,
    d.correlation_id ?? null,
    // Each driver serialises a jsonb parameter itself.
    d.company,
    d.people,
    now,
  ]);
  answer(response, 201, { data: { customer_id: rows[0].id } });
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => answer(response, 500, { error: String(error) }));
});
server.keepAliveTimeout = 72_000;

const stop = () => {
  server.close(() => void close().finally(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  process.stdout.write(`floor server (${QUERY}) listening\n`);
});
