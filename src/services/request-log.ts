import type { Tenant } from '../domain/tenant.ts';
import { listRequestLog } from '../store/request-log-store.ts';
import type { ServiceContext } from './context.ts';
import { REQUEST_LOG_RETENTION_DAYS } from './partner-tools-sweeps.ts';

/** The tenant's requests of the last 7 days, newest first. */
export async function listTenantRequests(ctx: ServiceContext, tenant: Tenant, query: { limit: number; status: 'succeeded' | 'failed' | null }) {
  const since = new Date(ctx.now().getTime() - REQUEST_LOG_RETENTION_DAYS * 86_400_000);
  const rows = await listRequestLog(ctx.db, tenant, { failed: query.status === null ? null : query.status === 'failed', since, limit: query.limit });
  return rows.map((r) => ({
    request_id: r.request_id,
    time: new Date(r.time).toISOString(),
    method: r.method,
    path: r.path,
    status: r.status,
    error_code: r.error_code,
    duration_ms: r.duration_ms,
    idempotency_key: r.idempotency_key,
    api_version: r.api_version,
  }));
}
