/**
 * Tracing off costs nothing (docs/behaviour.md, section 25): the real server (`src/main.ts`, every
 * role in one process) started without OTEL_EXPORTER_OTLP_ENDPOINT answers requests without a
 * single OpenTelemetry module loaded, and adds no tracing hook. The same server with the variable
 * set loads the SDK and sends its spans over OTLP to a collector on loopback, so the check can fail.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE, useTestApp } from '../helpers/app.ts';
import { startChildServer, type ChildServer } from '../helpers/child-server.ts';
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

describe('tracing off and on in the real server', () => {
  const collector = useReceiver();
  const children: ChildServer[] = [];
  let dir = '';
  afterAll(async () => {
    for (const child of children) child.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Starts the server, makes one authenticated request, stops it with SIGTERM; answers the modules it loaded. */
  async function serveOnce(env: Record<string, string>, token: string | null): Promise<{ modules: Loaded[]; token: string }> {
    const file = join(dir, `modules-${children.length}.txt`);
    const child = await startChildServer({ ROLE: 'api', DATA_DIR: join(dir, 'data'), NODE_OPTIONS: `--import ${RECORDER}`, LOADED_MODULES_FILE: file, ...env });
    children.push(child);
    const used = token ?? /sandbox token \(shown once\): (\S+)/.exec(child.output())?.[1];
    expect(used, child.output()).toBeDefined();
    const res = await fetch(`${child.base}${BASE}/authentication_check/`, { headers: { authorization: `Bearer ${used}`, 'x-request-id': 'cost-probe' } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    const lines = (await readFile(file, 'utf8')).split('\n');
    const modules = lines.map((line) => ({ url: line.split(' ')[0], parent: line.split(' ')[1] ?? '' }));
    return { modules, token: used as string };
  }

  it('loads no OpenTelemetry module without OTEL_EXPORTER_OTLP_ENDPOINT, and the SDK with it', { timeout: 150_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'lending-tracing-'));
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
