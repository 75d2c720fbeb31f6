/**
 * The SDK's client against a real server (HTTP on loopback, the worker running), on both
 * databases; failures come from a real proxy in front of it (sdk/test/fault-proxy.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerBody, usePartner } from '../../test/helpers/app.ts';
import { BACKENDS } from '../../test/helpers/db.ts';
import { countRows, UUID } from '../../test/helpers/foundation.ts';
import { pdf } from '../../test/helpers/files.ts';
import {
  LendingApiError,
  LendingAuthenticationError,
  LendingClient,
  LendingConnectionError,
  LendingIdempotencyError,
  LendingNotFoundError,
  LendingRateLimitError,
  LendingServerError,
  LendingValidationError,
  retryAfterMs,
  type LendingEvent,
  type LendingEventOf,
} from '../src/index.ts';
import { FaultProxy } from './fault-proxy.ts';
import { eventually } from '../../test/helpers/receiver.ts';
import { useWebServer } from '../../test/helpers/browser.ts';

const OFFER = { product_type: 'business_loan' as const, max_amount: 10000, monthly_interest_percentage: 3, fee_percentage: 2.5, duration_in_days: 365 };
let companyNumber = 20000000;
const newCustomer = () => {
  companyNumber += 1;
  return customerBody({ external_customer_id: `sdk-${companyNumber}` }, { company_number: String(companyNumber) }) as never;
};

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe.each(BACKENDS)('the SDK client on %s', (backend) => {
  const server = useWebServer(backend);
  const partner = usePartner(server);
  let proxy: FaultProxy;
  let client: LendingClient;
  /** Through the proxy, with quick backoff. */
  let proxied: LendingClient;

  beforeAll(async () => {
    proxy = await FaultProxy.start(server.base);
    client = new LendingClient({ token: partner.token, baseUrl: server.base });
    proxied = new LendingClient({ token: partner.token, baseUrl: proxy.base, initialRetryDelayMs: 20, maxRetries: 3 });
  });
  afterAll(async () => proxy?.close());

  it('calls the partner routes with typed answers: customer, application, offers, schedule (JSON and PDF), selection, upload', async () => {
    const auth = await client.authenticationCheck();
    expect(auth.data).toMatchObject({ partner_id: partner.partnerId, environment: 'sandbox', api_version: '2.2.0' });

    const { data: created } = await client.createCustomer(newCustomer());
    expect((await client.getCustomer(created.customer_id)).data.customer_id).toBe(created.customer_id);

    const { data: application } = await client.createApplication(created.customer_id, { data: { amount: 10000 } });
    expect((await client.getLatestApplication(created.customer_id)).data.application_id).toBe(application.application_id);

    await client.sandboxDecideApplication(application.application_id, { data: { outcome: 'offered', offers: [OFFER] } });
    const offers = await client.listOffers(application.application_id);
    expect(offers.data.offer_creation_status).toBe('offers_available');
    const offer = offers.data.offers[0];
    expect(offer).toMatchObject({ max_amount: 10000, product_type: 'business_loan', status: 'available' });

    const schedule = await client.getRepaymentSchedule(offer.offer_id, { amount: '5000.00' });
    expect(schedule.data.amount_borrowed).toBe(5000);
    expect(schedule.data.repayments.length).toBeGreaterThan(0);
    const document = await client.getRepaymentSchedulePdf(offer.offer_id);
    expect(Buffer.from(document.subarray(0, 5)).toString()).toBe('%PDF-');

    const selected = await client.selectOffer(offer.offer_id, { data: { entity_to_contact: 'customer' } });
    expect(selected.data.login_link).toMatch(/^http/);
    expect((await client.listOffers(application.application_id)).data.offers[0].status).toBe('selected');

    const progress: number[] = [];
    const bytes = pdf({ padding: 300_000 });
    const uploaded = await client.uploadDocument(created.customer_id, {
      document_type: 'business accounts',
      content: bytes,
      filename: 'accounts.pdf',
      onProgress: ({ sent, total }) => {
        expect(total).toBeGreaterThan(bytes.length);
        progress.push(sent / total);
      },
    });
    expect(uploaded.data).toMatchObject({ document_type: 'business accounts', document_name: 'accounts.pdf' });
    // Several steps, in order, ending with everything sent.
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    const listed = await client.listDocuments(created.customer_id);
    expect(JSON.stringify(listed)).toContain((uploaded.data as { document_id: string }).document_id);
  });

  it('throws typed errors carrying the envelope', async () => {
    const missing = await caught(client.getCustomer('7d9b3c52-5f38-4a3e-9d6b-1a2b3c4d5e6f'));
    expect(missing).toBeInstanceOf(LendingNotFoundError);
    expect(missing).toBeInstanceOf(LendingApiError);
    const notFound = missing as LendingNotFoundError;
    expect(notFound.status).toBe(404);
    expect(notFound.code).toBe('NotFound');
    expect(notFound.requestId).toMatch(/\S/);
    expect(notFound.message).toContain('NotFound');

    const invalid = (await caught(
      client.createCustomer({ data: { company: { company_number: 'x'.repeat(60) }, people: [] } } as never),
    )) as LendingValidationError;
    expect(invalid).toBeInstanceOf(LendingValidationError);
    expect(invalid.status).toBe(400);
    expect(invalid.errors.length).toBeGreaterThan(1);
    expect(invalid.errors.every((e) => e.code && e.detail)).toBe(true);
    expect(invalid.errors.map((e) => e.source?.pointer)).toContain('/data/company/company_number');

    const bad = new LendingClient({ token: 'sk_sandbox_not_a_token', baseUrl: server.base });
    const denied = await caught(bad.authenticationCheck());
    expect(denied).toBeInstanceOf(LendingAuthenticationError);
    expect((denied as LendingAuthenticationError).code).toBe('AuthenticationFailed');
  });

  it("sends an Idempotency-Key on every POST, a new one per call, the caller's when given", async () => {
    proxy.plan(() => 'forward');
    await proxied.createCustomer(newCustomer());
    await proxied.createCustomer(newCustomer());
    await proxied.createCustomer(newCustomer(), { idempotencyKey: 'my-own-key-1' });
    await proxied.authenticationCheck();
    const keys = proxy.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('my-own-key-1');
    expect(keys[3]).toBeUndefined();
  });

  it('keeps the key across its retries: a POST whose answer was lost creates one customer, answered by the replay', async () => {
    const before = await countRows(server.t, 'customers', 'partner_id = $1', [partner.partnerId]);
    proxy.plan((r) => (r.n === 1 ? 'forward-then-drop' : 'forward'));
    const body = newCustomer();
    const { data } = await proxied.createCustomer(body);
    expect(proxy.requests).toHaveLength(2);
    const [first, second] = proxy.requests;
    expect(first.answer?.status).toBe(201);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.answer?.status).toBe(201);
    expect(second.answer?.headers.get('idempotent-replayed')).toBe('true');
    expect(await countRows(server.t, 'customers', 'partner_id = $1', [partner.partnerId])).toBe(before + 1);
    expect((await client.getCustomer(data.customer_id)).data.customer_id).toBe(data.customer_id);

    // The same key with another body is refused with its own error type.
    const reused = await caught(client.createCustomer(newCustomer(), { idempotencyKey: String(first.headers['idempotency-key']) }));
    expect(reused).toBeInstanceOf(LendingIdempotencyError);
    expect((reused as LendingIdempotencyError).code).toBe('IdempotencyKeyReused');
  });

  it('retries a refused connection and a 5xx with backoff, then gives up with the right error', async () => {
    proxy.plan((r) => (r.n === 1 ? 'drop' : r.n === 2 ? { status: 503, body: '{"errors":[{"code":"ServerError","detail":"down"}]}' } : 'forward'));
    expect((await proxied.authenticationCheck()).data.partner_id).toBe(partner.partnerId);
    expect(proxy.requests.map((r) => (typeof r.fault === 'object' ? r.fault.status : r.fault))).toEqual(['drop', 503, 'forward']);

    proxy.plan(() => ({ status: 502, body: 'Bad gateway' }));
    const failed = await caught(proxied.authenticationCheck());
    expect(failed).toBeInstanceOf(LendingServerError);
    expect((failed as LendingServerError).status).toBe(502);
    expect((failed as LendingServerError).code).toBe('ServerError');
    expect(proxy.requests).toHaveLength(4); // the first attempt and 3 retries

    proxy.plan(() => 'drop');
    expect(await caught(proxied.authenticationCheck())).toBeInstanceOf(LendingConnectionError);
    expect(proxy.requests).toHaveLength(4);

    // A 4xx other than 429 is not retried.
    proxy.plan(() => 'forward');
    await caught(proxied.getCustomer('7d9b3c52-5f38-4a3e-9d6b-1a2b3c4d5e6f'));
    expect(proxy.requests).toHaveLength(1);
  });

  it('honours Retry-After on 429, with the same Idempotency-Key', async () => {
    const throttled = { status: 429, headers: { 'retry-after': '1' }, body: '{"errors":[{"code":"Throttled","detail":"slow down"}]}' };
    proxy.plan((r) => (r.n === 1 ? throttled : 'forward'));
    await proxied.createCustomer(newCustomer());
    const [first, second] = proxy.requests;
    expect(second.at - first.at).toBeGreaterThanOrEqual(990);
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);

    const once = new LendingClient({ token: partner.token, baseUrl: proxy.base, maxRetries: 0 });
    proxy.plan(() => throttled);
    const error = (await caught(once.authenticationCheck())) as LendingRateLimitError;
    expect(error).toBeInstanceOf(LendingRateLimitError);
    expect(error.retryAfterSeconds).toBe(1);
    expect(proxy.requests).toHaveLength(1);
  });

  it('iterates over the events API: catches up page by page, follows new events with long polls, filters types, stops on abort', async () => {
    // Every recorded event, once no older transaction still holds one back (on a shared
    // PostgreSQL another test's transaction can, for a moment).
    const recorded = await countRows(server.t, 'outbox_events', 'partner_id = $1', [partner.partnerId]);
    const all = await eventually(
      async () => {
        const seen: LendingEvent[] = [];
        for await (const event of client.events({ follow: false })) seen.push(event);
        return seen.length === recorded && seen;
      },
      15_000,
      'every event in the list',
    );
    expect(all.map((e) => e.webhook_event_type)).toEqual(expect.arrayContaining(['application_offered', 'application_status_changed']));
    const paged: LendingEvent[] = [];
    for await (const event of client.events({ follow: false, pageSize: 1 })) paged.push(event);
    expect(paged).toEqual(all);
    const offered: LendingEvent[] = [];
    for await (const event of client.events({ follow: false, types: ['application_offered'] })) offered.push(event);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).toEqual(all.filter((e) => e.webhook_event_type === 'application_offered'));

    // Following: the iterator waits (long poll) until a new event of the type happens.
    const iterator = client.events({ after: all.at(-1)?.event_id, types: ['application_offered'], waitSeconds: 10 });
    const next = iterator.next();
    const { data: customer } = await client.createCustomer(newCustomer());
    const { data: application } = await client.createApplication(customer.customer_id, { data: { amount: 10000 } });
    await client.sandboxDecideApplication(application.application_id, { data: { outcome: 'offered', offers: [OFFER] } });
    const { value } = await next;
    await iterator.return(undefined);
    const event = value as LendingEventOf<'application_offered'>;
    expect(event.webhook_event_type).toBe('application_offered');
    expect(event.data.application_id).toBe(application.application_id);
    const one = await client.getEvent(event.event_id);
    expect(one.data).toMatchObject({ event_id: event.event_id, webhook_event_type: 'application_offered', data: event.data });
    expect(one.data.delivery.status).toBe('not_subscribed');

    // Aborting ends a waiting iterator (here a request that gets no answer).
    proxy.plan(() => 'hang');
    const controller = new AbortController();
    const waiting = proxied.events({ after: event.event_id, signal: controller.signal, waitSeconds: 30 }).next();
    await vi.waitUntil(() => proxy.requests.length === 1);
    expect(proxy.requests[0].path).toContain('wait=30');
    controller.abort();
    await expect(waiting).rejects.toThrow(/abort/i);
    expect(proxy.requests).toHaveLength(1); // not retried
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
