import type { Logger } from 'pino';
import type { Tenant } from '../domain/tenant.ts';
import type { Db } from '../store/db.ts';
import { insertRequestLog, listRequestLog, markTokensUsed, REQUEST_LOG_KEYSET, type RequestLogEntry } from '../store/request-log-store.ts';
import type { ServiceContext } from './context.ts';
import { mapPageItems, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';
import { REQUEST_LOG_RETENTION_DAYS } from './partner-tools-sweeps.ts';

/** Entries waiting for the next batch write at most this long. */
const FLUSH_INTERVAL_MS = 1000;
/** One INSERT holds at most this many entries. */
const BATCH_SIZE = 500;
/** Entries kept in memory while the database does not take them; beyond, the oldest are dropped. */
const MAX_BUFFERED = 20_000;

/**
 * The request log (docs/behaviour.md, section 18), written off the request's path: an answered request
 * adds its entry to an in-memory buffer, and a timer writes the buffer in batches. A failing
 * write is logged and dropped; it never reaches, fails or slows a request.
 */
export class RequestLogRecorder {
  readonly #db: Db;
  readonly #log: Pick<Logger, 'warn'>;
  #buffer: RequestLogEntry[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();
  #dropped = 0;

  constructor(db: Db, log: Pick<Logger, 'warn'>) {
    this.#db = db;
    this.#log = log;
  }

  record(entry: RequestLogEntry): void {
    this.#buffer.push(entry);
    if (this.#buffer.length > MAX_BUFFERED) {
      this.#dropped += this.#buffer.length - MAX_BUFFERED;
      this.#buffer.splice(0, this.#buffer.length - MAX_BUFFERED);
    }
    if (this.#timer === null) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
      this.#timer.unref();
    }
  }

  /** Writes every entry buffered so far (one write at a time); never throws. */
  flush(): Promise<void> {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    this.#flushing = this.#flushing.then(async () => {
      while (this.#buffer.length > 0) {
        const batch = this.#buffer.splice(0, BATCH_SIZE);
        try {
          await insertRequestLog(this.#db, batch);
          await markTokensUsed(this.#db, batch);
        } catch (error) {
          this.#dropped += batch.length;
          this.#log.warn({ err: error, dropped: this.#dropped }, 'request log entries could not be written; dropped');
        }
      }
    });
    return this.#flushing;
  }
}

export type RequestLogStatus = 'succeeded' | 'failed' | null;

function entryView(r: RequestLogEntry) {
  return {
    request_id: r.request_id,
    time: new Date(r.time).toISOString(),
    method: r.method,
    path: r.path,
    status: r.status,
    error_code: r.error_code,
    duration_ms: r.duration_ms,
    idempotency_key: r.idempotency_key,
    api_version: r.api_version,
  };
}

export type RequestLogView = ReturnType<typeof entryView>;

function logFilter(ctx: ServiceContext, status: RequestLogStatus) {
  return { failed: status === null ? null : status === 'failed', since: new Date(ctx.now().getTime() - REQUEST_LOG_RETENTION_DAYS * 86_400_000) };
}

/** One page of the tenant's requests of the last 7 days, newest first (the API's and the dashboard's request log). */
export async function tenantRequestsPage(ctx: ServiceContext, tenant: Tenant, status: RequestLogStatus, request: PageRequest): Promise<Page<RequestLogView>> {
  const scope = { list: 'request_log', owner: tenantOwner(tenant), filters: { status } };
  const page = await readPage(request, scope, REQUEST_LOG_KEYSET, (window) => listRequestLog(ctx.db, tenant, logFilter(ctx, status), window));
  return mapPageItems(page, entryView);
}
