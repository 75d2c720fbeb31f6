/**
 * The benchmark scenarios, of two kinds:
 *
 *  - load scenarios (`kind: 'load'`, the default): `setup` prepares what it needs through the API and
 *    returns the autocannon options for its load; bench/run.ts supplies the URL, connections and
 *    duration and the partner's Authorization/Accept headers, warms up, measures and tables it. They
 *    share one server per backend.
 *  - custom scenarios (`kind: 'custom'`): `run` drives the server itself (fixed request counts,
 *    webhook deliveries, uploads) and answers its rows. With `ownServer` they get a fresh store and a
 *    fresh server of their own (with extra environment), so nothing earlier skews their figures.
 *
 * BENCH_SCENARIOS picks scenarios by id, or by group: "offers" picks offers-first and offers-schedule,
 * "webhooks" picks webhooks and webhooks-backlog.
 * To add a scenario, append an entry to SCENARIOS (see the notes in bench/run.ts's header).
 */
import { customerBody } from '../test/helpers/app.ts';
import type { BenchApi } from './api-client.ts';
import type { BenchSettings, LoadOptions } from './load.ts';
import { businessLoanOffer } from './offers-setup.ts';
import { runLoginFlood } from './login-flood.ts';
import { runFirstOffers } from './offers.ts';
import type { Measurement, Targets } from './report.ts';
import { SCENARIO_SETTINGS, type ScenarioContext } from './scenario-context.ts';
import { runTracing } from './tracing.ts';
import { runUploads } from './uploads.ts';
import { runWebhookBacklog, runWebhooks } from './webhooks.ts';
import { CLOCK_RUNS, runTestClockYear } from './test-clocks.ts';

export type { LoadOptions } from './load.ts';
export type { Targets } from './report.ts';
export { SCENARIO_SETTINGS, type ScenarioContext, type ScenarioSettings } from './scenario-context.ts';

interface ScenarioBase {
  /** Short id, used by BENCH_SCENARIOS=id,id to pick scenarios. */
  id: string;
  /** The label in the table, e.g. "GET /authentication_check/". */
  name: string;
  targets: Targets;
}

/**
 * A route's floor and its load: a process doing only what the route's answer needs. `node-http` is
 * bench/floor-server.ts (bare node:http running the route's one query: the database floor);
 * `fastify` is bench/floor-fastify-server.ts (a minimal Fastify app doing the same, or answering the
 * same fixed JSON: the framework floor, which issue 24's targets are stated against).
 */
export interface Floor {
  server: 'node-http' | 'fastify';
  /** FLOOR_QUERY of the floor's script (`fixed` for the Fastify floor only). */
  query: 'fixed' | 'latest' | 'create-customer';
  name: string;
  load(): LoadOptions;
}

export interface LoadScenario extends ScenarioBase {
  kind?: 'load';
  /**
   * Measured beside the route on each backend, in the same run, each just before and just after it
   * (Targets.minFloorRatio for the node:http floor, Targets.minAppRatio for the Fastify one).
   */
  floors?: Floor[];
  /** Runs once per backend, on the shared server with a fresh partner/token. */
  setup(api: BenchApi): Promise<LoadOptions>;
}

export interface CustomScenario extends ScenarioBase {
  kind: 'custom';
  /** A fresh store and server for this scenario alone, with this extra environment. */
  ownServer?: { env: Record<string, string> };
  /** Backends the scenario cannot run on, each with the reason (printed as a note instead of a row). */
  skipOn?: Partial<Record<'pglite' | 'postgres', string>>;
  /** Seconds the scenario should take with these settings (for the run's deadline). */
  plannedS(settings: BenchSettings): number;
  /** Runs once per backend; answers its rows (printing progress as it goes). */
  run(ctx: ScenarioContext): Promise<Measurement[]>;
}

export type Scenario = LoadScenario | CustomScenario;

const P99_TARGET_MS = 20;

/** A JSON body with a placeholder, stringified once; each request only swaps the placeholder. */
function bodyTemplate(value: unknown, placeholder: string): (replacement: string) => string {
  const text = JSON.stringify(value);
  const at = text.indexOf(placeholder);
  if (at < 0) throw new Error('placeholder not found in body');
  const before = text.slice(0, at);
  const after = text.slice(at + placeholder.length);
  return (replacement) => before + replacement + after;
}

