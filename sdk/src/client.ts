/**
 * A thin typed client of the Lending Partner API v2.2 over `fetch`: one method per partner route,
 * request and answer types generated from openapi.json (./openapi.ts), an Idempotency-Key on every
 * POST and PATCH kept across the client's own retries, retries with exponential backoff on network
 * errors, 5xx, 429 (honouring Retry-After) and 409 IdempotencyKeyInUse, and typed errors carrying
 * the error envelope (./errors.ts).
 */
import { randomUUID } from 'node:crypto';
import { apiError, LendingApiError, LendingConnectionError } from './errors.ts';
import type { paths } from './openapi.ts';
import type { WebhookEventType } from './webhook-events.ts';
import type { PageQuery } from './paging.ts';

export const API_PREFIX = '/api/lending/v2.2';
export const DEFAULT_BASE_URL = 'http://localhost:8080';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type P<S extends string> = `/api/lending/v2.2${S}`;
type Operation<Path extends keyof paths, M extends Method> = NonNullable<paths[Path][M & keyof paths[Path]]>;

/** The JSON body of the operation's 2xx answers. */
type Ok<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? (R[S] extends { content: { 'application/json': infer B } } ? B : never) : never }[keyof R]
  : never;
/** The JSON request body of the operation. */
type Body<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The query parameters of the operation. */
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type AnswerOf<Path extends string, M extends Method> = Ok<Operation<P<Path> & keyof paths, M>>;
export type BodyOf<Path extends string, M extends Method> = Body<Operation<P<Path> & keyof paths, M>>;
export type QueryOf<Path extends string, M extends Method> = Query<Operation<P<Path> & keyof paths, M>>;

export type Customer = AnswerOf<'/customers/{customer_id}/', 'get'>['data'];
export type CreateCustomerBody = BodyOf<'/customers/', 'post'>;
export type Application = AnswerOf<'/customers/{customer_id}/applications/latest/', 'get'>['data'];
export type OffersAnswer = AnswerOf<'/applications/{application_id}/offers/', 'get'>['data'];
export type RepaymentSchedule = AnswerOf<'/offers/{offer_id}/repayment_schedule/', 'get'>['data'];
export type Loan = AnswerOf<'/loans/{loan_id}/', 'get'>['data'];
export type SettlementQuote = AnswerOf<'/loans/{loan_id}/settlement_quote/', 'get'>['data'];
export type DocumentType = NonNullable<
  NonNullable<Operation<P<'/document_upload/{customer_id}/'>, 'post'>['requestBody']>['content']['multipart/form-data']
>['document_type'];

/** Query parameters as the document types them (strings), numbers accepted too. */
type Loose<Q> = { [K in keyof Q]?: Q[K] | number };

/** One event of the events API; `data` is exactly the webhook payload, typed by `webhook_event_type`. */
export type LendingEvent = AnswerOf<'/events/', 'get'>['data'][number];
/** The events of the given types. */
export type LendingEventOf<T extends WebhookEventType> = Extract<LendingEvent, { webhook_event_type: T }>;
export type LendingEventWithDelivery = AnswerOf<'/events/{event_id}/', 'get'>['data'];
export type EventList = AnswerOf<'/events/', 'get'>;
export type EventListQuery = Loose<QueryOf<'/events/', 'get'>>;
export interface EventIteratorOptions<T extends WebhookEventType = WebhookEventType> {
  after?: string;
  /** Only these types; the events yielded are typed accordingly. */
  types?: T[];
  /** Keep waiting for new events (default true); false ends once caught up. */
  follow?: boolean;
  /** Long-poll wait of each request while following (default 30 s). */
  waitSeconds?: number;
  pageSize?: number;
  signal?: AbortSignal;
}
export type RequestLogEntry = AnswerOf<'/request_log/', 'get'>['data'][number];
export type RequestLog = AnswerOf<'/request_log/', 'get'>;
export type RequestLogQuery = Loose<QueryOf<'/request_log/', 'get'>>;

