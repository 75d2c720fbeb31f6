/**
 * Health (docs/behaviour.md, sections 25 and 31): liveness, readiness with what is down (Redis not
 * answering is only degraded: still 200), readiness down during a graceful shutdown, PostgreSQL
 * going away and coming back, and a worker serving the two routes and nothing else.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { hashToken } from '../../src/services/tokens.ts';
import { migrationFiles } from '../../src/store/migrate.ts';
import { openPostgres } from '../../src/store/postgres-db.ts';
import { ADMIN_TOKEN, BASE, useTestApp } from '../helpers/app.ts';
import { CHILD_ADMIN_TOKEN, freePort, startChildServer, type ChildServer } from '../helpers/child-server.ts';
import { BACKENDS, describeOnPostgres, useTestDb, writePristineDataDir } from '../helpers/db.ts';
import { useResource } from '../helpers/hooks.ts';
import { eventually } from '../helpers/receiver.ts';
import { TcpProxy } from '../helpers/tcp-proxy.ts';

async function ready(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/health/ready' });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

for (const backend of BACKENDS) {
  describe(`health on ${backend}`, () => {
    const t = useTestApp(backend);

    it('live answers 200 with no token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/health/live' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'up' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('ready answers 200 with every check up, with no token', async () => {
      expect(await ready(t.app)).toMatchObject({ status: 200, body: { status: 'up', checks: { serving: 'up', database: 'up', migrations: 'up' } } });
    });

    it('ready answers 503 naming migrations while the newest migration is not applied', async () => {
      const latest = (await migrationFiles()).at(-1) as string;
      const { rows } = await t.testDb.db.query<{ applied_at: string }>('DELETE FROM schema_migrations WHERE name = $1 RETURNING applied_at::text', [latest]);
      try {
        expect(await ready(t.app)).toMatchObject({ status: 503, body: { status: 'down', checks: { database: 'up', migrations: 'down' } } });
      } finally {
        await t.testDb.db.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2::timestamptz)', [latest, rows[0].applied_at]);
      }
      expect((await ready(t.app)).status).toBe(200);
    });

    it('a partner token or a wrong method changes nothing: the routes are not the API', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/health/ready' });
      expect(res.statusCode).toBe(405);
      const other = await t.app.inject({ method: 'GET', url: '/health/other' });
      expect(other.statusCode).toBe(404);
    });

    it('shutting down turns readiness to 503 while liveness and the API still answer', async () => {
      const app = await buildApp({ config: t.config, db: t.testDb.db, adminTokenHash: hashToken(ADMIN_TOKEN) });
      try {
        app.serving.stop();
        expect(await ready(app)).toMatchObject({ status: 503, body: { status: 'down', checks: { serving: 'down', database: 'up' } } });
        expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: `${BASE}/openapi.json` })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  });
}

describe.each(BACKENDS)('readiness with Redis on %s', (backend) => {
  const testDb = useTestDb(backend);

  async function readyWith(redisUrl: string) {
    const config = loadConfig({ LOG_LEVEL: 'silent', ADMIN_TOKEN, REDIS_URL: redisUrl });
    const app = await buildApp({ config, db: testDb.db, adminTokenHash: null });
    try {
      return await ready(app);
    } finally {
      await app.close();
    }
  }

  it.skipIf(!process.env.TEST_REDIS_URL)('names Redis when configured: up when it answers', { timeout: 60_000 }, async () => {
    // A fresh app's first probe may come before its Redis connection is made, or, on a loaded
    // machine, find a command slower than the limiter's 250 ms: that probe is rightly "down". A
    // load balancer probes again; so does the test, until Redis answers (or the deadline).
    const config = loadConfig({ LOG_LEVEL: 'silent', ADMIN_TOKEN, REDIS_URL: process.env.TEST_REDIS_URL as string });
    const app = await buildApp({ config, db: testDb.db, adminTokenHash: null });
    try {
      const deadline = Date.now() + 20_000;
      let answer = await ready(app);
      while (answer.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await ready(app);
      }
      expect(answer).toMatchObject({ status: 200, body: { checks: { redis: 'up' } } });
    } finally {
      await app.close();
    }
  });

  it('200 with Redis degraded when it does not answer: only the database takes a node out of rotation', { timeout: 60_000 }, async () => {
    // An unused port: nothing listens there, so every PING fails.
    const port = await freePort();
    const answer = await readyWith(`redis://127.0.0.1:${port}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'up', checks: { serving: 'up', database: 'up', migrations: 'up', redis: 'degraded' } });
  });
});

describeOnPostgres('readiness while PostgreSQL goes away and comes back', (connectionString) => {
  const testDb = useTestDb('postgres');
  const proxy = useResource(
    'the proxy',
    () => {
      const url = new URL(connectionString);
      return TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    },
    (p) => p.down(),
  );

  it(
    '503 naming the database while it is unreachable, 200 again once it is back, with no restart; Redis down too changes neither',
    { timeout: 60_000 },
    async () => {
      const url = new URL(connectionString);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const db = openPostgres({ connectionString: url.toString(), schema: testDb.schema, max: 2 });
      // Redis on an unused port: degraded throughout, and never the reason for a 503.
      const config = loadConfig({ LOG_LEVEL: 'silent', ADMIN_TOKEN, REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
      const app = await buildApp({ config, db, adminTokenHash: hashToken(ADMIN_TOKEN) });
      try {
        expect((await ready(app)).status).toBe(200);

        await proxy.down();
        const started = Date.now();
        const down = await ready(app);
        expect(down).toMatchObject({
          status: 503,
          body: { status: 'down', checks: { serving: 'up', database: 'down', migrations: 'down', redis: 'degraded' } },
        });
        // Within the probe's timeout, however the connection failed.
        expect(Date.now() - started).toBeLessThan(5000);
        expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);

        await proxy.up();
        await eventually(async () => (await ready(app)).status === 200, 20_000, 'readiness back to 200');
        expect(await ready(app)).toMatchObject({ body: { status: 'up', checks: { database: 'up', migrations: 'up', redis: 'degraded' } } });
      } finally {
        await app.close();
        await db.close();
      }
    },
  );
});

describe('health of the real processes', () => {
  const children: ChildServer[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const child of children) child.kill();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('on SIGTERM readiness answers 503 for SHUTDOWN_DELAY_MS while requests are still served, then the process stops', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lending-health-'));
    dirs.push(dir);
    await writePristineDataDir(dir);
    const server = await startChildServer({ DATA_DIR: dir, ROLE: 'api', SHUTDOWN_DELAY_MS: '3000' });
    children.push(server);
    expect((await fetch(`${server.base}/health/ready`)).status).toBe(200);

    server.kill('SIGTERM');
    await eventually(async () => (await fetch(`${server.base}/health/ready`)).status === 503, 2000, 'readiness 503');
    const res = await fetch(`${server.base}/health/ready`);
    expect(await res.json()).toMatchObject({ status: 'down', checks: { serving: 'down' } });
    // Still serving during the delay: liveness and the API answer.
    expect((await fetch(`${server.base}/health/live`)).status).toBe(200);
    const partner = await fetch(`${server.base}/admin/v1/partners`, {
      method: 'POST',
      headers: { authorization: `Bearer ${CHILD_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Draining' }),
    });
    expect(partner.status).toBe(201);

    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.base}/health/live`)).rejects.toThrow();
  });

  it('a worker serves the two health routes on PORT and nothing else', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lending-health-worker-'));
    dirs.push(dir);
    await writePristineDataDir(dir);
    const worker = await startChildServer({ DATA_DIR: dir, ROLE: 'worker', LOG_LEVEL: 'info' }, /worker started/);
    children.push(worker);
    expect(await (await fetch(`${worker.base}/health/live`)).json()).toEqual({ status: 'up' });
    const readiness = await fetch(`${worker.base}/health/ready`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual({ status: 'up', checks: { serving: 'up', database: 'up', migrations: 'up' } });
    const api = await fetch(`${worker.base}${BASE}/authentication_check/`);
    expect(api.status).toBe(404);
    expect((await api.json()).errors[0].code).toBe('NotFound');
    worker.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});
