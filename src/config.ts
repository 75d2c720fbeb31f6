/**
 * Configuration from the environment (docs/behaviour.md, section 15), validated once at start.
 * Every problem is reported together, in words an operator can act on.
 */
import { readOidc, readTrustProxy, type OidcConfig, type TrustProxy } from './sign-in-config.ts';

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  /** Connections one process opens at most to PostgreSQL for its queries (the queue's are apart). */
  databasePoolSize: number;
  dataDir: string;
  adminToken: string | null;
  publicBaseUrl: string;
  role: Role;
  redisUrl: string | null;
  webhookRetryScale: number;
  webhookTimeoutMs: number;
  allowPrivateWebhookUrls: boolean;
  rateLimitPerMinute: number;
  uploadRateLimitPerMinute: number;
  /** Failed authentications per client address per minute before 429 (the APIs and the sign-in forms). */
  authFailuresPerMinute: number;
  /** Single sign-ons started (GET /console/login/sso) per client address per minute before 429. */
  signOnStartsPerMinute: number;
  logLevel: string;
  production: boolean;
  /** An ES module whose default export replaces the automated decision policy. */
  decisionPolicyModule: string | null;
  /** An ES module whose default export is the production payee name check (Confirmation of Payee). */
  payeeCheckModule: string | null;
  /** The lender's name on the customer portal and the operator console. */
  lenderName: string;
  /** Console approvals whose largest offer is above this (pence) wait for a second operator. */
  fourEyesThresholdPence: number;
  /** On SIGTERM, how long readiness answers 503 while the server still serves, before it stops accepting. */
  shutdownDelayMs: number;
  /** The bearer token of `GET /metrics`; unset, there is no /metrics. */
  metricsToken: string | null;
  /** The key the partner dashboard's two-factor secrets are encrypted with; null: kept in DATA_DIR (not in production). */
  dashboardSecretKey: string | null;
  /**
   * Where OpenTelemetry traces go (OTLP over HTTP, protobuf); null: no tracing, and no
   * OpenTelemetry module is loaded. The exporter reads the other `OTEL_EXPORTER_OTLP_*` settings itself.
   */
  otelEndpoint: string | null;
  /** The traces' `service.name`: `lending-partner-api`, or `lending-partner-api-worker` for ROLE=worker. */
  otelServiceName: string;
  /**
   * Which peers' X-Forwarded-For is believed (TRUST_PROXY): false (none, the default), true (any),
   * a number of hops (the load balancers in front), or addresses and ranges (Fastify's trustProxy).
   */
  trustProxy: TrustProxy;
  /** PUBLIC_BASE_URL is https: every answer carries Strict-Transport-Security. */
  httpsOnly: boolean;
  /** Single sign-on through the lender's OpenID Provider (section 29); null when OIDC_ISSUER is unset. */
  oidc: OidcConfig | null;
}

export type { OidcConfig, TrustProxy } from './sign-in-config.ts';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const config = readSettings(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function readSettings(env: NodeJS.ProcessEnv, problems: string[]): Config {
  const text = (name: string, fallback: string): string => {
    const value = env[name];
    return value === undefined || value === '' ? fallback : value;
  };
  const optional = (name: string): string | null => {
    const value = env[name];
    return value === undefined || value === '' ? null : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name, String(fallback));
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string): boolean => {
    const raw = text(name, 'false').toLowerCase();
    if (!['true', 'false', '1', '0', 'yes', 'no'].includes(raw)) {
      problems.push(`${name} must be true or false (got "${raw}")`);
      return false;
    }
    return ['true', '1', 'yes'].includes(raw);
  };

  const port = integer('PORT', 8080, 0, 65535);
  const production = text('NODE_ENV', 'development') === 'production';
  const databaseUrl = optional('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const publicBaseUrl = text('PUBLIC_BASE_URL', `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicBaseUrl)) problems.push('PUBLIC_BASE_URL must be an http(s) URL');
  const httpsOnly = publicBaseUrl.startsWith('https://');
  if (production && !httpsOnly && !bool('ALLOW_INSECURE_PUBLIC_URL')) {
    problems.push(
      'PUBLIC_BASE_URL must be https when NODE_ENV is production (set ALLOW_INSECURE_PUBLIC_URL=true to serve plain http behind a proxy you trust)',
    );
  }
  const role = text('ROLE', 'all') as Role;
  if (!['all', 'api', 'worker'].includes(role)) problems.push('ROLE must be one of all, api, worker');
  const redisUrl = optional('REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must be a redis:// or rediss:// URL');
  const scaleRaw = text('WEBHOOK_RETRY_SCALE', '1');
  const webhookRetryScale = Number(scaleRaw);
  if (!Number.isFinite(webhookRetryScale) || webhookRetryScale <= 0 || webhookRetryScale > 100) {
    problems.push(`WEBHOOK_RETRY_SCALE must be a number above 0 and at most 100 (got "${scaleRaw}")`);
  }
  const adminToken = optional('ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 16) problems.push('ADMIN_TOKEN must be at least 16 characters');
  if (production && adminToken === null) problems.push('ADMIN_TOKEN is required when NODE_ENV is production');
  const lenderName = text('LENDER_NAME', 'Harbour Business Finance');
  if (lenderName.length > 80) problems.push('LENDER_NAME must be at most 80 characters');
  const metricsToken = optional('METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  const dashboardSecretKey = optional('DASHBOARD_SECRET_KEY');
  if (dashboardSecretKey !== null && dashboardSecretKey.length < 32) problems.push('DASHBOARD_SECRET_KEY must be at least 32 characters');
  if (production && dashboardSecretKey === null) problems.push('DASHBOARD_SECRET_KEY is required when NODE_ENV is production');
  const otelEndpoint = optional('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (otelEndpoint !== null && !/^https?:\/\/[^/]+/.test(otelEndpoint)) problems.push('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL');
  const logLevel = text('LOG_LEVEL', 'info');
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  return {
    port,
    host: text('HOST', '127.0.0.1'),
    databaseUrl,
    databasePoolSize: integer('DATABASE_POOL_SIZE', 20, 1, 1000),
    dataDir: text('DATA_DIR', './data'),
    adminToken,
    publicBaseUrl,
    role,
    redisUrl,
    webhookRetryScale,
    webhookTimeoutMs: integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    allowPrivateWebhookUrls: bool('ALLOW_PRIVATE_WEBHOOK_URLS'),
    rateLimitPerMinute: integer('RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    uploadRateLimitPerMinute: integer('UPLOAD_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
    authFailuresPerMinute: integer('AUTH_FAILURES_PER_MINUTE', 30, 1, 1_000_000),
    signOnStartsPerMinute: integer('SIGN_ON_STARTS_PER_MINUTE', 30, 1, 1_000_000),
    logLevel,
    production,
    decisionPolicyModule: optional('DECISION_POLICY_MODULE'),
    payeeCheckModule: optional('PAYEE_CHECK_MODULE'),
    lenderName,
    fourEyesThresholdPence: integer('FOUR_EYES_THRESHOLD', 250_000, 0, 1_000_000_000) * 100,
    shutdownDelayMs: integer('SHUTDOWN_DELAY_MS', 0, 0, 120_000),
    metricsToken,
    dashboardSecretKey,
    otelEndpoint,
    otelServiceName: text('OTEL_SERVICE_NAME', role === 'worker' ? 'lending-partner-api-worker' : 'lending-partner-api'),
    trustProxy: readTrustProxy(optional('TRUST_PROXY'), problems, production),
    httpsOnly,
    oidc: readOidc(env, { production, bool }, problems),
  };
}