/** Options of one call. */
export interface CallOptions {
  /** Idempotency-Key of a POST or PATCH; the client makes a UUID when absent. Kept across retries. */
  idempotencyKey?: string;
  /** Aborts the call, retries included. */
  signal?: AbortSignal;
  /** Extra request headers (e.g. X-Request-ID). */
  headers?: Record<string, string>;
}

export interface ClientOptions {
  /** API token (`sk_sandbox_…` or `sk_live_…`). Default: the LENDING_API_TOKEN environment variable. */
  token?: string;
  /** Server origin. Default: LENDING_BASE_URL, else http://localhost:8080. */
  baseUrl?: string;
  /** Retries after the first attempt (network error, 5xx, 429, 409 IdempotencyKeyInUse). Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubles on each retry, with full jitter. Default 500 ms. */
  initialRetryDelayMs?: number;
  /** Largest backoff delay, and largest Retry-After honoured. Default 60 s. */
  maxRetryDelayMs?: number;
  /** Time limit of one attempt (a long poll adds its wait). Default 60 s. */
  timeoutMs?: number;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Sent as User-Agent. */
  userAgent?: string;
}

export interface UploadProgress {
  sent: number;
  total: number;
}

export interface UploadDocumentInput {
  document_type: DocumentType;
  /** The file's bytes. */
  content: Uint8Array | Blob;
  filename: string;
  /** MIME type of the file (default: from the filename's extension, else application/octet-stream). */
  contentType?: string;
  /** Called as the body is sent (each attempt starts again from 0). */
  onProgress?: (progress: UploadProgress) => void;
}

/** Media types by extension of the files the upload route accepts. */
const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  csv: 'text/csv',
  json: 'application/json',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function mediaTypeOf(filename: string): string {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return MEDIA_TYPES[ext] ?? 'application/octet-stream';
}

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

interface RequestSpec {
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

const enc = encodeURIComponent;

export class LendingClient {
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
  async #send(spec: RequestSpec, call: CallOptions = {}): Promise<Response> {
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

  async #json<T>(spec: RequestSpec, call?: CallOptions): Promise<T> {
    const response = await this.#send(spec, call);
    return (await response.json()) as T;
  }

  // Authentication

  /** GET /authentication_check/: the token's partner and environment. */
  authenticationCheck(call?: CallOptions) {
    return this.#json<AnswerOf<'/authentication_check/', 'get'>>({ method: 'GET', path: '/authentication_check/' }, call);
  }

  // Customers and applications

  createCustomer(body: CreateCustomerBody, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/', 'post'>>({ method: 'POST', path: '/customers/', json: body }, call);
  }

  getCustomer(customerId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/', 'get'>>({ method: 'GET', path: `/customers/${enc(customerId)}/` }, call);
  }

  updateCustomer(customerId: string, body: BodyOf<'/customers/{customer_id}/', 'put'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/', 'put'>>({ method: 'PUT', path: `/customers/${enc(customerId)}/`, json: body }, call);
  }

