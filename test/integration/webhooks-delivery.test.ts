/**
 * Webhook delivery over real HTTP (docs/behaviour.md, section 13, spec Events and Authentication item 6):
 * recording receivers on 127.0.0.1, a worker started in-process on the test database, signatures
 * checked with the partner SDK on every attempt, retries on errors, timeouts and refused
 * connections, the payload of every event type, the delivery log and redelivery.
 */
import { createHmac } from 'node:crypto';
import { setWebhookTarget } from '../../src/store/webhooks-store.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../sdk/verify-webhook.ts';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';
import { sampleEvent } from '../../src/services/sample-events.ts';
import { recordEvent } from '../../src/store/outbox-store.ts';
import { WebhookSender, type DeliverySettings } from '../../src/worker/delivery.ts';
import { DELIVERY_QUEUE } from '../../src/worker/queue.ts';
import { BACKENDS } from '../helpers/db.ts';
import { createCustomer, useTestApp, type PartnerClient } from '../helpers/app.ts';
import { apply, getOffers, selectOffer } from '../helpers/lending.ts';
import { closedPortUrl, eventually, Receiver, useReceiver, type ReceivedDelivery } from '../helpers/receiver.ts';
import { payloadProblems } from '../helpers/event-payloads.ts';
import { useWorker } from '../helpers/worker.ts';

const ALL_TYPES = EVENT_TYPES.map((e) => e.webhook_event_type);
// Short enough to keep the timeout tests quick, long enough that event-loop pauses (embedded PGlite
// runs on the same thread) never pass for a receiver that did not answer.
const TIMEOUT_MS = 1000;

// ---------------------------------------------------------------------------------------------
// Payload shapes of docs/behaviour.md, section 13.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The payload matches its type's schema: exactly its fields, each of the right kind. A quote
 * carries terms when the customer is prequalified, and a reason when not.
 */
function expectDocumentedShape(type: string, payload: Record<string, unknown>): void {
  expect(payloadProblems(type, payload), type).toEqual([]);
  for (const quote of (payload.quotes ?? []) as Record<string, unknown>[]) {
    if (quote.prequalified) expect([quote.max_amount, quote.duration_in_days, quote.expires_at], type).not.toContain(null);
    else expect(typeof quote.reason, type).toBe('string');
  }
}

// ---------------------------------------------------------------------------------------------
// Signatures.

/** The delivery is authentic for `secret` under the partner SDK, and for its own timestamp. */
function expectAuthentic(d: ReceivedDelivery, secret: string): void {
  const verified = verifyWebhook(secret, d.headers, d.rawBody);
  expect(verified).toEqual({ eventId: d.eventId, eventType: d.eventType, timestamp: d.timestamp });
  // Independently of the SDK: the spec's formula over this attempt's own timestamp.
  const expected = `sha256=${createHmac('sha256', secret).update(`${d.headers['x-svc-timestamp']}.${d.rawBody}`).digest('base64')}`;
  expect(d.signature).toBe(expected);
  // The timestamp says when this attempt started: within a couple of seconds of its arrival.
  expect(Math.abs(d.receivedAt / 1000 - d.timestamp)).toBeLessThan(3);
}

