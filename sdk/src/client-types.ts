/**
 * The client's types: each operation's answer, body and query, read from the types generated from
 * openapi.json (./openapi.ts), the resources' names, and the client's and each call's options.
 */
import type { paths } from './openapi.ts';
import type { WebhookEventType } from './webhook-events.ts';

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
