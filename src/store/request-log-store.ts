import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

export interface RequestLogEntry {
  request_id: string;
  partner_id: string;
  environment: string;
  time: Date;
  method: string;
  path: string;
  status: number;
  error_code: string | null;
  duration_ms: number;
  idempotency_key: string | null;
  api_version: string;
  /** The token that made the request: not stored in the log, it dates the token's last use. */
  token_id?: string;
}

const COLUMNS = [
  'request_id',
  'partner_id',
  'environment',
  'time',
  'method',
  'path',
  'status',
  'error_code',
  'duration_ms',
  'idempotency_key',
  'api_version',
] as const;

/**
 * Writes a batch of entries in one statement of one shape, whatever the batch size: the entries go
 * as one JSON parameter, an array of one array per entry with the columns in COLUMNS order, read
 * back as rows by jsonb_array_elements. (A VALUES list of `$n` placeholders was a new statement for
 * each batch size, parsed and planned anew each time; an array of objects repeated every column's
 * name in every entry, 40 % of the bytes sent.) The same statement adds the batch to the hourly
 * counts of each tenant (the dashboard's overview), so the counts and the log always agree.
 */
export async function insertRequestLog(db: Queryable, entries: RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => [
    e.request_id,
    e.partner_id,
    e.environment,
    e.time.toISOString(),
    e.method,
    e.path,
    e.status,
    e.error_code,
    e.duration_ms,
    e.idempotency_key,
    e.api_version,
  ]);
  await db.query(
    `WITH entry AS (
       SELECT e->>0 AS request_id, (e->>1)::uuid AS partner_id, e->>2 AS environment, (e->>3)::timestamptz AS time, e->>4 AS method,
              e->>5 AS path, (e->>6)::integer AS status, e->>7 AS error_code, (e->>8)::integer AS duration_ms, e->>9 AS idempotency_key,
              e->>10 AS api_version
         FROM jsonb_array_elements($1::jsonb) AS e),
     logged AS (INSERT INTO request_log (${COLUMNS.join(', ')}) SELECT ${COLUMNS.join(', ')} FROM entry)
     INSERT INTO request_counts (partner_id, environment, hour, requests, failed)
     SELECT partner_id, environment, date_trunc('hour', time), count(*), count(*) FILTER (WHERE status >= 400)
       FROM entry GROUP BY 1, 2, 3
     ON CONFLICT (partner_id, environment, hour)
     DO UPDATE SET requests = request_counts.requests + EXCLUDED.requests, failed = request_counts.failed + EXCLUDED.failed`,
    [JSON.stringify(rows)],
  );
}

/** Records the latest request of each token in the batch as its last use (never moving it back). */
export async function markTokensUsed(db: Queryable, entries: RequestLogEntry[]): Promise<void> {
  const latest = new Map<string, Date>();
  for (const e of entries) {
    if (e.token_id && !(e.time <= (latest.get(e.token_id) ?? new Date(0)))) latest.set(e.token_id, e.time);
  }
  if (latest.size === 0) return;
  await db.query(
    `UPDATE api_tokens t SET last_used_at = GREATEST(COALESCE(t.last_used_at, u.at), u.at)
       FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, at timestamptz) WHERE t.id = u.id`,
    [JSON.stringify([...latest].map(([id, at]) => ({ id, at })))],
  );
}

/** The request log's order: newest first (its index request_log_tenant, or request_log_tenant_failed). */
export const REQUEST_LOG_KEYSET: Keyset = {
  columns: [
    // Qualified: a bare `time` before AT TIME ZONE would read as the type.
    { expr: 'request_log.time', type: 'timestamptz' },
    { expr: 'request_log.seq', type: 'int8' },
  ],
  order: 'desc',
};

/** One page of the tenant's entries since `since`, newest first; `failed` true for 4xx/5xx, false for 2xx, null for all. */
export async function listRequestLog(
  db: Queryable,
  tenant: Tenant,
  filter: { failed: boolean | null; since: Date },
  window: PageWindow,
): Promise<KeysetWindow<RequestLogEntry>> {
  // Each filter its own text, so each statement has the plan of its index.
  const status = filter.failed === null ? [] : [filter.failed ? 'status >= 400' : 'status BETWEEN 200 AND 299'];
  return selectPage(db, REQUEST_LOG_KEYSET, window, {
    select: COLUMNS.join(', '),
    from: 'request_log',
    where: ['partner_id = $1', 'environment = $2', 'time > $3', ...status],
    params: [tenant.partnerId, tenant.environment, filter.since],
  });
}

/** The tenant's requests and failed requests (4xx and 5xx) in the hours from `sinceHour` on. */
export async function requestCounts(db: Queryable, tenant: Tenant, sinceHour: Date): Promise<{ requests: number; failed: number }> {
  const { rows } = await db.query<{ requests: number; failed: number }>(
    `SELECT COALESCE(sum(requests), 0)::int8 AS requests, COALESCE(sum(failed), 0)::int8 AS failed FROM request_counts
      WHERE partner_id = $1 AND environment = $2 AND hour >= $3`,
    [tenant.partnerId, tenant.environment, sinceHour],
  );
  return rows[0];
}

export async function deleteRequestLogBefore(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM request_log WHERE time < $1', [before]);
  await db.query(`DELETE FROM request_counts WHERE hour < date_trunc('hour', $1::timestamptz)`, [before]);
  return rowCount;
}