function expectNotAuthentic(d: ReceivedDelivery, secret: string): void {
  let error: unknown;
  try {
    verifyWebhook(secret, d.headers, d.rawBody);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(WebhookVerificationError);
  expect((error as WebhookVerificationError).reason).toBe('invalid_signature');
}

// ---------------------------------------------------------------------------------------------

interface DeliveryJson {
  delivery_id: string;
  event_id: string;
  webhook_event_type: string;
  attempt: number;
  attempted_at: string;
  url: string;
  status: 'succeeded' | 'failed';
  response_status: number | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: string | null;
}

describe.each(BACKENDS)('webhook delivery on %s', (backend) => {
  const receivers: Receiver[] = [];
  const workerErrors: unknown[] = [];
  const t = useTestApp(backend, { env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCALE: '0.001', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
  });
  const worker = useWorker(t, { onError: (...args: unknown[]) => workerErrors.push(args) });

  async function receiver(answer?: Parameters<typeof Receiver.start>[0]): Promise<Receiver> {
    const r = await Receiver.start(answer);
    receivers.push(r);
    return r;
  }

  /** A partner whose webhooks go to `url`, subscribed to `types`. */
  async function partnerFor(url: string | null, options: { token?: string; types?: string[] } = {}): Promise<PartnerClient> {
    const partner = await t.partner();
    if (url) {
      const res = await partner.request('PUT', '/webhooks/configuration/', { data: { url, ...(options.token ? { token: options.token } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const types = options.types ?? ALL_TYPES;
    if (types.length > 0) {
      const res = await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: types } });
      expect(res.statusCode, res.body).toBe(200);
    }
    return partner;
  }

  const secretOf = async (partner: PartnerClient): Promise<string> => (await partner.get('/webhooks/signing_secret/')).json().data.signing_secret;

  async function testEvent(partner: PartnerClient, type: string): Promise<string> {
    const res = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: type } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ webhook_event_type: type, status: 'queued' });
    return res.json().data.event_id;
  }

  async function log(partner: PartnerClient, query = ''): Promise<{ deliveries: DeliveryJson[]; next_cursor: string | null }> {
    const res = await partner.get(`/webhooks/deliveries/${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  /** The event's attempts in the delivery log, oldest first, once `count` of them are there. */
  async function attemptsLogged(partner: PartnerClient, eventId: string, count: number, timeoutMs = 15_000): Promise<DeliveryJson[]> {
    return eventually(
      async () => {
        const rows = (await log(partner, `event_id=${eventId}&limit=100`)).deliveries;
        return rows.length >= count ? [...rows].reverse() : null;
      },
      timeoutMs,
      `${count} logged attempts of ${eventId}`,
    );
  }

  async function storedPayload(eventId: string): Promise<{ event_type: string; payload: Record<string, unknown> }> {
    const { rows } = await t.testDb.db.query<{ event_type: string; payload: Record<string, unknown> }>(
      'SELECT event_type, payload FROM outbox_events WHERE id = $1',
      [eventId],
    );
    return rows[0];
  }

  /** Every event of the partner has left the outbox and every delivery job of it has settled. */
  async function settled(partnerId: string, timeoutMs = 15_000): Promise<string[]> {
    return eventually(
      async () => {
        const { rows } = await t.testDb.db.query<{ id: string; dispatched: boolean }>(
          'SELECT id, dispatched_at IS NOT NULL AS dispatched FROM outbox_events WHERE partner_id = $1 ORDER BY seq',
          [partnerId],
        );
        if (rows.some((r) => !r.dispatched)) return null;
        for (const row of rows) {
          const jobs = await worker.boss.findJobs(DELIVERY_QUEUE, { data: { eventId: row.id } });
          if (jobs.some((j) => !['completed', 'failed', 'cancelled'].includes(j.state))) return null;
        }
        return rows.map((r) => r.id);
      },
      timeoutMs,
      "the partner's deliveries to settle",
    );
  }

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  // -------------------------------------------------------------------------------------------

  it('delivers {"data": payload} with the four X-SVC headers, a valid signature and the bearer token', async () => {
    const r = await receiver();
    const token = 'receiver-token-0123456789';
    const partner = await partnerFor(r.url, { token });
    const secret = await secretOf(partner);
    const eventId = await testEvent(partner, 'customer_funded');

    const [d] = await r.waitForEvent(eventId);
    expect(d.method).toBe('POST');
    expect(d.path).toBe('/hooks');
    expect(d.headers['content-type']).toMatch(/^application\/json\b/);
    expect(d.headers['x-svc-event-id']).toBe(eventId);
    expect(d.headers['x-svc-event-type']).toBe('customer_funded');
    expect(d.headers['x-svc-timestamp']).toMatch(/^\d{10}$/);
    expect(d.headers['x-svc-signature']).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/);
    expect(d.headers.authorization).toBe(`Bearer ${token}`);
    expectAuthentic(d, secret);
    const stored = await storedPayload(eventId);
    expect(d.body).toEqual({ data: stored.payload });
    expect(Object.keys(d.body ?? {})).toEqual(['data']);
    expectDocumentedShape('customer_funded', d.body!.data);

    const [row] = await attemptsLogged(partner, eventId, 1);
    expect(row).toMatchObject({
      event_id: eventId,
      webhook_event_type: 'customer_funded',
      attempt: 1,
      status: 'succeeded',
      response_status: 200,
      error: null,
      url: r.url,
      next_attempt_at: null,
    });
    expect(row.attempted_at).toMatch(ISO);
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    await settled(partner.partnerId);
    expect(r.forEvent(eventId)).toHaveLength(1);
  });

  it('sends no Authorization header when no token is set', async () => {
    const r = await receiver();
    const partner = await partnerFor(r.url);
    const eventId = await testEvent(partner, 'application_deferred');
    const [d] = await r.waitForEvent(eventId);
    expect(d.headers.authorization).toBeUndefined();
    expectAuthentic(d, await secretOf(partner));
  });

  it('retries a 500 with the same event id and a fresh, valid signature each time; a 2xx stops it', async () => {
    const r = await receiver((_d, received) => ({ status: received.length < 2 ? 500 : 200 }));
    const partner = await partnerFor(r.url, { token: 'tok-retry-1234' });
    const secret = await secretOf(partner);
    const eventId = await testEvent(partner, 'application_attributed');

    const got = await r.waitForEvent(eventId, 3);
    for (const d of got) {
      expect(d.eventId).toBe(eventId);
      expect(d.eventType).toBe('application_attributed');
      expect(d.headers.authorization).toBe('Bearer tok-retry-1234');
      expect(d.rawBody).toBe(got[0].rawBody);
      expectAuthentic(d, secret);
    }
    const rows = await attemptsLogged(partner, eventId, 3);
    expect(rows.map((x) => [x.attempt, x.status, x.response_status])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'succeeded', 200],
    ]);
    expect(rows[0].error).toMatch(/500/);
    expect(rows[0].next_attempt_at).not.toBeNull();
    expect(Date.parse(rows[0].next_attempt_at!)).toBeGreaterThanOrEqual(Date.parse(rows[0].attempted_at));
    expect(rows[2].next_attempt_at).toBeNull();
    await settled(partner.partnerId);
    await pause(700);
    expect(r.forEvent(eventId)).toHaveLength(3);
  });

  it('every 2xx acknowledges (201, 202, 204, 299): one attempt each', async () => {
    await Promise.all(
      [201, 202, 204, 299].map(async (status) => {
        const r = await receiver(() => ({ status }));
        const partner = await partnerFor(r.url);
        const eventId = await testEvent(partner, 'application_deferred');
        await r.waitForEvent(eventId);
        const [row] = await attemptsLogged(partner, eventId, 1);
        expect(row).toMatchObject({ status: 'succeeded', response_status: status, error: null, next_attempt_at: null });
        await settled(partner.partnerId);
        expect(r.forEvent(eventId), `status ${status}`).toHaveLength(1);
      }),
    );
  });

  it('any other answer is retried: redirects, 4xx, 503', async () => {
    await Promise.all(
      [302, 400, 404, 410, 503].map(async (status) => {
        const r = await receiver((_d, received) => ({ status: received.length === 0 ? status : 200, ...(status === 302 ? { body: '' } : {}) }));
        const partner = await partnerFor(r.url);
        const eventId = await testEvent(partner, 'application_deferred');
        const got = await r.waitForEvent(eventId, 2);
        // Redirects are not followed: both attempts went to the configured URL.
        expect(got.map((d) => d.path)).toEqual(['/hooks', '/hooks']);
        const rows = await attemptsLogged(partner, eventId, 2);
        expect(
          rows.map((x) => [x.status, x.response_status]),
          `status ${status}`,
        ).toEqual([
          ['failed', status],
          ['succeeded', 200],
        ]);
      }),
    );
  });

  it('retries when the receiver does not answer in time', async () => {
    const r = await receiver((_d, received) => (received.length === 0 ? { hang: true } : { status: 200 }));
    const partner = await partnerFor(r.url);
    const secret = await secretOf(partner);
    const eventId = await testEvent(partner, 'application_declined');
    const got = await r.waitForEvent(eventId, 2);
    for (const d of got) expectAuthentic(d, secret);
    const rows = await attemptsLogged(partner, eventId, 2);
    expect(rows[0]).toMatchObject({ attempt: 1, status: 'failed', response_status: null });
    expect(rows[0].error).toMatch(new RegExp(`no answer within ${TIMEOUT_MS} ms`));
    expect(rows[0].duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(rows[0].duration_ms).toBeLessThan(TIMEOUT_MS + 2000);
    expect(rows[1]).toMatchObject({ attempt: 2, status: 'succeeded', response_status: 200 });
  });

  it('retries when the answer is slower than the timeout (headers late)', async () => {
    const r = await receiver((_d, received) => (received.length === 0 ? { status: 200, delayMs: TIMEOUT_MS + 400 } : { status: 200 }));
    const partner = await partnerFor(r.url);
    const eventId = await testEvent(partner, 'application_declined');
    await r.waitForEvent(eventId, 2);
    const rows = await attemptsLogged(partner, eventId, 2);
    expect(rows.map((x) => x.status)).toEqual(['failed', 'succeeded']);
  });

  it('retries a dropped connection', async () => {
    const r = await receiver((_d, received) => (received.length === 0 ? { destroy: true } : { status: 200 }));
    const partner = await partnerFor(r.url);
    const eventId = await testEvent(partner, 'application_declined');
    await r.waitForEvent(eventId, 2);
    const rows = await attemptsLogged(partner, eventId, 2);
    expect(rows[0]).toMatchObject({ status: 'failed', response_status: null });
    expect(rows[0].error).toBeTruthy();
    expect(rows[1].status).toBe('succeeded');
  });

  it('retries a refused connection, and a retry goes to the URL configured by then', async () => {
    const closed = await closedPortUrl();
    const partner = await partnerFor(closed);
    const eventId = await testEvent(partner, 'funding_created_202607');
    const failed = await attemptsLogged(partner, eventId, 2);
    for (const row of failed) {
      expect(row).toMatchObject({ status: 'failed', response_status: null, url: closed });
      expect(row.error).toMatch(/ECONNREFUSED|refused/i);
      expect(row.next_attempt_at).not.toBeNull();
    }
    const r = await receiver();
    expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url: r.url } })).statusCode).toBe(200);
    const [d] = await r.waitForEvent(eventId, 1, 20_000);
    expectAuthentic(d, await secretOf(partner));
    const rows = await attemptsLogged(partner, eventId, failed.length + 1);
    const last = rows[rows.length - 1];
    expect(last).toMatchObject({ status: 'succeeded', url: r.url, event_id: eventId });
    expect(last.attempt).toBeGreaterThan(2);
    expect(rows.map((x) => x.attempt)).toEqual(rows.map((_x, i) => i + 1));
  });

  it('each retry has a fresh timestamp and a signature over its own timestamp', async () => {
    // Four failures then success: the fifth attempt comes more than a second after the first.
    const r = await receiver((_d, received) => ({ status: received.length < 4 ? 503 : 200 }));
    const partner = await partnerFor(r.url);
    const secret = await secretOf(partner);
    const eventId = await testEvent(partner, 'application_offered');
    const got = await r.waitForEvent(eventId, 5, 20_000);
    for (const d of got) expectAuthentic(d, secret);
    expect(new Set(got.map((d) => d.eventId))).toEqual(new Set([eventId]));
    for (let i = 1; i < got.length; i++) expect(got[i].timestamp).toBeGreaterThanOrEqual(got[i - 1].timestamp);
    expect(got[4].receivedAt - got[0].receivedAt).toBeGreaterThan(1000);
    expect(got[4].timestamp).toBeGreaterThan(got[0].timestamp);
    expect(got[4].signature).not.toBe(got[0].signature);
    // The first attempt's signature does not authenticate the last attempt's timestamp.
    const replayed = { ...got[4], headers: { ...got[4].headers, 'x-svc-signature': got[0].signature } };
    expectNotAuthentic(replayed, secret);
    await settled(partner.partnerId);
    expect(r.forEvent(eventId)).toHaveLength(5);
  });

  it('signs with the rotated secret from the moment of rotation, retries included', async () => {
    // The receiver refuses the pending event until an attempt carries the new secret's signature.
    let after: string | null = null;
    const signedWith = (d: { headers: ReceivedDelivery['headers']; rawBody: string }, secret: string) => {
      try {
        verifyWebhook(secret, d.headers, d.rawBody);
        return true;
      } catch {
        return false;
      }
    };
    const r = await receiver((d) => ({ status: d.eventType === 'application_deferred' && !(after && signedWith(d, after)) ? 500 : 200 }));
    const partner = await partnerFor(r.url);
    const before = await secretOf(partner);
    const first = await testEvent(partner, 'customer_funded');
    expectAuthentic((await r.waitForEvent(first))[0], before);

    // An event whose first attempt fails before the rotation and whose retry comes after it.
    const pending = await testEvent(partner, 'application_deferred');
    const [failedFirst] = await r.waitForEvent(pending, 1);
    expectAuthentic(failedFirst, before);
    after = (await partner.post('/webhooks/signing_secret/rotate/')).json().data.signing_secret as string;
    expect(after).not.toBe(before);
    await r.waitFor(
      (x) => x.some((d) => d.eventId === pending && 'status' in d.answer && d.answer.status === 200),
      15_000,
      'a retry signed with the new secret',
    );
    const accepted = r.forEvent(pending).find((d) => 'status' in d.answer && d.answer.status === 200)!;
    expectAuthentic(accepted, after);
    expectNotAuthentic(accepted, before);
    // Every attempt is signed with one secret or the other, never anything else.
    for (const d of r.forEvent(pending)) expect(signedWith(d, before) || signedWith(d, after)).toBe(true);

    const next = await testEvent(partner, 'customer_funded');
    const [d] = await r.waitForEvent(next);
    expectAuthentic(d, after);
    expectNotAuthentic(d, before);
  });

  it('delivers only subscribed types, only to the partner the event belongs to', async () => {
    const ra = await receiver();
    const rb = await receiver();
    const a = await partnerFor(ra.url, { types: ['application_attributed', 'application_status_changed'] });
    const b = await partnerFor(rb.url);
    const noUrl = await partnerFor(null); // subscribed to everything, no URL: nothing to deliver to

    const customerId = await createCustomer(a, { external_customer_id: `ext-a-${Date.now()}` });
    const applicationId = await apply(a, customerId, { amount: 25000 });
    const decided = await a.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'declined' } });
    expect(decided.statusCode, decided.body).toBe(200);
    const noUrlCustomer = await createCustomer(noUrl);
    await apply(noUrl, noUrlCustomer, { amount: 5000 });

    const events = await settled(a.partnerId);
    await settled(noUrl.partnerId);
    const { rows } = await t.testDb.db.query<{ id: string; event_type: string }>(
      'SELECT id, event_type FROM outbox_events WHERE partner_id = $1 ORDER BY seq',
      [a.partnerId],
    );
    expect(rows.map((x) => x.event_type).sort()).toEqual(['application_attributed', 'application_declined', 'application_status_changed'].sort());
    expect(events).toHaveLength(3);
    await pause(500);
    expect(ra.received.map((d) => d.eventType).sort()).toEqual(['application_attributed', 'application_status_changed']);
    expect(ra.received.map((d) => d.eventId).sort()).toEqual(
      rows
        .filter((x) => x.event_type !== 'application_declined')
        .map((x) => x.id)
        .sort(),
    );
    expect(rb.received).toEqual([]);
    // Nothing was attempted for the declined event, nor for the partner without a URL.
    const declined = rows.find((x) => x.event_type === 'application_declined')!.id;
    expect((await log(a, `event_id=${declined}`)).deliveries).toEqual([]);
    expect((await log(noUrl)).deliveries).toEqual([]);

    // B's events go to B only; unsubscribing stops later events.
    const bCustomer = await createCustomer(b);
    await apply(b, bCustomer, { amount: 3000 });
    await rb.waitFor((x) => x.length >= 1);
    await a.request('DELETE', '/webhooks/subscriptions/', { data: { webhook_event_types: ['application_attributed'] } });
    const second = await createCustomer(a);
    await apply(a, second, { amount: 2000 });
    await settled(a.partnerId);
    await settled(b.partnerId);
    await pause(300);
    expect(ra.received).toHaveLength(2);
    expect(rb.received.map((d) => d.eventType)).toEqual(['application_attributed']);
  });

  it("events of one environment go to that environment's URL only, signed with its secret", async () => {
    const sandboxReceiver = await receiver();
    const liveReceiver = await receiver();
    const sandbox = await partnerFor(sandboxReceiver.url);
    const live = await t.token(sandbox.partnerId, 'production');
    // A production token's URL must be https at the configuration route; the loopback receiver is
    // plain http, so it is written straight to the store.
    await live.get('/webhooks/signing_secret/');
    await setWebhookTarget(t.testDb.db, { partnerId: live.partnerId, environment: 'production' }, liveReceiver.url, null);
    expect((await live.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['application_attributed'] } })).statusCode).toBe(200);
    const liveSecret = await secretOf(live);

    const liveCustomer = await createCustomer(live);
    const liveApplication = await apply(live, liveCustomer, { amount: 6000 });
    const [d] = await liveReceiver.waitFor((x) => x.length >= 1);
    expect(d.body?.data.application_id).toBe(liveApplication);
    expectAuthentic(d, liveSecret);
    expectNotAuthentic(d, await secretOf(sandbox));
    await settled(sandbox.partnerId);
    await pause(300);
    expect(sandboxReceiver.received).toEqual([]);
    expect(liveReceiver.received).toHaveLength(1);
    // Each environment's log shows its own attempts only.
    expect((await log(sandbox)).deliveries).toEqual([]);
    expect((await log(live)).deliveries.map((x) => x.event_id)).toEqual([d.eventId]);
  });

  it('the sandbox test route sends each of the ten types, subscribed or not, in the documented shape', async () => {
    const r = await receiver();
    const partner = await partnerFor(r.url, { types: [] });
    const secret = await secretOf(partner);
    const ids = new Map<string, string>();
    for (const type of ALL_TYPES) ids.set(type, await testEvent(partner, type));
    await r.waitFor((x) => x.length >= ALL_TYPES.length);
    for (const [type, eventId] of ids) {
      const got = r.forEvent(eventId);
      expect(got, type).toHaveLength(1);
      expect(got[0].eventType).toBe(type);
      expectAuthentic(got[0], secret);
      expect(got[0].body).toEqual({ data: (await storedPayload(eventId)).payload });
      expectDocumentedShape(type, got[0].body!.data);
    }
    await settled(partner.partnerId);
    expect(r.received).toHaveLength(ALL_TYPES.length);
  });

  it('real flows deliver every lending event in the documented shape', async () => {
    const r = await receiver();
    const partner = await partnerFor(r.url, { token: 'flow-token-123456' });
    const secret = await secretOf(partner);
    const ext = `ext-flow-${Date.now()}`;

    // Approved by the policy, selected, funded; then a top-up application.
    const customerId = await createCustomer(partner, { external_customer_id: ext });
    const applicationId = await apply(partner, customerId, { amount: 25000 });
    const offers = await getOffers(partner, applicationId);
    expect(offers.offer_creation_status).toBe('offers_available');
    const offer = offers.offers.find((o) => o.product_type === 'business_loan')!;
    await selectOffer(partner, offer.offer_id, 'customer');
    const funded = await partner.post(`/sandbox/offers/${offer.offer_id}/fundings`, { data: { amount: 10000 } });
    expect(funded.statusCode, funded.body).toBe(201);
    const topupId = await apply(partner, customerId, { amount: 5000 });

    // Declined and deferred by the sandbox, for a customer without an external id.
    const plain = await createCustomer(partner);
    const declinedApp = await apply(partner, plain, { amount: 4000 });
    expect((await partner.post(`/sandbox/applications/${declinedApp}/decision`, { data: { outcome: 'declined' } })).statusCode).toBe(200);
    const other = await createCustomer(partner);
    const deferredApp = await apply(partner, other, { amount: 4000 });
    expect((await partner.post(`/sandbox/applications/${deferredApp}/decision`, { data: { outcome: 'deferred' } })).statusCode).toBe(200);

    const events = await settled(partner.partnerId, 20_000);
    await r.waitFor((x) => new Set(x.map((d) => d.eventId)).size >= events.length);
    expect(new Set(r.received.map((d) => d.eventId))).toEqual(new Set(events));
    expect(r.received, JSON.stringify((await log(partner, 'limit=100')).deliveries)).toHaveLength(events.length);
    for (const d of r.received) {
      expectAuthentic(d, secret);
      expect(d.headers.authorization).toBe('Bearer flow-token-123456');
      const stored = await storedPayload(d.eventId);
      expect(d.eventType).toBe(stored.event_type);
      expect(d.body).toEqual({ data: stored.payload });
      expectDocumentedShape(d.eventType, d.body!.data);
    }
    const types = new Set(r.received.map((d) => d.eventType));
    for (const type of [
      'application_attributed',
      'application_status_changed',
      'application_offered',
      'application_declined',
      'application_deferred',
      'customer_funded',
      'funding_created_202607',
    ]) {
      expect(types.has(type), type).toBe(true);
    }

    const payloads = (type: string, appId?: string) =>
      r
        .ofType(type)
        .map((d) => d.body!.data)
        .filter((p) => !appId || p.application_id === appId);
    // Values, not only shapes.
    const [attributed, topup] = [payloads('application_attributed', applicationId)[0], payloads('application_attributed', topupId)[0]];
    expect(attributed).toMatchObject({ application_id: applicationId, customer_id: customerId, external_customer_id: ext, amount: 25000, is_topup: false });
    expect(topup).toMatchObject({ application_id: topupId, customer_id: customerId, external_customer_id: ext, amount: 5000, is_topup: true });
    const moves = payloads('application_status_changed', applicationId).map((p) => [p.previous_status, p.status]);
    expect(moves).toEqual(
      expect.arrayContaining([
        ['open', 'offered'],
        ['offered', 'funded'],
      ]),
    );
    const [offered] = payloads('application_offered', applicationId);
    expect(offered.external_customer_id).toBe(ext);
    expect((offered.offers as { offer_id: string }[]).map((o) => o.offer_id).sort()).toEqual(offers.offers.map((o) => o.offer_id).sort());
    const [funding] = payloads('funding_created_202607', applicationId);
    expect(funding).toMatchObject({
      application_id: applicationId,
      customer_id: customerId,
      external_customer_id: ext,
      funding_amount: 10000,
      funding_fee_amount: 250,
      funding_id: funded.json().data.funding_id,
      offer_id: offer.offer_id,
      offer_max_amount: offer.max_amount,
      offer_fee_percentage: offer.fee_percentage,
      offer_monthly_interest_percentage: offer.monthly_interest_percentage,
      offer_duration_in_days: offer.duration_in_days,
    });
    const [customerFunded] = payloads('customer_funded', applicationId);
    expect(customerFunded).toMatchObject({
      customer_id: customerId,
      external_customer_id: ext,
      application_id: applicationId,
      offer_id: offer.offer_id,
      funding_id: funded.json().data.funding_id,
      funding_amount: 10000,
    });
    const [declined] = payloads('application_declined', declinedApp);
    expect(declined).toMatchObject({ application_id: declinedApp, customer_id: plain });
    expect('external_customer_id' in declined).toBe(false);
    expect(payloads('application_status_changed', declinedApp).map((p) => [p.previous_status, p.status])).toEqual([['open', 'declined']]);
    const [deferred] = payloads('application_deferred', deferredApp);
    expect(deferred).toMatchObject({ application_id: deferredApp, customer_id: other });
    expect(payloads('application_status_changed', deferredApp).map((p) => [p.previous_status, p.status])).toEqual([['open', 'deferred']]);
  });

  it('the delivery log filters by event and status and pages with limit and cursor, newest first', async () => {
    const r = await receiver((d, received) => ({
      status: d.eventType === 'application_offered' && received.filter((x) => x.eventId === d.eventId).length < 2 ? 500 : 200,
    }));
    const partner = await partnerFor(r.url);
    const flaky = await testEvent(partner, 'application_offered');
    const others = [
      await testEvent(partner, 'customer_funded'),
      await testEvent(partner, 'application_deferred'),
      await testEvent(partner, 'application_declined'),
    ];
    await r.waitForEvent(flaky, 3);
    for (const id of others) await r.waitForEvent(id);
    await settled(partner.partnerId);

    const all = (await log(partner, 'limit=100')).deliveries;
    expect(all).toHaveLength(6);
    for (const row of all) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'attempt',
          'attempted_at',
          'delivery_id',
          'duration_ms',
          'error',
          'event_id',
          'next_attempt_at',
          'response_status',
          'status',
          'url',
          'webhook_event_type',
        ].sort(),
      );
    }
    // Newest first: rows come in the order attempts were recorded, latest first (so an event's
    // attempts count down), whatever order they started in.
    expect(all.filter((x) => x.event_id === flaky).map((x) => x.attempt)).toEqual([3, 2, 1]);
    expect(new Set(all.map((x) => x.delivery_id)).size).toBe(6);

    // Pages of two, following next_cursor, give every row once, in the same order.
    const paged: DeliveryJson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { deliveries: DeliveryJson[]; next_cursor: string | null } = await log(partner, `limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.deliveries.length).toBeLessThanOrEqual(2);
      paged.push(...page.deliveries);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(paged.map((x) => x.delivery_id)).toEqual(all.map((x) => x.delivery_id));
    expect(pages).toBe(3);

    const byEvent = (await log(partner, `event_id=${flaky}`)).deliveries;
    expect(byEvent.map((x) => [x.attempt, x.status])).toEqual([
      [3, 'succeeded'],
      [2, 'failed'],
      [1, 'failed'],
    ]);
    expect((await log(partner, `event_id=${flaky.toUpperCase()}`)).deliveries).toHaveLength(3);
    const failed = (await log(partner, 'status=failed')).deliveries;
    expect(failed.map((x) => [x.event_id, x.response_status])).toEqual([
      [flaky, 500],
      [flaky, 500],
    ]);
    const succeeded = (await log(partner, 'status=succeeded&limit=3')).deliveries;
    expect(succeeded).toHaveLength(3);
    expect(succeeded.every((x) => x.status === 'succeeded')).toBe(true);
    expect((await log(partner, `event_id=${flaky}&status=succeeded`)).deliveries.map((x) => x.attempt)).toEqual([3]);
    const onePage = await log(partner, `event_id=${flaky}&status=failed&limit=1`);
    expect(onePage.deliveries.map((x) => x.attempt)).toEqual([2]);
    const rest = await log(partner, `event_id=${flaky}&status=failed&limit=1&cursor=${onePage.next_cursor}`);
    expect(rest.deliveries.map((x) => x.attempt)).toEqual([1]);
    expect(rest.next_cursor).toBeNull();
  });

  it('redelivery sends the event again now: same event id, a new attempt in the log, whatever the subscriptions', async () => {
    const r = await receiver();
    const partner = await partnerFor(r.url, { types: ['customer_funded'] });
    const secret = await secretOf(partner);
    const eventId = await testEvent(partner, 'customer_funded');
    const [first] = await r.waitForEvent(eventId);
    await settled(partner.partnerId);

    const res = await partner.post(`/webhooks/events/${eventId}/redeliver/`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ data: { event_id: eventId, status: 'queued' } });
    const got = await r.waitForEvent(eventId, 2);
    expect(got[1].eventId).toBe(eventId);
    expect(got[1].rawBody).toBe(first.rawBody);
    expectAuthentic(got[1], secret);
    const rows = await attemptsLogged(partner, eventId, 2);
    expect(rows.map((x) => x.status)).toEqual(['succeeded', 'succeeded']);
    expect(new Set(rows.map((x) => x.delivery_id)).size).toBe(2);
    // Attempts are numbered in order: the redelivery is a new attempt, not attempt 1 again.
    expect(rows.map((x) => x.attempt)).toEqual([1, 2]);

    // Unsubscribed: a redelivery still goes out.
    await partner.request('DELETE', '/webhooks/subscriptions/', { data: { webhook_event_types: ['customer_funded'] } });
    expect((await partner.post(`/webhooks/events/${eventId}/redeliver`)).statusCode).toBe(202);
    await r.waitForEvent(eventId, 3);
    await settled(partner.partnerId);
    await pause(300);
    expect(r.forEvent(eventId)).toHaveLength(3);

    // A redelivery of an event that was never delivered (type not subscribed) works too.
    const never = await createCustomer(partner);
    await apply(partner, never, { amount: 1500 });
    await settled(partner.partnerId);
    const { rows: attributed } = await t.testDb.db.query<{ id: string }>(
      "SELECT id FROM outbox_events WHERE partner_id = $1 AND event_type = 'application_attributed'",
      [partner.partnerId],
    );
    expect(r.forEvent(attributed[0].id)).toHaveLength(0);
    expect((await partner.post(`/webhooks/events/${attributed[0].id}/redeliver/`)).statusCode).toBe(202);
    const [late] = await r.waitForEvent(attributed[0].id);
    expectAuthentic(late, secret);
  });

  it('redelivery needs a configured URL', async () => {
    const r = await receiver();
    const partner = await partnerFor(r.url);
    const eventId = await testEvent(partner, 'customer_funded');
    await r.waitForEvent(eventId);
    // Another environment of the same partner cannot redeliver it (404), as another partner cannot.
    const otherPartner = await t.partner();
    expect((await otherPartner.post(`/webhooks/events/${eventId}/redeliver/`)).statusCode).toBe(404);
  });

  // Embedded PGlite runs its queries on the event loop the attempts' timers share (a burst of 100
  // blocks it for up to ~0.6 s), so a 300 ms timeout says nothing there; PostgreSQL only.
  it.skipIf(backend === 'pglite')('a burst of attempts to one receiver never waits for a connection past its timeout', async () => {
    // 100 events at once to a receiver that takes half the timeout to answer: every attempt gets
    // a connection at once, so each succeeds at the first try.
    const r = await receiver(() => ({ status: 200, delayMs: TIMEOUT_MS / 2 }));
    const partner = await partnerFor(r.url);
    const tenant = { partnerId: partner.partnerId, environment: 'sandbox' as const };
    const now = new Date();
    const ids = await t.testDb.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 100; i++) out.push(await recordEvent(tx, tenant, 'application_deferred', sampleEvent('application_deferred', now), now));
      return out;
    });
    await settled(partner.partnerId, 30_000);
    const { rows } = await t.testDb.db.query<{ attempt: number; status: string; error: string | null }>(
      'SELECT attempt, status, error FROM webhook_deliveries WHERE partner_id = $1',
      [partner.partnerId],
    );
    expect(rows.filter((x) => x.status !== 'succeeded').map((x) => x.error)).toEqual([]);
    expect(rows).toHaveLength(100);
    expect(new Set(r.received.map((d) => d.eventId))).toEqual(new Set(ids));
    expect(r.received).toHaveLength(100);
  });

  it('with ALLOW_PRIVATE_WEBHOOK_URLS=true, loopback and private URLs are accepted (other schemes are not)', async () => {
    const partner = await t.partner();
    for (const url of ['http://127.0.0.1:4567/hooks', 'http://localhost:4567/hooks', 'http://10.0.0.8/hooks', 'http://[::1]:4567/hooks']) {
      const res = await partner.request('PUT', '/webhooks/configuration/', { data: { url } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json().data.url).toBe(url);
    }
    const file = await partner.request('PUT', '/webhooks/configuration/', { data: { url: 'file:///etc/passwd' } });
    expect(file.statusCode).toBe(400);
    expect(file.json().errors[0].source.pointer).toBe('/data/url');
  });

  it('the worker reported no errors', () => {
    expect(workerErrors).toEqual([]);
  });
});

