/**
 * Tracing off costs nothing (docs/behaviour.md, section 25): the real server (`src/main.ts`, every
 * role in one process) started without OTEL_EXPORTER_OTLP_ENDPOINT answers requests without a
 * single OpenTelemetry module loaded, and adds no tracing hook. The same server with the variable
 * set loads the SDK and sends its spans over OTLP to a collector on loopback, so the check can fail.
 * The servers keep their data in a fresh PostgreSQL database when TEST_DATABASE_URL is set (a
 * quicker start), else in an embedded data directory.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/store/postgres-db.ts';
import { BASE, useTestApp } from '../helpers/app.ts';
import { CHILD_ADMIN_TOKEN, startChildServer, type ChildServer } from '../helpers/child-server.ts';
import { useReceiver } from '../helpers/receiver.ts';

const RECORDER = fileURLToPath(new URL('../fixtures/record-modules.ts', import.meta.url));
const TRACING_MODULES = /\/node_modules\/(@opentelemetry|@fastify\/otel)\//;
/** The Prometheus client (section 25's metrics) loads the no-op OpenTelemetry API itself, for its exemplars. */
const PROMETHEUS_CLIENT = /\/node_modules\/@prometheus-io\/client\//;
const OTEL_API = /\/node_modules\/@opentelemetry\/api\//;

interface Loaded {
  url: string;
  parent: string;
}

describe('tracing off', () => {
  const t = useTestApp('pglite');

  it('adds no tracing plugin, decorator or hook to the app', () => {
    expect(t.app.hasPlugin('@fastify/otel')).toBe(false);
    expect(t.app.hasRequestDecorator('opentelemetry')).toBe(false);
    expect(t.app.printPlugins()).not.toContain('otel');
  });
});

/**
 * Where the child servers keep their data: a fresh PostgreSQL database beside TEST_DATABASE_URL's
 * when it is set (quick to start), else an embedded data directory under `dir`.
 */
async function freshStore(dir: string, cleanups: (() => Promise<void>)[]): Promise<Record<string, string>> {
  const connectionString = process.env.TEST_DATABASE_URL;
  if (!connectionString) return { DATA_DIR: join(dir, 'data') };
  const name = `tracing_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres({ connectionString, max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  cleanups.push(async () => {
    const dropper = openPostgres({ connectionString, max: 1 });
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.close();
  });
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

describe('tracing off and on in the real server', () => {
  const collector = useReceiver();
  const children: ChildServer[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let dir = '';
  let store: Record<string, string> = {};
  afterAll(async () => {
    for (const child of children) child.kill();
    for (const cleanup of cleanups) await cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A sandbox token of a new partner, made through the child's admin API. */
  async function sandboxToken(base: string): Promise<string> {
    const admin = { authorization: `Bearer ${CHILD_ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const partner = await fetch(`${base}/admin/v1/partners`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Tracing' }) });
    expect(partner.status).toBe(201);
    const partnerId = ((await partner.json()) as { data: { partner_id: string } }).data.partner_id;
    const token = await fetch(`${base}/admin/v1/partners/${partnerId}/tokens`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ environment: 'sandbox' }),
    });
    expect(token.status).toBe(201);
    return ((await token.json()) as { data: { token: string } }).data.token;
  }

  /** Starts the server, makes one authenticated request, stops it with SIGTERM; answers the modules it loaded. */
  async function serveOnce(env: Record<string, string>, token: string | null): Promise<{ modules: Loaded[]; token: string }> {
    const file = join(dir, `modules-${children.length}.txt`);
    const child = await startChildServer({ ROLE: 'api', ...store, NODE_OPTIONS: `--import ${RECORDER}`, LOADED_MODULES_FILE: file, ...env });
    children.push(child);
    const used = token ?? (await sandboxToken(child.base));
    const res = await fetch(`${child.base}${BASE}/authentication_check/`, { headers: { authorization: `Bearer ${used}`, 'x-request-id': 'cost-probe' } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    const lines = (await readFile(file, 'utf8')).split('\n');
    const modules = lines.map((line) => ({ url: line.split(' ')[0], parent: line.split(' ')[1] ?? '' }));
    return { modules, token: used };
  }

  it('loads no OpenTelemetry module without OTEL_EXPORTER_OTLP_ENDPOINT, and the SDK with it', { timeout: 150_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'lending-tracing-'));
    store = await freshStore(dir, cleanups);
    const off = await serveOnce({}, null);
    // The recorder saw the server's own modules and its framework…
    expect(off.modules.some(({ url }) => url.endsWith('/src/app.ts'))).toBe(true);
    expect(off.modules.some(({ url }) => url.includes('/node_modules/fastify/'))).toBe(true);
    // …and nothing of OpenTelemetry's SDK or instrumentations, not even the module that sets them
    // up: only the API (a facade whose every call is a no-op until an SDK registers), which the
    // Prometheus client loads for itself.
    const otel = off.modules.filter(({ url }) => TRACING_MODULES.test(url));
    expect(otel.filter(({ url, parent }) => !OTEL_API.test(url) || !(PROMETHEUS_CLIENT.test(parent) || OTEL_API.test(parent)))).toEqual([]);
    expect(off.modules.some(({ url }) => url.endsWith('/src/observability/otel-tracing.ts'))).toBe(false);
    expect(collector.received).toEqual([]);

    const on = await serveOnce({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}` }, off.token);
    expect(on.modules.some(({ url }) => url.includes('/node_modules/@opentelemetry/sdk-trace/'))).toBe(true);
    expect(on.modules.some(({ url }) => url.includes('/node_modules/@fastify/otel/'))).toBe(true);
    // The spans waiting at SIGTERM were sent before the process ended: OTLP over HTTP, protobuf.
    const exports = collector.received.filter((r) => r.method === 'POST' && r.path === '/v1/traces');
    expect(exports.length).toBeGreaterThan(0);
    expect(exports[0].headers['content-type']).toBe('application/x-protobuf');
    const sent = exports.map((r) => r.rawBody).join('');
    expect(sent).toContain(`GET ${BASE}/authentication_check/`);
    expect(sent).toContain('cost-probe');
    expect(sent).toContain('lending-partner-api');
  });
});
