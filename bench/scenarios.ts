/**
 * The benchmark scenarios. Each one prepares what it needs through the API (`setup`), then returns
 * the autocannon options for its load; bench/run.ts supplies the URL, connections, duration and
 * the partner's Authorization/Accept headers, and runs every scenario on every backend.
 *
 * To add a scenario, append an entry to SCENARIOS (see the README note in bench/run.ts's header).
 */
import type autocannon from 'autocannon';
import { customerBody } from '../test/helpers/app.ts';
import type { BenchApi } from './api-client.ts';

/**
 * What a scenario may set: autocannon options plus the request path (joined to the server's URL);
 * the URL, connections and duration are the runner's.
 */
export type LoadOptions = Omit<autocannon.Options, 'url' | 'connections' | 'duration' | 'amount' | 'workers'> & {
  path?: string;
};

export interface Targets {
  /** Lowest acceptable req/s as a fraction of the bare node:http ceiling (PostgreSQL). */
  minRatio?: number;
  /** Highest acceptable p99 latency, in milliseconds, at the run's connection count. */
  maxP99Ms?: number;
}

export interface Scenario {
  /** Short id, used by BENCH_SCENARIOS=id,id to pick scenarios. */
  id: string;
  /** The label in the table, e.g. "GET /authentication_check/". */
  name: string;
  targets: Targets;
  /** Runs once per backend, on a fresh server with a fresh partner/token. */
  setup(api: BenchApi): Promise<LoadOptions>;
}

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

export const SCENARIOS: Scenario[] = [
  {
    id: 'auth-check',
    name: 'GET /authentication_check/',
    targets: { minRatio: 0.5, maxP99Ms: P99_TARGET_MS },
    async setup(api) {
      return { method: 'GET', path: `${api.apiPrefix}/authentication_check/` };
    },
  },
  {
    id: 'create-customer',
    name: 'POST /customers/',
    targets: { minRatio: 0.25, maxP99Ms: P99_TARGET_MS },
    async setup(api) {
      // Every request carries a unique external_customer_id (no 409 duplicates).
      const PLACEHOLDER = '__BENCH_EXTERNAL_ID__';
      const body = bodyTemplate(customerBody({ external_customer_id: PLACEHOLDER }), PLACEHOLDER);
      const runId = `${Date.now().toString(36)}-${process.pid}`;
      let sequence = 0;
      return {
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            path: `${api.apiPrefix}/customers/`,
            setupRequest: (request) => ({ ...request, body: body(`bench-${runId}-${++sequence}`) }),
          },
        ],
      };
    },
  },
  {
    id: 'latest-application',
    name: 'GET /customers/{id}/applications/latest/',
    targets: { minRatio: 0.5, maxP99Ms: P99_TARGET_MS },
    async setup(api) {
      const customer = await api.partner('POST', '/customers/', customerBody({ external_customer_id: `bench-latest-${Date.now()}` }));
      const customerId = customer.data.customer_id as string;
      await api.partner('POST', `/customers/${customerId}/applications/`, { data: { amount: 25000 } });
      return { method: 'GET', path: `${api.apiPrefix}/customers/${customerId}/applications/latest/` };
    },
  },
];