  /** PUT /customers/{id}/funding_account/: the bank account drawdowns are paid into (answers its last four digits only). */
  setFundingAccount(customerId: string, body: BodyOf<'/customers/{customer_id}/funding_account/', 'put'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/funding_account/', 'put'>>(
      { method: 'PUT', path: `/customers/${enc(customerId)}/funding_account/`, json: body },
      call,
    );
  }

  /** GET /customers/{id}/funding_account/: the current account and its status. */
  getFundingAccount(customerId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/funding_account/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/funding_account/` },
      call,
    );
  }

  /** GET /customers/{id}/pre_approval/: the customer's pre-approval (a limit drawn without an application). */
  getPreApproval(customerId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/pre_approval/', 'get'>>({ method: 'GET', path: `/customers/${enc(customerId)}/pre_approval/` }, call);
  }

  createApplication(customerId: string, body: BodyOf<'/customers/{customer_id}/applications/', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/applications/', 'post'>>(
      { method: 'POST', path: `/customers/${enc(customerId)}/applications/`, json: body },
      call,
    );
  }

  getLatestApplication(customerId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/applications/latest/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/applications/latest/` },
      call,
    );
  }

  updateLatestApplication(customerId: string, body: BodyOf<'/customers/{customer_id}/applications/latest/', 'patch'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/applications/latest/', 'patch'>>(
      { method: 'PATCH', path: `/customers/${enc(customerId)}/applications/latest/`, json: body },
      call,
    );
  }

  getLoginLink(customerId: string, query: QueryOf<'/customers/{customer_id}/login_link/', 'get'> = {}, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/login_link/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/login_link/`, query: query as RequestSpec['query'] },
      call,
    );
  }

  listIntroducers(call?: CallOptions) {
    return this.#json<AnswerOf<'/introducers/', 'get'>>({ method: 'GET', path: '/introducers/' }, call);
  }

  // Offers and schedules

  listOffers(applicationId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/applications/{application_id}/offers/', 'get'>>({ method: 'GET', path: `/applications/${enc(applicationId)}/offers/` }, call);
  }

  selectOffer(offerId: string, body: BodyOf<'/offers/{offer_id}/select/', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/offers/{offer_id}/select/', 'post'>>({ method: 'POST', path: `/offers/${enc(offerId)}/select/`, json: body }, call);
  }

  getRepaymentSchedule(offerId: string, query: QueryOf<'/offers/{offer_id}/repayment_schedule/', 'get'> = {}, call?: CallOptions) {
    return this.#json<AnswerOf<'/offers/{offer_id}/repayment_schedule/', 'get'>>(
      { method: 'GET', path: `/offers/${enc(offerId)}/repayment_schedule/`, query: query as RequestSpec['query'] },
      call,
    );
  }

  /** The repayment schedule as a PDF document (its bytes). */
  async getRepaymentSchedulePdf(
    offerId: string,
    query: QueryOf<'/offers/{offer_id}/repayment_schedule/', 'get'> = {},
    call?: CallOptions,
  ): Promise<Uint8Array> {
    const response = await this.#send(
      { method: 'GET', path: `/offers/${enc(offerId)}/repayment_schedule/`, query: query as RequestSpec['query'], accept: 'application/pdf' },
      call,
    );
    return new Uint8Array(await response.arrayBuffer());
  }

  // Documents

  listDocuments(customerId: string, query: PageQuery = {}, call?: CallOptions) {
    return this.#json<AnswerOf<'/document_upload/{customer_id}/', 'get'>>(
      { method: 'GET', path: `/document_upload/${enc(customerId)}/`, query: { ...query } },
      call,
    );
  }

  /** POST /document_upload/{customer_id}/ (multipart), reporting progress as the body is sent. */
  async uploadDocument(customerId: string, input: UploadDocumentInput, call?: CallOptions) {
    const file = input.content instanceof Blob ? input.content : new Blob([input.content as Uint8Array<ArrayBuffer>]);
    const form = new FormData();
    form.set('document_type', input.document_type);
    form.set('document', new File([file], input.filename, { type: input.contentType ?? mediaTypeOf(input.filename) }));
    // Serialise the form once, then send its bytes through a stream that counts what is read.
    const encoded = new Response(form);
    const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const chunkSize = 64 * 1024;
    return this.#json<AnswerOf<'/document_upload/{customer_id}/', 'post'>>(
      {
        method: 'POST',
        path: `/document_upload/${enc(customerId)}/`,
        body: () => {
          let offset = 0;
          input.onProgress?.({ sent: 0, total: bytes.length });
          const stream = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (offset >= bytes.length) return controller.close();
              const chunk = bytes.subarray(offset, offset + chunkSize);
              offset += chunk.length;
              controller.enqueue(chunk);
              input.onProgress?.({ sent: offset, total: bytes.length });
            },
          });
          return { body: stream, headers: { 'content-type': contentType } };
        },
      },
      call,
    );
  }

  submitBankStatements(customerId: string, body: BodyOf<'/bank_statements/{customer_id}/', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/bank_statements/{customer_id}/', 'post'>>({ method: 'POST', path: `/bank_statements/${enc(customerId)}/`, json: body }, call);
  }

  // Prequalification

  createPrequalification(body: BodyOf<'/prequalification_data', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/prequalification_data', 'post'>>({ method: 'POST', path: '/prequalification_data', json: body }, call);
  }

  getPrequalification(query: QueryOf<'/prequalification_data', 'get'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/prequalification_data', 'get'>>({ method: 'GET', path: '/prequalification_data', query: query as RequestSpec['query'] }, call);
  }

  // Webhooks

  getWebhookConfiguration(call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/configuration/', 'get'>>({ method: 'GET', path: '/webhooks/configuration/' }, call);
  }

  setWebhookConfiguration(body: BodyOf<'/webhooks/configuration/', 'put'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/configuration/', 'put'>>({ method: 'PUT', path: '/webhooks/configuration/', json: body }, call);
  }

  getSigningSecret(call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/signing_secret/', 'get'>>({ method: 'GET', path: '/webhooks/signing_secret/' }, call);
  }

  rotateSigningSecret(call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/signing_secret/rotate/', 'post'>>({ method: 'POST', path: '/webhooks/signing_secret/rotate/' }, call);
  }

  listEventTypes(call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/event_types/', 'get'>>({ method: 'GET', path: '/webhooks/event_types/' }, call);
  }

  listSubscriptions(call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/subscriptions/', 'get'>>({ method: 'GET', path: '/webhooks/subscriptions/' }, call);
  }

  subscribe(body: BodyOf<'/webhooks/subscriptions/', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/subscriptions/', 'post'>>({ method: 'POST', path: '/webhooks/subscriptions/', json: body }, call);
  }

  unsubscribe(body: BodyOf<'/webhooks/subscriptions/', 'delete'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/subscriptions/', 'delete'>>({ method: 'DELETE', path: '/webhooks/subscriptions/', json: body }, call);
  }

  listDeliveries(query: QueryOf<'/webhooks/deliveries/', 'get'> = {}, call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/deliveries/', 'get'>>({ method: 'GET', path: '/webhooks/deliveries/', query: query as RequestSpec['query'] }, call);
  }

  redeliverEvent(eventId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/webhooks/events/{event_id}/redeliver/', 'post'>>(
      { method: 'POST', path: `/webhooks/events/${enc(eventId)}/redeliver/` },
      call,
    );
  }

  // Events (docs/behaviour.md, section 17) and the request log (section 18)

  /** GET /events/: events strictly after `after`, oldest first; `wait` (0-30 s) long-polls when there are none yet. */
  listEvents(query: EventListQuery = {}, call?: CallOptions) {
    return this.#json<EventList>(
      { method: 'GET', path: '/events/', query: query as RequestSpec['query'], extraTimeoutMs: (Number(query.wait) || 0) * 1000 },
      call,
    );
  }

  /** GET /events/{event_id}/: one event with its delivery status. */
  getEvent(eventId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/events/{event_id}/', 'get'>>({ method: 'GET', path: `/events/${enc(eventId)}/` }, call);
  }

  /**
   * Every event after `after` (from the start of retention when absent), oldest first, following
   * new ones as they happen with long polls (`follow`, the default), or ending once caught up
   * (`follow: false`). Break out of the loop, or abort `signal`, to stop.
   */
  async *events<T extends WebhookEventType = WebhookEventType>(options: EventIteratorOptions<T> = {}): AsyncGenerator<LendingEventOf<T>, void, undefined> {
    let after = options.after;
    const follow = options.follow ?? true;
    const wait = follow ? (options.waitSeconds ?? 30) : 0;
    for (;;) {
      const page = await this.listEvents(
        { after, types: options.types?.length ? options.types.join(',') : undefined, limit: options.pageSize ?? 100, wait },
        { signal: options.signal },
      );
      for (const event of page.data) {
        after = event.event_id;
        // The server answers only the types asked for.
        yield event as LendingEventOf<T>;
      }
      if (!page.has_more && (!follow || options.signal?.aborted)) return;
    }
  }

  /** GET /request_log/: the tenant's recent requests, newest first. */
  listRequestLog(query: RequestLogQuery = {}, call?: CallOptions) {
    return this.#json<RequestLog>({ method: 'GET', path: '/request_log/', query: query as RequestSpec['query'] }, call);
  }

  // Sandbox

  sandboxDecideApplication(applicationId: string, body: BodyOf<'/sandbox/applications/{application_id}/decision', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/sandbox/applications/{application_id}/decision', 'post'>>(
      { method: 'POST', path: `/sandbox/applications/${enc(applicationId)}/decision`, json: body },
      call,
    );
  }

  // Loans (docs/behaviour.md, section 22)

  /** A customer's loans, newest first. */
  listCustomerLoans(customerId: string, query: PageQuery = {}, call?: CallOptions) {
    return this.#json<AnswerOf<'/customers/{customer_id}/loans/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/loans/`, query: { ...query } },
      call,
    );
  }

  /** A loan: balance, next repayment, arrears and every repayment with its status. */
  getLoan(loanId: string, call?: CallOptions) {
    return this.#json<AnswerOf<'/loans/{loan_id}/', 'get'>>({ method: 'GET', path: `/loans/${enc(loanId)}/` }, call);
  }

  /** The figure that settles the loan on `on` (YYYY-MM-DD, default today). */
  getSettlementQuote(loanId: string, query: QueryOf<'/loans/{loan_id}/settlement_quote/', 'get'> = {}, call?: CallOptions) {
    return this.#json<AnswerOf<'/loans/{loan_id}/settlement_quote/', 'get'>>(
      { method: 'GET', path: `/loans/${enc(loanId)}/settlement_quote/`, query: query as RequestSpec['query'] },
      call,
    );
  }

  /** The loan's statement as a PDF document (its bytes). */
  async getLoanStatement(loanId: string, call?: CallOptions): Promise<Uint8Array> {
    const response = await this.#send({ method: 'GET', path: `/loans/${enc(loanId)}/statement/`, accept: 'application/pdf' }, call);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** Sandbox: records Direct Debit outcomes up to `until`, the dates in `missed` missed. */
  sandboxSimulateLoanCollections(loanId: string, body: BodyOf<'/sandbox/loans/{loan_id}/simulate', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/sandbox/loans/{loan_id}/simulate', 'post'>>(
      { method: 'POST', path: `/sandbox/loans/${enc(loanId)}/simulate`, json: body },
      call,
    );
  }

  /** Sandbox: pays the settlement figure on `on` (default today) and settles the loan. */
  sandboxSettleLoan(loanId: string, body: BodyOf<'/sandbox/loans/{loan_id}/settle', 'post'> = { data: {} }, call?: CallOptions) {
    return this.#json<AnswerOf<'/sandbox/loans/{loan_id}/settle', 'post'>>({ method: 'POST', path: `/sandbox/loans/${enc(loanId)}/settle`, json: body }, call);
  }

  sandboxFundOffer(offerId: string, body: BodyOf<'/sandbox/offers/{offer_id}/fundings', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/sandbox/offers/{offer_id}/fundings', 'post'>>(
      { method: 'POST', path: `/sandbox/offers/${enc(offerId)}/fundings`, json: body },
      call,
    );
  }

  /** POST /sandbox/customers/{customer_id}/pre_approvals: pre-approves a customer now. */
  sandboxPreApproveCustomer(customerId: string, body: BodyOf<'/sandbox/customers/{customer_id}/pre_approvals', 'post'>, call?: CallOptions) {
    return this.#json<AnswerOf<'/sandbox/customers/{customer_id}/pre_approvals', 'post'>>(
      { method: 'POST', path: `/sandbox/customers/${enc(customerId)}/pre_approvals`, json: body },
      call,
    );
  }

  /** POST /sandbox/webhooks/test: records and sends a sample event of `type`. */
  sandboxTestEvent(type: WebhookEventType, call?: CallOptions) {
    return this.#json<AnswerOf<'/sandbox/webhooks/test', 'post'>>(
      { method: 'POST', path: '/sandbox/webhooks/test', json: { data: { webhook_event_type: type } } },
      call,
    );
  }
}

export { LendingApiError };