describe.each(BACKENDS)('webhook retry timetable and lost job claims on %s', (backend) => {
  const workerErrors: { err?: unknown; event_id?: string }[] = [];
  // 0.0001 makes the 16-hour timetable about six seconds; a 2 s timeout leaves room to take a
  // job's claim away while its attempt is in flight.
  const t = useTestApp(backend, { env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCALE: '0.0001', WEBHOOK_TIMEOUT_MS: '2000' } });
  const worker = useWorker(t, { onError: (obj: { err?: unknown; event_id?: string }) => workerErrors.push(obj) });

  async function partnerFor(url: string): Promise<PartnerClient> {
    const partner = await t.partner();
    expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url } })).statusCode).toBe(200);
    expect((await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: ALL_TYPES } })).statusCode).toBe(200);
    return partner;
  }

  const logOf = async (partner: PartnerClient, eventId: string) =>
    ((await partner.get(`/webhooks/deliveries/?event_id=${eventId}&limit=100`)).json().data.deliveries as DeliveryJson[]).reverse();

  /** Takes the claim away from the running attempt of the event, as expiry or shutdown would. */
  async function failActiveJob(eventId: string): Promise<void> {
    const jobs = await worker.boss.findJobs<{ eventId: string }>(DELIVERY_QUEUE, { data: { eventId } });
    const active = jobs.filter((j) => j.state === 'active');
    expect(active).toHaveLength(1);
    await worker.boss.fail(DELIVERY_QUEUE, active[0].id, { message: 'claim taken away by the test' });
  }

  // The timetable does not depend on the database: it runs once, on the last backend of the run.
  it.skipIf(backend !== BACKENDS[BACKENDS.length - 1])('gives up after the first attempt and 10 retries; the subscription stays active', async () => {
    const r = await Receiver.start((d) => ({ status: d.eventType === 'customer_funded' ? 500 : 200 }));
    try {
      const partner = await partnerFor(r.url);
      const res = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'customer_funded' } });
      const eventId = res.json().data.event_id as string;

      await r.waitForEvent(eventId, 11, 40_000);
      const rows = await eventually(
        async () => {
          const list = await logOf(partner, eventId);
          return list.length >= 11 && list[list.length - 1].next_attempt_at === null ? list : null;
        },
        10_000,
        'the last attempt to be logged',
      );
      expect(rows.map((x) => x.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(rows.every((x) => x.status === 'failed' && x.response_status === 500)).toBe(true);
      expect(rows.slice(0, 10).every((x) => x.next_attempt_at !== null)).toBe(true);
      // Each gap is at least the scaled delay of the timetable.
      const delays = [30, 120, 300, 900, 1800, 3600, 7200, 10800, 14400, 18000].map((sec) => sec * 1000 * 0.0001);
      for (let i = 1; i < rows.length; i++) {
        expect(Date.parse(rows[i].attempted_at) - Date.parse(rows[i - 1].attempted_at)).toBeGreaterThanOrEqual(delays[i - 1] - 5);
      }
      await new Promise((done) => setTimeout(done, 1000));
      expect(r.forEvent(eventId)).toHaveLength(11);

      // Never disabled: the next event is still delivered.
      const next = (await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'application_deferred' } })).json().data.event_id;
      await r.waitForEvent(next);
      expect((await partner.get('/webhooks/subscriptions/')).json().data.subscriptions.every((x: { subscribed: boolean }) => x.subscribed)).toBe(true);
    } finally {
      await r.close();
    }
  });

  it('an attempt whose job claim lapsed is not recorded: the retried job records its own, one chain only', async () => {
    let first = true;
    const r = await Receiver.start((d) => {
      if (!first) return { status: 200 };
      first = false;
      // While this attempt is in flight its job is failed (as expiry would): pg-boss retries it.
      void failActiveJob(d.eventId);
      return { status: 500, delayMs: 1200 };
    });
    try {
      const partner = await partnerFor(r.url);
      const eventId = (await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'application_offered' } })).json().data.event_id;
      await r.waitForEvent(eventId, 2, 15_000);
      const rows = await eventually(async () => {
        const list = await logOf(partner, eventId);
        return list.length > 0 ? list : null;
      });
      await new Promise((done) => setTimeout(done, 1500));
      // The lapsed attempt (HTTP 500) left no row and no retry of its own; the job's retry was the
      // one recorded attempt, and it succeeded.
      expect((await logOf(partner, eventId)).map((x) => [x.attempt, x.status])).toEqual([[1, 'succeeded']]);
      expect(rows).toHaveLength(1);
      expect(r.forEvent(eventId)).toHaveLength(2);
      expect(workerErrors.some((e) => e.event_id === eventId && (e.err as Error)?.name === 'ClaimLostError')).toBe(true);
    } finally {
      await r.close();
    }
  });

  it('a failed job in a batch does not cut short the other attempts of that batch', async () => {
    let failedOnce = false;
    const r = await Receiver.start((d) => {
      if (d.eventType === 'customer_funded') return { status: 200, delayMs: 1600 }; // slow, in the same batch
      if (failedOnce) return { status: 200 };
      failedOnce = true;
      void failActiveJob(d.eventId);
      return { status: 200, delayMs: 700 };
    });
    try {
      const partner = await partnerFor(r.url);
      // Both events in one transaction: the dispatcher queues them together and the worker fetches
      // them in one batch.
      const tenant = { partnerId: partner.partnerId, environment: 'sandbox' as const };
      const now = new Date();
      const [quick, slow] = await t.testDb.db.transaction(async (tx) => [
        await recordEvent(tx, tenant, 'application_deferred', sampleEvent('application_deferred', now), now, { forceDelivery: true }),
        await recordEvent(tx, tenant, 'customer_funded', sampleEvent('customer_funded', now), now, { forceDelivery: true }),
      ]);
      await r.waitForEvent(slow, 1, 10_000);
      await r.waitForEvent(quick, 2, 10_000);
      await new Promise((done) => setTimeout(done, 1500));
      // The slow attempt ran once: its job was not failed (and retried) along with its batch-mate.
      expect(r.forEvent(slow)).toHaveLength(1);
      expect((await logOf(partner, slow)).map((x) => [x.attempt, x.status])).toEqual([[1, 'succeeded']]);
      expect((await logOf(partner, quick)).map((x) => [x.attempt, x.status])).toEqual([[1, 'succeeded']]);
      expect(r.forEvent(quick)).toHaveLength(2);
    } finally {
      await r.close();
    }
  });
});

