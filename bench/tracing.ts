/**
 * Issue 24: tracing off costs nothing, tracing on costs what it costs. Two API servers side by side,
 * each on a fresh store of the backend: the default one (no OTEL_EXPORTER_OTLP_ENDPOINT: tracing
 * off, the server every other scenario measures) and one with the variable pointing at a small OTLP
 * sink in this process (node:http, 200 to every POST /v1/traces, counting requests and bytes).
 * After a warm-up of each, GET /authentication_check/ and GET latest are measured on one, then the
 * other, in the order off, on, off, on, so both see the same drift of a shared machine.
 *
 * "Off" against a build without tracing is not measured because it is the same code path:
 * src/observability/tracing.ts imports nothing of OpenTelemetry, and with the variable unset no
 * tracing module is loaded and no hook is added (test/integration/tracing-off.test.ts proves it
 * with a module recorder on the real server).
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { customerBody } from '../test/helpers/app.ts';
import { connectApi, type BenchApi } from './api-client.ts';
import { fire, measureLoad, type LoadOptions } from './load.ts';
import { createBenchDatabase } from './postgres.ts';
import type { Measurement } from './report.ts';
import type { ScenarioContext, ScenarioSettings } from './scenario-context.ts';
import { HOST, startApiServer, type ChildServer } from './server-process.ts';

const MODES = ['off', 'on', 'off', 'on'] as const;
type Mode = (typeof MODES)[number];

/** An OTLP/HTTP collector that keeps nothing: 200 (an empty ExportTraceServiceResponse) to each export. */
class OtlpSink {
  readonly #server: Server;
  requests = 0;
  bytes = 0;
  /** Requests to anything but POST /v1/traces (answered 404): the exporter would be misconfigured. */
  unexpected = 0;

  constructor() {
    this.#server = createServer((request, response) => {
      const traces = request.method === 'POST' && request.url === '/v1/traces';
      request.on('data', (chunk: Buffer) => {
        if (traces) this.bytes += chunk.length;
      });
      request.on('end', () => {
        if (traces) {
          this.requests++;
          response.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': '0' }).end();
        } else {
          this.unexpected++;
          response.writeHead(404).end();
        }
      });
    });
  }

  async start(): Promise<string> {
    this.#server.listen(0, HOST);
    await once(this.#server, 'listening');
    const address = this.#server.address();
    if (address === null || typeof address === 'string') throw new Error('the OTLP sink has no port');
    return `http://${HOST}:${address.port}`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    this.#server.close();
    await once(this.#server, 'close');
  }
}

/** A fresh store of the scenario's backend for the second server, and how to remove it. */
async function secondStore(ctx: ScenarioContext): Promise<{ env: { databaseUrl?: string; dataDir?: string }; release: () => Promise<void> }> {
  if (ctx.backend === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'lending-bench-tracing-'));
    return { env: { dataDir }, release: () => rm(dataDir, { recursive: true, force: true }) };
  }
  if (ctx.databaseUrl === null) throw new Error('no PostgreSQL database to create the second one beside');
  const created = await createBenchDatabase(ctx.databaseUrl);
  if (!created.ok) throw new Error(`could not create the second database: ${created.reason}`);
  return { env: { databaseUrl: created.database.url }, release: () => created.database.drop() };
}

interface Route {
  key: 'auth-check' | 'latest';
  name: string;
  load(api: BenchApi): Promise<LoadOptions>;
}

const ROUTES: Route[] = [
  {
    key: 'auth-check',
    name: 'GET /authentication_check/',
    load: async (api) => ({ method: 'GET', path: `${api.apiPrefix}/authentication_check/` }),
  },
  {
    key: 'latest',
    name: 'GET /customers/{id}/applications/latest/',
    async load(api) {
      const customer = await api.partner('POST', '/customers/', customerBody({ external_customer_id: `bench-tracing-${Date.now()}` }));
      const customerId = customer.data.customer_id as string;
      await api.partner('POST', `/customers/${customerId}/applications/`, { data: { amount: 25000 } });
      return { method: 'GET', path: `${api.apiPrefix}/customers/${customerId}/applications/latest/` };
    },
  },
];

interface Side {
  server: ChildServer;
  api: BenchApi;
  loads: Map<Route['key'], LoadOptions>;
}

