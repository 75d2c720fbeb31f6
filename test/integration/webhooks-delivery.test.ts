/**
 * Webhook delivery over real HTTP (docs/behaviour.md, section 13, spec Events and Authentication item 6):
 * what a partner's receiver gets (the body, the four X-SVC headers, the bearer token, a signature
 * checked with the partner SDK), which events go where (subscriptions, partners, environments), the
 * payload of every event type from the sandbox and from real flows, and a burst of attempts.
 * Retries, the delivery log and redelivery: webhooks-retries.test.ts; the timetable and lost job
 * claims: webhooks-retry-timetable.test.ts; timeouts: webhooks-timeouts.test.ts.
 *
 * The worker's delivery timeout is one no loaded run reaches (test/helpers/webhook-delivery.ts), so
 * an event the receiver acknowledges is delivered exactly once, and the tests count deliveries.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sampleEvent } from '../../src/services/sample-events.ts';
import { recordEvent } from '../../src/store/outbox-store.ts';
import { setWebhookTarget } from '../../src/store/webhooks-store.ts';
import { WebhookSender, type DeliverySettings } from '../../src/worker/delivery.ts';
import { createCustomer } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { apply, getOffers, selectOffer } from '../helpers/lending.ts';
import { NO_TIMEOUT_MS, useReceiver } from '../helpers/receiver.ts';
import { ALL_TYPES, expectAuthentic, expectDocumentedShape, expectNotAuthentic, ISO, useDeliveryTest } from '../helpers/webhook-delivery.ts';

describe.each(BACKENDS)('webhook delivery on %s', (backend) => {
  const { t, workerErrors, receiver, partnerFor, secretOf, testEvent, log, attemptsLogged, storedPayload, settled } = useDeliveryTest(backend, {
    timeoutMs: NO_TIMEOUT_MS,
    retryScale: 0.001,
  });

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

    // Settled: every attempt was made, so what arrived is all that will.
    const events = await settled(a.partnerId);
    await settled(noUrl.partnerId);
    const { rows } = await t.testDb.db.query<{ id: string; event_type: string }>(
      'SELECT id, event_type FROM outbox_events WHERE partner_id = $1 ORDER BY seq',
      [a.partnerId],
    );
    expect(rows.map((x) => x.event_type).sort()).toEqual(['application_attributed', 'application_declined', 'application_status_changed'].sort());
    expect(events).toHaveLength(3);
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
    expect(sandboxReceiver.received).toEqual([]);
    expect(liveReceiver.received).toHaveLength(1);
    // Each environment's log shows its own attempts only.
    expect((await log(sandbox)).deliveries).toEqual([]);
    expect((await log(live)).deliveries.map((x) => x.event_id)).toEqual([d.eventId]);
  });

  it('the sandbox test route sends every type, subscribed or not, in the documented shape', async () => {
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

  it('a burst of attempts to one receiver goes out at once: no attempt waits for a connection', async () => {
    // 100 events at once to a receiver that answers none of them until it holds all 100: they are
    // all in flight together, each on a connection of its own (an attempt waiting in the sender's
    // pool for a socket would have its timeout run out before the receiver saw anything). Should
    // the sender hold some back, the receiver answers what it holds after 30 s, and the test fails.
    const BURST = 100;
    let allInFlight!: () => void;
    const holding = new Promise<void>((resolve) => (allInFlight = resolve));
    const cap = setTimeout(allInFlight, 30_000);
    let heldAtOnce = 0;
    const r = await receiver((_d, received) => {
      heldAtOnce = received.length + 1;
      if (heldAtOnce === BURST) allInFlight();
      return { status: 200, after: holding };
    });
    try {
      const partner = await partnerFor(r.url);
      const tenant = { partnerId: partner.partnerId, environment: 'sandbox' as const };
      const now = new Date();
      const ids = await t.testDb.db.transaction(async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < BURST; i++) out.push(await recordEvent(tx, tenant, 'application_deferred', sampleEvent('application_deferred', now), now));
        return out;
      });
      await holding;
      expect(heldAtOnce).toBe(BURST);
      await settled(partner.partnerId, 30_000);
      const { rows } = await t.testDb.db.query<{ attempt: number; status: string; error: string | null }>(
        'SELECT attempt, status, error FROM webhook_deliveries WHERE partner_id = $1',
        [partner.partnerId],
      );
      expect(rows.filter((x) => x.status !== 'succeeded').map((x) => x.error)).toEqual([]);
      expect(rows).toHaveLength(BURST);
      expect(new Set(r.received.map((d) => d.eventId))).toEqual(new Set(ids));
      expect(r.received).toHaveLength(BURST);
    } finally {
      clearTimeout(cap);
    }
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

describe('the webhook sender (no database)', () => {
  const r = useReceiver();
  const senders: WebhookSender[] = [];
  afterAll(async () => {
    await Promise.all(senders.map((x) => x.close()));
  });
  const sender = (settings: Partial<DeliverySettings> = {}) => {
    const made = new WebhookSender({ timeoutMs: NO_TIMEOUT_MS, retryScale: 1, allowPrivate: false, requireHttps: false, ...settings });
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
