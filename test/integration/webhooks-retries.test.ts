/**
 * Webhook retries, the delivery log and redelivery (docs/behaviour.md, section 13): any answer but a
 * 2xx, a dropped or a refused connection is retried with the same event id and a fresh timestamp and
 * signature, to the URL configured by then, signed with the secret of the moment; the log lists every
 * attempt; a redelivery sends the event again now.
 *
 * The worker's delivery timeout is one no loaded run reaches (test/helpers/webhook-delivery.ts): every
 * retry here is one the receiver asked for, so attempts are counted exactly. Retries after a timeout
 * are webhooks-timeouts.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { apply } from '../helpers/lending.ts';
import { closedPortUrl, NO_TIMEOUT_MS } from '../helpers/receiver.ts';
import { expectAuthentic, expectNotAuthentic, signedWith, useDeliveryTest, type DeliveryJson } from '../helpers/webhook-delivery.ts';

describe.each(BACKENDS)('webhook retries, the delivery log and redelivery on %s', (backend) => {
  const { t, workerErrors, receiver, partnerFor, secretOf, testEvent, log, attemptsLogged, settled } = useDeliveryTest(backend, {
    timeoutMs: NO_TIMEOUT_MS,
    retryScale: 0.001,
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
    expect(r.forEvent(eventId)).toHaveLength(3);
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

  it('the worker reported no errors', () => {
    expect(workerErrors).toEqual([]);
  });
});