/** POST requests of a customer body, each with a unique external_customer_id (no 409 duplicates). */
function customerCreates(path: string): LoadOptions {
  const PLACEHOLDER = '__BENCH_EXTERNAL_ID__';
  const body = bodyTemplate(customerBody({ external_customer_id: PLACEHOLDER }), PLACEHOLDER);
  const runId = `${Date.now().toString(36)}-${process.pid}`;
  let sequence = 0;
  return {
    headers: { 'content-type': 'application/json' },
    requests: [{ method: 'POST', path, setupRequest: (request) => ({ ...request, body: body(`bench-${runId}-${++sequence}`) }) }],
  };
}

/** The minimal Fastify app answering the authentication check's fixed JSON. */
const FIXED_JSON_APP: Floor = {
  server: 'fastify',
  query: 'fixed',
  name: 'minimal Fastify app, the same fixed JSON',
  load: () => ({ method: 'GET', path: '/' }),
};

export const SCENARIOS: Scenario[] = [
  {
    id: 'auth-check',
    name: 'GET /authentication_check/',
    targets: { minAppRatio: 0.8, maxP99Ms: P99_TARGET_MS },
    floors: [FIXED_JSON_APP],
    async setup(api) {
      return { method: 'GET', path: `${api.apiPrefix}/authentication_check/` };
    },
  },
  {
    // Not a target: what the whole app costs a request before any partner work (no token, so no
    // authentication, rate limit or request log), beside the same minimal Fastify app. The
    // authentication check's gap to the app splits into this part and the partner work.
    id: 'app-floor',
    name: 'GET /health/live (the whole app, no token)',
    targets: {},
    floors: [FIXED_JSON_APP],
    async setup() {
      return { method: 'GET', path: '/health/live' };
    },
  },
  {
    id: 'create-customer',
    name: 'POST /customers/',
    targets: { minAppRatio: 0.8, maxP99Ms: P99_TARGET_MS },
    floors: [
      {
        server: 'node-http',
        query: 'create-customer',
        name: 'node:http, INSERT INTO customers … RETURNING id (jsonb company and people)',
        load: () => customerCreates('/'),
      },
      { server: 'fastify', query: 'create-customer', name: 'minimal Fastify app, the same INSERT', load: () => customerCreates('/') },
    ],
    async setup(api) {
      return customerCreates(`${api.apiPrefix}/customers/`);
    },
  },
  {
    id: 'latest-application',
    name: 'GET /customers/{id}/applications/latest/',
    targets: { minAppRatio: 0.85, maxP99Ms: P99_TARGET_MS },
    floors: [
      { server: 'node-http', query: 'latest', name: 'node:http, SELECT * FROM applications … LIMIT 1', load: () => ({ method: 'GET', path: '/' }) },
      { server: 'fastify', query: 'latest', name: 'minimal Fastify app, the same SELECT', load: () => ({ method: 'GET', path: '/' }) },
    ],
    async setup(api) {
      const customer = await api.partner('POST', '/customers/', customerBody({ external_customer_id: `bench-latest-${Date.now()}` }));
      const customerId = customer.data.customer_id as string;
      await api.partner('POST', `/customers/${customerId}/applications/`, { data: { amount: 25000 } });
      return { method: 'GET', path: `${api.apiPrefix}/customers/${customerId}/applications/latest/` };
    },
  },
  {
    // Issue "offers" (a): every request is the first GET offers of a fresh open application, so
    // each one runs the automated decision and writes its offers.
    kind: 'custom',
    id: 'offers-first',
    name: 'GET /applications/{id}/offers/ (first call: decides)',
    targets: { maxP99Ms: 100 },
    plannedS: (s) => 30 + SCENARIO_SETTINGS.offersCount / 50 + (s.warmupS > 0 ? 10 : 0),
    run: (ctx) => runFirstOffers(ctx, SCENARIO_SETTINGS),
  },
  {
    // Issue "offers" (b): the JSON schedule of a business loan (730 days: 24 repayments).
    id: 'offers-schedule',
    name: 'GET /offers/{id}/repayment_schedule/ (JSON, 24 repayments)',
    targets: { minRatio: 0.4 },
    async setup(api) {
      const offerId = await businessLoanOffer(api);
      return { method: 'GET', path: `${api.apiPrefix}/offers/${offerId}/repayment_schedule/` };
    },
  },
  {
    // Issue "webhooks": deliveries/s of a burst, and event-to-delivery latency at a steady rate,
    // to a loopback receiver in this process.
    kind: 'custom',
    id: 'webhooks',
    name: 'webhook deliveries',
    targets: {},
    ownServer: { env: { ROLE: 'all', ALLOW_PRIVATE_WEBHOOK_URLS: 'true' } },
    plannedS: (s) => 45 + s.warmupS * 2 + s.durationS + SCENARIO_SETTINGS.webhookEvents / 200,
    run: (ctx) => runWebhooks(ctx, SCENARIO_SETTINGS),
  },
  {
    // Issue "webhooks": delivery throughput alone. The server runs without a worker (ROLE=api), the
    // events wait in the outbox, then one ROLE=worker process on the same database drains them.
    kind: 'custom',
    id: 'webhooks-backlog',
    name: `webhooks: deliveries/s (backlog of ${SCENARIO_SETTINGS.webhookEvents.toLocaleString('en-GB')} drained by one worker)`,
    targets: { minRate: 1_000 },
    ownServer: { env: { ROLE: 'api', ALLOW_PRIVATE_WEBHOOK_URLS: 'true' } },
    skipOn: { pglite: 'PGlite is one process: no separate worker can open its database' },
    plannedS: () => 45 + SCENARIO_SETTINGS.webhookEvents / 200,
    run: (ctx) => runWebhookBacklog(ctx, SCENARIO_SETTINGS),
  },
  {
    // Issue "documents": multipart upload throughput of 5 MiB PDFs and the server's RSS meanwhile.
    kind: 'custom',
    id: 'uploads',
    name: 'POST /document_upload/{customer_id}/',
    targets: {},
    ownServer: { env: {} },
    plannedS: (s) => 30 + s.warmupS + s.durationS * 2,
    run: (ctx) => runUploads(ctx, SCENARIO_SETTINGS),
  },
  {
    // Issue 24: the authentication check and GET latest on the default server (tracing off) and on a
    // second one exporting spans to an OTLP sink in this process, alternating off, on, off, on.
    kind: 'custom',
    id: 'tracing',
    name: 'tracing off and on',
    targets: {},
    ownServer: { env: {} },
    // One backend keeps it under a minute: PostgreSQL, unless PGlite is the only one asked for.
    skipOn:
      process.env.BENCH_BACKENDS?.trim() === 'pglite'
        ? {}
        : { pglite: 'measured on PostgreSQL alone, to stay short (BENCH_BACKENDS=pglite runs it on PGlite)' },
    plannedS: (s) => 30 + s.warmupS * 4 + SCENARIO_SETTINGS.tracingRunS * 8,
    run: (ctx) => runTracing(ctx, SCENARIO_SETTINGS),
  },
  {
    // Issue 34: the authentication check alone, then while 200 logins are in flight (each a full scrypt).
    kind: 'custom',
    id: 'login-flood',
    name: 'a flood of logins',
    targets: {},
    ownServer: { env: { AUTH_FAILURES_PER_MINUTE: '1000000' } },
    plannedS: (s) => 30 + s.warmupS + s.durationS * 2,
    run: (ctx) => runLoginFlood(ctx),
  },
  {
    // Issue 35: a sandbox test clock playing a year for ten loans, under 10 seconds.
    kind: 'custom',
    id: 'test-clock',
    name: 'test clock: a year for ten loans (POST …/advance to ready)',
    targets: { maxP99Ms: 10_000 },
    ownServer: { env: { ROLE: 'all' } },
    plannedS: () => 30 + CLOCK_RUNS * 15,
    run: runTestClockYear,
  },
];

/** The scenarios BENCH_SCENARIOS names: an entry is an id, or a group (the ids' prefix before "-"). */
export function pickScenarios(filter: string[] | null): Scenario[] {
  if (filter === null) return SCENARIOS;
  for (const entry of filter) {
    if (!SCENARIOS.some((s) => s.id === entry || s.id.startsWith(`${entry}-`))) {
      throw new Error(`BENCH_SCENARIOS: unknown scenario "${entry}" (${SCENARIOS.map((s) => s.id).join(', ')}; groups: offers, webhooks)`);
    }
  }
  return SCENARIOS.filter((s) => filter.some((entry) => s.id === entry || s.id.startsWith(`${entry}-`)));
}
