/**
 * How the client sends a request: the token and User-Agent, an Idempotency-Key on every POST and
 * PATCH kept across the client's own retries, retries with exponential backoff on network errors,
 * 5xx, 429 (honouring Retry-After) and 409 IdempotencyKeyInUse, a time limit per attempt, and typed
 * errors carrying the error envelope (./errors.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CallOptions, ClientOptions } from './client-types.ts';
import { apiError, LendingConnectionError } from './errors.ts';

export const API_PREFIX = '/api/lending/v2.2';
export const DEFAULT_BASE_URL = 'http://localhost:8080';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the API prefix, parameters filled in. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, or a function making a fresh body for each attempt (uploads). */
  json?: unknown;
  body?: () => { body: NonNullable<RequestInit['body']>; headers: Record<string, string> };
  accept?: string;
  /** Extra time an attempt may take (long poll). */
  extraTimeoutMs?: number;
}

/** A path segment, encoded. */
export const enc = encodeURIComponent;

const RETRYABLE_STATUS = (status: number, code: string | undefined) => status >= 500 || status === 429 || (status === 409 && code === 'IdempotencyKeyInUse');

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export class Transport {
  readonly baseUrl: string;
  readonly #token: string;
  readonly #options: Required<Pick<ClientOptions, 'maxRetries' | 'initialRetryDelayMs' | 'maxRetryDelayMs' | 'timeoutMs'>>;
  readonly #fetch: typeof fetch;
  readonly #userAgent: string;

  constructor(options: ClientOptions = {}) {
    const token = options.token ?? process.env.LENDING_API_TOKEN;
    if (!token) throw new TypeError('LendingClient: no API token (pass `token` or set LENDING_API_TOKEN).');
    this.#token = token;
    this.baseUrl = (options.baseUrl ?? process.env.LENDING_BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.#options = {
      maxRetries: options.maxRetries ?? 3,
      initialRetryDelayMs: options.initialRetryDelayMs ?? 500,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
      timeoutMs: options.timeoutMs ?? 60_000,
    };
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#userAgent = options.userAgent ?? 'lending-sdk/2.2';
  }

  /** Sends one request with the client's retries; answers the raw Response of the successful attempt. */
  async send(spec: RequestSpec, call: CallOptions = {}): Promise<Response> {
    const url = new URL(`${this.baseUrl}${API_PREFIX}${spec.path}`);
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const describe = { method: spec.method, path: url.pathname };
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      accept: spec.accept ?? 'application/json',
      'user-agent': this.#userAgent,
      ...call.headers,
    };
    // One key for the whole call: a retry of a request that did reach the server is then a replay.
    if (spec.method === 'POST' || spec.method === 'PATCH') headers['idempotency-key'] = call.idempotencyKey ?? randomUUID();
    const jsonText = spec.json === undefined ? undefined : JSON.stringify(spec.json);
    if (jsonText !== undefined) headers['content-type'] = 'application/json';

    for (let attempt = 0; ; attempt++) {
      const made = spec.body?.();
      const timeout = AbortSignal.timeout(this.#options.timeoutMs + (spec.extraTimeoutMs ?? 0));
      const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await this.#fetch(url, {
          method: spec.method,
          headers: made ? { ...headers, ...made.headers } : headers,
          body: made ? made.body : jsonText,
          signal,
          ...(made && made.body instanceof ReadableStream ? { duplex: 'half' } : {}),
        } as RequestInit);
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason;
        if (attempt >= this.#options.maxRetries) throw new LendingConnectionError(describe, error);
        await sleep(this.#backoff(attempt), call.signal);
        continue;
      }
      if (response.ok) return response;

      const text = await response.text().catch(() => '');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      const error = apiError(response.status, parsed, response.headers, describe);
      if (!RETRYABLE_STATUS(response.status, error.code) || attempt >= this.#options.maxRetries) throw error;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      await sleep(asked === undefined ? this.#backoff(attempt) : Math.min(asked, this.#options.maxRetryDelayMs), call.signal);
    }
  }

  #backoff(attempt: number): number {
    const ceiling = Math.min(this.#options.maxRetryDelayMs, this.#options.initialRetryDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  /** Sends the request and answers its JSON body. */
  async json<T>(spec: RequestSpec, call?: CallOptions): Promise<T> {
    const response = await this.send(spec, call);
    return (await response.json()) as T;
  }

  /** Sends the request and answers its body's bytes (PDF documents). */
  async bytes(spec: RequestSpec, call?: CallOptions): Promise<Uint8Array> {
    const response = await this.send(spec, call);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * Each client's transport, out of reach of the client's users (as a private field would be), for the
 * calls of every resource (./calls/), which are methods of LendingClient.
 */
const transports = new WeakMap<object, Transport>();

export function attachTransport(client: object, transport: Transport): void {
  transports.set(client, transport);
}

export function transportOf(client: object): Transport {
  const transport = transports.get(client);
  if (!transport) throw new TypeError('LendingClient method called on an object that is not a LendingClient');
  return transport;
}
