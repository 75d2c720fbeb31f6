import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterEach } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { hashToken } from '../../src/services/tokens.ts';
import { openTestDb, type BackendName, type TestDb } from './db.ts';
import { useResource } from './hooks.ts';
import { eventually } from './receiver.ts';
import { validateResponses } from './openapi-responses.ts';
import type { Tracing } from '../../src/observability/tracing.ts';

export const BASE = '/api/lending/v2.2';
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/** Collects every log line the app writes. */
export class LogSink {
  lines: string[] = [];
  write(chunk: string): void {
    this.lines.push(chunk);
  }
  get text(): string {
    return this.lines.join('');
  }
}

/** A clock tests can move; services read the time only through it. */
export class TestClock {
  #offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.#offsetMs);
  advanceDays(days: number): void {
    this.#offsetMs += days * 86_400_000;
  }
  set(date: Date): void {
    this.#offsetMs = date.getTime() - Date.now();
  }
}

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDb;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
  /** An operator call (admin token), body as a plain object. */
  admin(method: InjectOptions['method'], path: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** A new partner with one token; returns its ids and a client for its API. */
  partner(options?: { environment?: 'sandbox' | 'production'; scopes?: ('read' | 'write')[]; name?: string }): Promise<PartnerClient>;
  /** Another token of an existing partner (another environment or scopes), with its client: the one way tests make one. */
  token(partnerId: string, environment: 'sandbox' | 'production', scopes?: ('read' | 'write')[]): Promise<PartnerClient>;
}

/** A client calling the partner API of `app` with `token`. */
export function clientFor(app: FastifyInstance, partnerId: string, tokenId: string, token: string): PartnerClient {
  const request: PartnerClient['request'] = (method, path, body, headers = {}) =>
    app.inject({
      method,
      url: path.startsWith('/') && !path.startsWith('/api') ? `${BASE}${path}` : path,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    partnerId,
    tokenId,
    token,
    request,
    get: (path, headers) => request('GET', path, undefined, headers),
    post: (path, body, headers) => request('POST', path, body, headers),
  };
}

export interface PartnerClient {
  partnerId: string;
  tokenId: string;
  token: string;
  request(method: InjectOptions['method'], path: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(path: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  /** Settings over the test defaults (silent logs, rate limits out of the way), as the environment gives them. */
  env?: Record<string, string>;
  /** Where the app writes its log lines (a LogSink, to read them). */
  logStream?: DestinationStream;
  /** OpenTelemetry tracing of the app's requests and statements (test/integration/tracing.test.ts). */
  tracing?: Tracing;
  /**
   * With REDIS_URL set, start answering once the app's Redis connection answers (as a deployment
   * sends traffic once readiness says so): a limiter's command that waits longer than its 250 ms
   * lets the request through uncounted, which a connection still being made on a loaded machine
   * would cause. False for a test of an unreachable Redis.
   */
  awaitRedis?: boolean;
}

export async function startTestApp(backend: BackendName, options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await openTestDb(backend);
  const clock = new TestClock();
  // Tests make many requests with one token; rate-limit tests pass their own limits in `env`.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_TOKEN,
    RATE_LIMIT_PER_MINUTE: '1000000',
    UPLOAD_RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_FAILURES_PER_MINUTE: '1000000',
    SIGN_ON_STARTS_PER_MINUTE: '1000000',
    DASHBOARD_SECRET_KEY: 'test-dashboard-secret-key-0123456789abcdef',
    ...options.env,
  });
  const queueSchema = testDb.queue.kind === 'postgres' ? testDb.queue.schema : undefined;
  const app = await buildApp({
    config,
    db: testDb.db,
    adminTokenHash: hashToken(ADMIN_TOKEN),
    now: clock.now,
    logStream: options.logStream,
    queueSchema,
    tracing: options.tracing,
  });
  // Every answer of either API is checked against the OpenAPI documents (docs/behaviour.md, section 26).
  validateResponses(app);
  await app.ready();
  if (config.redisUrl && options.awaitRedis !== false) await redisAnswering(app);

  const admin: TestApp['admin'] = (method, path, body) =>
    app.inject({
      method,
      url: `/admin/v1${path}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  const testApp: TestApp = {
    app,
    testDb,
    clock,
    config,
    admin,
    async partner(options = {}) {
      const created = await admin('POST', '/partners', { name: options.name ?? 'Test Partner' });
      const partnerId = created.json().data.partner_id as string;
      return testApp.token(partnerId, options.environment ?? 'sandbox', options.scopes);
    },
    async token(partnerId, environment, scopes) {
      const res = await admin('POST', `/partners/${partnerId}/tokens`, { environment, ...(scopes ? { scopes } : {}) });
      if (res.statusCode !== 201) throw new Error(`token create failed: ${res.statusCode} ${res.body}`);
      const { token_id, token } = res.json().data;
      return clientFor(app, partnerId, token_id, token);
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
  return testApp;
}

/** Until the readiness check finds the app's Redis up. */
async function redisAnswering(app: FastifyInstance): Promise<void> {
  await eventually(
    async () => {
      const res = await app.inject({ method: 'GET', url: '/health/ready' });
      return (res.json() as { checks?: { redis?: string } }).checks?.redis === 'up';
    },
    15_000,
    "the app's Redis connection",
  );
}

export interface UseTestAppOptions extends TestAppOptions {
  /** After each test, sets the clock back to now (true) or to the date given. */
  resetClock?: true | Date;
}

/**
 * The app on a fresh database for the tests of the enclosing describe block: started in beforeAll,
 * closed (and its database dropped) in afterAll.
 */
export function useTestApp(backend: BackendName, options: UseTestAppOptions = {}): TestApp {
  const t = useResource(
    'the test app',
    () => startTestApp(backend, options),
    (started) => started.close(),
  );
  const { resetClock } = options;
  if (resetClock) afterEach(() => t.clock.set(resetClock === true ? new Date() : resetClock));
  return t;
}

/**
 * A new partner with one token (see TestApp.partner), made in beforeAll for the enclosing describe
 * block, on the test app or on a web server's app (read only then: it starts in an earlier beforeAll).
 */
export function usePartner(on: TestApp | { t: TestApp }, options?: Parameters<TestApp['partner']>[0]): PartnerClient {
  return useResource('the partner', () => ('t' in on ? on.t : on).partner(options));
}

/** A valid customer body: one applicant who is also director and guarantor. */
export function customerBody(overrides: Record<string, unknown> = {}, company: Record<string, unknown> = {}) {
  return {
    data: {
      company: {
        registered_company_name: 'Acme Widgets Ltd',
        company_number: '01234567',
        type: 'limited_liability_company',
        trading_from_date: '2019-03-01',
        last_12_months_turnover: { amount: 250000, valid_from: '2026-01-01T00:00:00Z' },
        ...company,
      },
      people: [
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          date_of_birth: '1980-12-10',
          roles: ['applicant', 'director', 'guarantor'],
          emails: [{ email: 'ada@example.com', type: 'primary' }],
        },
      ],
      ...overrides,
    },
  };
}

export async function createCustomer(client: PartnerClient, overrides: Record<string, unknown> = {}, company: Record<string, unknown> = {}): Promise<string> {
  const res = await client.post('/customers/', customerBody(overrides, company));
  if (res.statusCode !== 201) throw new Error(`customer create failed: ${res.statusCode} ${res.body}`);
  return res.json().data.customer_id;
}
