import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { ErrorEnvelope } from './schemas/common.ts';
import { TokenResolver } from './services/tokens.ts';
import type { Db, ServiceContext } from './services/context.ts';
import { installErrorHandler, installNotFoundHandler, sendErrors } from './http/errors.ts';
import { RouteTable } from './http/route-table.ts';
import { loggerOptions } from './http/logging.ts';
import { requestLoggerFactory } from './http/request-logger.ts';
import { configureAjv, isJsonRequest, rejectUnstorableStrings } from './http/validation.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { clientErrorHandler, requireHost } from './http/client-errors.ts';
import { API_PREFIX, LEGACY_PREFIX } from './http/api-prefixes.ts';
import { partnerApi } from './http/partner-api.ts';
import { adminApi } from './http/admin-api.ts';
import { installAddressThrottles } from './http/address-throttle.ts';
import { connectRedis, RequestLimiter } from './http/rate-limit.ts';
import cookie from '@fastify/cookie';
import { customerPortal } from './portal/plugin.ts';
import { operatorConsole } from './console/plugin.ts';
import { partnerDashboard } from './dashboard/plugin.ts';
import { dashboardNotFoundPage } from './dashboard/context.ts';
import { consoleNotFoundPage } from './console/views/common.ts';
import { notFoundPage } from './portal/context.ts';
import { sendBareNotFound } from './web/surface.ts';
import { assetRoutes } from './web/assets.ts';
import { EventSignal } from './services/event-signal.ts';
import { RequestLogRecorder } from './services/request-log.ts';
import { docsCsp } from './http/openapi-docs.ts';
import { registerOpenApi } from './http/openapi-documents.ts';
import { healthRoutes, Serving } from './http/health.ts';
import { sharedSchemaCompilers } from './http/schema-compilers.ts';
import { DatabaseReadiness } from './services/health.ts';
import { installMetrics } from './http/metrics.ts';
import type { Tracing } from './observability/tracing.ts';
import { OidcClient } from './services/oidc-client.ts';
import { SingleSignOn } from './services/single-sign-on.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** sha256 of the operator token; null disables the admin API. */
  adminTokenHash: string | null;
  now?: () => Date;
  /** Where logs go (stdout by default); tests read them. */
  logStream?: DestinationStream;
  /** The schema of the durable queue's tables, for the metrics (`pgboss` unless a test moved it). */
  queueSchema?: string;
  /** OpenTelemetry tracing (OTEL_EXPORTER_OTLP_ENDPOINT set); absent, nothing is traced and no hook is added. */
  tracing?: Tracing | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServiceContext;
    tokens: TokenResolver;
    eventSignal: EventSignal;
    requestLog: RequestLogRecorder;
    config: Config;
    /** Turned off when the process shuts down: readiness answers 503 from then on. */
    serving: Serving;
    /** Single sign-on for the console (OIDC_ISSUER set); null without it. */
    singleSignOn: SingleSignOn | null;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Sent with every answer when PUBLIC_BASE_URL is https (docs/behaviour.md, section 29). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count trusts that many peers nearest the server,
 * whatever their address: Fastify itself now trusts no peer for a bare number, so it is given as
 * the function proxy-addr calls with each hop's index.
 */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Said at start when TRUST_PROXY=true outside production (production refuses it at start, config.ts;
 * docs/operations.md): Fastify then takes the client's address
 * from the left-most X-Forwarded-For entry, which the client writes itself behind a proxy that
 * appends to the header (most do), so a client could name any address to the sign-in throttle.
 */
export const TRUST_ANY_PROXY_WARNING =
  'TRUST_PROXY=true believes every X-Forwarded-For entry: behind a proxy that appends to the header, a client names its own address to the sign-in throttle and the logs. Set TRUST_PROXY to the number of proxies in front (1) or to their addresses instead';

