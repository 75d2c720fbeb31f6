/**
 * The framework floor: a minimal Fastify app (Fastify alone, the project's own Fastify version, its
 * defaults: no logger, no schemas, no plugins) doing only what a route's answer needs, in its own
 * process as the API server is. What our own per-request work costs is the route's rate against
 * this one's, measured beside it in the same run by bench/run.ts.
 *
 *   FLOOR_QUERY  fixed             GET: the authentication check's fixed JSON answer, no database
 *                latest            GET: the SELECT of GET /customers/{id}/applications/latest/
 *                create-customer   POST: the INSERT of POST /customers/ (Fastify's JSON body parser)
 *   DATABASE_URL a fresh PostgreSQL database, or DATA_DIR a fresh PGlite directory (not for fixed)
 */
import Fastify from 'fastify';
import { floorQueryFromEnv, openFloorStore, type FloorStore } from './floor-store.ts';

const QUERY = floorQueryFromEnv(['fixed', 'latest', 'create-customer']);
const store: FloorStore | null = QUERY === 'fixed' ? null : await openFloorStore();

/** Shaped like the authentication check's answer (and bench/bare-server.ts's body). */
const FIXED = {
  version: 'v2.2',
  data: { api_version: '2.2.0', environment: 'sandbox', partner_id: '00000000-0000-4000-8000-000000000000' },
};

const app = Fastify();
if (QUERY === 'fixed') app.get('/', async () => FIXED);
if (store && QUERY === 'latest') app.get('/', async () => ({ data: await store.latest() }));
if (store && QUERY === 'create-customer') {
  app.post('/', async (request, reply) => {
    const { data } = request.body as { data: Record<string, unknown> };
    return reply.code(201).send({ data: { customer_id: await store.createCustomer(data) } });
  });
}

const stop = () => {
  void app
    .close()
    .then(() => store?.close())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.stdout.write(`minimal Fastify floor (${QUERY}) listening\n`);
