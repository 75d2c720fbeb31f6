/**
 * A thin typed client of the Lending Partner API v2.2 over `fetch`: one method per partner route,
 * request and answer types generated from openapi.json (./client-types.ts, ./openapi.ts), an
 * Idempotency-Key on every POST and PATCH kept across the client's own retries, retries with
 * exponential backoff on network errors, 5xx, 429 (honouring Retry-After) and 409
 * IdempotencyKeyInUse, and typed errors carrying the error envelope (./transport.ts, ./errors.ts).
 *
 * The methods are written by resource in ./calls/ and mixed into LendingClient's prototype (the
 * TypeScript handbook's mixin pattern): `new LendingClient()` has every one of them.
 */
import { AccountCalls } from './calls/account.ts';
import { ApplicationCalls } from './calls/applications.ts';
import { CustomerCalls } from './calls/customers.ts';
import { DocumentCalls } from './calls/documents.ts';
import { LoanCalls } from './calls/loans.ts';
import { SandboxCalls } from './calls/sandbox.ts';
import { TestClockCalls } from './calls/test-clocks.ts';
import { WebhookCalls } from './calls/webhooks.ts';
import type { ClientOptions } from './client-types.ts';
import { LendingApiError } from './errors.ts';
import { attachTransport, Transport } from './transport.ts';

export type * from './client-types.ts';
export { mediaTypeOf } from './calls/documents.ts';
export { API_PREFIX, DEFAULT_BASE_URL, retryAfterMs } from './transport.ts';

const CALLS = [AccountCalls, CustomerCalls, ApplicationCalls, DocumentCalls, WebhookCalls, LoanCalls, SandboxCalls, TestClockCalls];

// The class below and this interface are one type: LendingClient has the methods of every resource.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface LendingClient extends AccountCalls, CustomerCalls, ApplicationCalls, DocumentCalls, WebhookCalls, LoanCalls, SandboxCalls, TestClockCalls {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class LendingClient {
  readonly baseUrl: string;

  constructor(options: ClientOptions = {}) {
    const transport = new Transport(options);
    this.baseUrl = transport.baseUrl;
    attachTransport(this, transport);
  }
}

for (const calls of CALLS) {
  for (const name of Object.getOwnPropertyNames(calls.prototype)) {
    if (name !== 'constructor') Object.defineProperty(LendingClient.prototype, name, Object.getOwnPropertyDescriptor(calls.prototype, name)!);
  }
}

export { LendingApiError };