export async function buildApp(appDeps: AppDeps): Promise<FastifyInstance> {
  const tracing = appDeps.tracing ?? null;
  const deps = tracing ? { ...appDeps, db: tracing.traceDb(appDeps.db) } : appDeps;
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel, deps.logStream),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 1024 * 1024,
    // Missing Host and malformed HTTP answer in the envelope (client-errors.ts), not Node's bare 400.
    http: { requireHostHeader: false },
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    // The client's address behind the load balancer (TRUST_PROXY), for the sign-in throttle and the logs.
    trustProxy: trustProxyOption(deps.config.trustProxy),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: {
      customOptions: {
        allErrors: true,
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
      },
      onCreate: configureAjv,
    },
    // Compiled once per process, however many apps it builds (tests, the benchmark).
    schemaController: { compilersFactory: sharedSchemaCompilers },
    // Router-level client errors (a malformed URL) answer 404 in the envelope, never 500. No hook
    // runs for them, so the headers every response carries are set here.
    frameworkErrors: (_error, request, reply) => {
      reply.header('X-Request-ID', request.id);
      if (deps.config.httpsOnly) reply.header('Strict-Transport-Security', HSTS);
      if (request.url.startsWith(LEGACY_PREFIX)) reply.header('Deprecation', 'true');
      if (/^\/portal(\/|$)/.test(request.url)) return sendBareNotFound(reply as unknown as FastifyReply, notFoundPage(deps.config.lenderName));
      if (/^\/console(\/|$)/.test(request.url)) return sendBareNotFound(reply as unknown as FastifyReply, consoleNotFoundPage(deps.config.lenderName));
      if (/^\/dashboard(\/|$)/.test(request.url)) return sendBareNotFound(reply as unknown as FastifyReply, dashboardNotFoundPage(deps.config.lenderName));
      void sendErrors(reply as unknown as FastifyReply, 404, [{ code: 'NotFound', detail: 'no such route' }]);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First of all: it traces only the hooks and routes added after it.
  if (tracing) await app.register(tracing.fastifyPlugin());
  if (deps.config.trustProxy === true) app.log.warn({ trust_proxy: true }, TRUST_ANY_PROXY_WARNING);
  installJsonBodyParser(app);
  app.decorate('ctx', { db: deps.db, now: deps.now ?? (() => new Date()) });
  app.decorate('tokens', new TokenResolver(deps.db));
  app.decorate('config', deps.config);
  app.decorate('singleSignOn', deps.config.oidc ? new SingleSignOn(new OidcClient(deps.config.oidc, deps.config.publicBaseUrl)) : null);
  app.decorate('eventSignal', new EventSignal(deps.db));
  app.decorate('requestLog', new RequestLogRecorder(deps.db, app.log));
  // Long polls answer at once when the server closes; the request log's last entries are written.
  app.addHook('preClose', async () => app.eventSignal.close());
  app.addHook('onClose', async () => app.requestLog.flush());
  app.decorateRequest('principal', null);
  app.addSchema(ErrorEnvelope);
  // Before every route, so its hook counts them all; with no METRICS_TOKEN nothing is measured.
  if (deps.config.metricsToken) {
    installMetrics(app, { token: deps.config.metricsToken, db: deps.db, queueSchema: deps.queueSchema ?? 'pgboss', now: app.ctx.now });
  }

  const routes = new RouteTable();
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.add(route.url, route.method);
  });
  // Hooks on every request are synchronous where they can be (a callback, no promise to settle).
  const httpsOnly = deps.config.httpsOnly;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-ID', request.id);
    if (httpsOnly) reply.header('Strict-Transport-Security', HSTS);
    if (request.url.startsWith(LEGACY_PREFIX)) reply.header('Deprecation', 'true');
    requireHost(request);
    done();
  });
  // JSON may hold strings PostgreSQL cannot store (NUL, unpaired surrogates): a 400, never a 500.
  app.addHook('preValidation', (request, _reply, done) => {
    if (isJsonRequest(request.headers['content-type'])) rejectUnstorableStrings(request.body);
    done();
  });

  await registerOpenApi(app, deps.config);
  // The interactive reference of the same document, from assets served here (no other host).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: docsCsp,
    uiConfig: { validatorUrl: null, deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
  });

  installErrorHandler(app);
  installNotFoundHandler(app, (path) => routes.allowed(path));

  const redis = deps.config.redisUrl ? connectRedis(deps.config.redisUrl) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  app.decorate('serving', new Serving());
  await app.register(healthRoutes, { database: await DatabaseReadiness.create(deps.db), serving: app.serving, redis });
  installAddressThrottles(app, { authFailures: deps.config.authFailuresPerMinute, signOnStarts: deps.config.signOnStartsPerMinute }, redis);
  // One limiter for both prefixes, so the v2.1 alias shares each token's counters.
  const limiter = new RequestLimiter({ requests: deps.config.rateLimitPerMinute, uploads: deps.config.uploadRateLimitPerMinute }, 'lending-api-', redis);
  await app.register(partnerApi, { prefix: API_PREFIX, adminTokenHash: deps.adminTokenHash, limiter });
  await app.register(partnerApi, { prefix: LEGACY_PREFIX, adminTokenHash: deps.adminTokenHash, limiter });
  await app.register(adminApi, { prefix: '/admin/v1', adminTokenHash: deps.adminTokenHash });
  await app.register(cookie);
  await app.register(assetRoutes);
  await app.register(customerPortal, { prefix: '/portal' });
  await app.register(operatorConsole, { prefix: '/console' });
  await app.register(partnerDashboard, { prefix: '/dashboard' });

  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  return app;
}

/**
 * What a `ROLE=worker` process serves on PORT: the two health routes and nothing else
 * (docs/behaviour.md, section 25).
 */
export async function buildWorkerServer(deps: Pick<AppDeps, 'config' | 'db' | 'logStream'>): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(deps.config.logLevel, deps.logStream), requestIdHeader: false, genReqId: () => randomUUID() });
  if (deps.config.httpsOnly) app.addHook('onRequest', async (_request, reply) => void reply.header('Strict-Transport-Security', HSTS));
  app.decorate('serving', new Serving());
  await app.register(healthRoutes, { database: await DatabaseReadiness.create(deps.db), serving: app.serving, redis: null });
  app.setNotFoundHandler((_request, reply) => sendErrors(reply, 404, [{ code: 'NotFound', detail: 'a worker serves /health/live and /health/ready only' }]));
  return app;
}