async function prepare(server: ChildServer, api: BenchApi): Promise<Side> {
  const loads = new Map<Route['key'], LoadOptions>();
  for (const route of ROUTES) loads.set(route.key, await route.load(api));
  return { server, api, loads };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-GB') : '-');

/** The summary lines: per route, off and on (each round, then the mean), and on ÷ off. */
function summaryLines(rows: { mode: Mode; route: Route; m: Measurement }[]): string[] {
  const lines: string[] = [];
  for (const route of ROUTES) {
    const of = (mode: Mode) => rows.filter((r) => r.route === route && r.mode === mode).map((r) => r.m);
    const [off, on] = [of('off'), of('on')];
    const rates = (ms: Measurement[]) => ms.map((m) => fmt(m.rate)).join(' and ');
    const cpus = (ms: Measurement[]) => ms.map((m) => fmt(m.cpuUsPerRequest ?? Number.NaN)).join(' and ');
    const offRate = mean(off.map((m) => m.rate));
    const onRate = mean(on.map((m) => m.rate));
    const offCpu = mean(off.map((m) => m.cpuUsPerRequest ?? Number.NaN));
    const onCpu = mean(on.map((m) => m.cpuUsPerRequest ?? Number.NaN));
    lines.push(
      `${route.name}: off ${rates(off)} req/s, ${cpus(off)} µs CPU/req; on ${rates(on)} req/s, ${cpus(on)} µs CPU/req; ` +
        `on ÷ off ${((onRate / offRate) * 100).toFixed(1)} % of the rate, ${((onCpu / offCpu) * 100).toFixed(0)} % of the CPU per request`,
    );
  }
  lines.push(
    'off ÷ (a build without tracing) = 1: the default path loads no OpenTelemetry module and adds no hook ' +
      '(test/integration/tracing-off.test.ts), so it is the same code as a build without tracing',
  );
  return lines;
}

export async function runTracing(ctx: ScenarioContext, scenarioSettings: ScenarioSettings): Promise<Measurement[]> {
  const runS = scenarioSettings.tracingRunS;
  const issues: string[] = [];
  if (/(^|,)\s*OTEL_EXPORTER_OTLP_ENDPOINT=/.test(process.env.BENCH_SERVER_ENV ?? '')) {
    issues.push('BENCH_SERVER_ENV sets OTEL_EXPORTER_OTLP_ENDPOINT: the "off" server traces too');
  }
  const sink = new OtlpSink();
  const sinkUrl = await sink.start();
  const store = await secondStore(ctx).catch(async (error: unknown) => {
    await sink.stop();
    throw error;
  });
  let onServer: ChildServer | null = null;
  try {
    const adminToken = `bench-admin-${randomBytes(16).toString('hex')}`;
    console.log(`[${ctx.backend}] tracing: second server, OTEL_EXPORTER_OTLP_ENDPOINT=${sinkUrl} (an OTLP sink in this process)`);
    onServer = await startApiServer({ ...store.env, adminToken, logLevel: ctx.settings.logLevel, env: { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl } });
    const sides: Record<'off' | 'on', Side> = {
      off: await prepare(ctx.server, ctx.api),
      on: await prepare(onServer, await connectApi(onServer.url, adminToken)),
    };

    if (ctx.settings.warmupS > 0) {
      for (const mode of ['off', 'on'] as const) {
        for (const route of ROUTES) {
          process.stdout.write(`[${ctx.backend}] tracing ${mode}, ${route.name}: warm-up ${ctx.settings.warmupS} s\n`);
          const side = sides[mode];
          await fire(side.server.url, side.loads.get(route.key)!, side.api.partnerHeaders, ctx.settings.connections, { seconds: ctx.settings.warmupS });
        }
      }
    }

    const sinkBefore = { requests: sink.requests, bytes: sink.bytes };
    const measured: { mode: Mode; route: Route; m: Measurement }[] = [];
    const run = { ...ctx.settings, warmupS: 0, durationS: runS };
    for (const [i, mode] of MODES.entries()) {
      const side = sides[mode];
      for (const route of ROUTES) {
        const row = { id: ctx.scenario.id, name: `${route.name}, tracing ${mode} (round ${i + 1})`, targets: {} };
        const m = await measureLoad(
          { url: side.server.url, headers: side.api.partnerHeaders, pid: side.server.pid },
          row,
          ctx.backend,
          side.loads.get(route.key)!,
          run,
        );
        m.details = { ...m.details, tracing: mode, round: i + 1, route: route.key };
        measured.push({ mode, route, m });
      }
    }
    // Exports until the end of the last run: a batch still waiting (at most 5 s of spans) is left out.
    const exported = { requests: sink.requests - sinkBefore.requests, bytes: sink.bytes - sinkBefore.bytes };
    if (exported.requests === 0) issues.push('the "on" server sent no spans to the OTLP sink: tracing was not on');
    if (sink.unexpected > 0) issues.push(`the OTLP sink got ${sink.unexpected} requests other than POST /v1/traces`);

    const lines = summaryLines(measured);
    const onRequests = measured.filter((r) => r.mode === 'on').reduce((sum, r) => sum + r.m.requests, 0);
    lines.push(
      `the sink received ${exported.requests.toLocaleString('en-GB')} OTLP exports, ${(exported.bytes / 1024 / 1024).toFixed(1)} MiB ` +
        `(${fmt(exported.bytes / Math.max(1, onRequests))} bytes per traced request; the SDK's batch processor drops spans when its queue of 2,048 is full)`,
    );
    console.log(`\n[${ctx.backend}] tracing off and on, alternating, ${runS} s each, ${ctx.settings.connections} connections:`);
    for (const line of lines) console.log(`  ${line}`);
    console.log('');
    for (const { m } of measured) {
      m.issues.push(...issues);
      m.details = { ...m.details, otlpExports: exported.requests, otlpBytes: exported.bytes, summary: lines };
    }
    return measured.map((r) => r.m);
  } finally {
    await onServer?.stop();
    await sink.stop();
    await store.release();
  }
}
