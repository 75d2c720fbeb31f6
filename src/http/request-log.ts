import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../store/db.ts';
import { insertRequestLog, type RequestLogEntry } from '../store/request-log-store.ts';
import { IDEMPOTENCY_HEADER, KEY_FORMAT } from './idempotency.ts';
import { LEGACY_PREFIX } from './partner-api.ts';

/** Entries waiting for the next batch write at most this long. */
const FLUSH_INTERVAL_MS = 1000;
/** One INSERT holds at most this many entries. */
const BATCH_SIZE = 500;
/** Entries kept in memory while the database does not take them; beyond, the oldest are dropped. */
const MAX_BUFFERED = 20_000;

/**
 * The request log (contract section 18), written off the request's path: an answered request
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
        } catch (error) {
          this.#dropped += batch.length;
          this.#log.warn({ err: error, dropped: this.#dropped }, 'request log entries could not be written; dropped');
        }
      }
    });
    return this.#flushing;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code of the answer, for the request log. */
    answeredErrorCode: string | null;
  }
}

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  try {
    const body = JSON.parse(payload.toString()) as { errors?: { code?: unknown }[] };
    const code = body.errors?.[0]?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' && KEY_FORMAT.test(value) ? value : null;
}

/** Records every authenticated partner request of the scope (metadata only: no body, token or query). */
export function installRequestLog(app: FastifyInstance, recorder: RequestLogRecorder): void {
  app.decorateRequest('answeredErrorCode', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && request.principal) request.answeredErrorCode = errorCodeOf(payload);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const principal = request.principal;
    if (!principal) return done();
    recorder.record({
      request_id: String(request.id),
      partner_id: principal.partnerId,
      environment: principal.environment,
      time: new Date(app.ctx.now().getTime() - reply.elapsedTime),
      method: request.method,
      path: request.url.split('?')[0],
      status: reply.statusCode,
      error_code: request.answeredErrorCode,
      duration_ms: Math.round(reply.elapsedTime),
      idempotency_key: idempotencyKeyOf(request),
      api_version: request.url.startsWith(LEGACY_PREFIX) ? '2.1' : '2.2',
    });
    done();
  });
}