describe('the webhook sender (no database)', () => {
  const r = useReceiver();
  const senders: WebhookSender[] = [];
  afterAll(async () => {
    await Promise.all(senders.map((x) => x.close()));
  });
  const sender = (settings: Partial<DeliverySettings> = {}) => {
    const made = new WebhookSender({ timeoutMs: 1000, retryScale: 1, allowPrivate: false, requireHttps: false, ...settings });
    senders.push(made);
    return made;
  };
  const headers = { 'content-type': 'application/json' };

  it('refuses private addresses at connect time unless allowed: literal addresses and names resolving to them', async () => {
    const strict = sender();
    for (const url of [`http://127.0.0.1:${r.port}/x`, `http://localhost:${r.port}/x`, `http://[::ffff:127.0.0.1]:${r.port}/x`]) {
      const result = await strict.post(url, headers, '{}');
      expect(result.status, url).toBeNull();
      expect(result.error, url).toMatch(/private, loopback or link-local/);
    }
    expect(r.received).toEqual([]);
    const allowed = await sender({ allowPrivate: true }).post(`http://localhost:${r.port}/x`, headers, '{}');
    expect(allowed).toEqual({ status: 200, error: null });
    expect(r.received).toHaveLength(1);
  });

  it('refuses plain http where https is required', async () => {
    const result = await sender({ allowPrivate: true, requireHttps: true }).post(`http://127.0.0.1:${r.port}/x`, headers, '{}');
    expect(result).toEqual({ status: null, error: 'the webhook URL must use https' });
  });
});
