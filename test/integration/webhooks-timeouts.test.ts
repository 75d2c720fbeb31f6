/**
 * Webhook delivery timeouts (docs/behaviour.md, section 13): an attempt with no answer within
 * WEBHOOK_TIMEOUT_MS fails and is retried, whether the receiver never answers or answers too late.
 *
 * These are the only webhook tests with a short timeout, to stay quick. On a loaded machine an
 * attempt the receiver answers at once can also take longer than a second and be retried, so the
 * tests assert what the contract promises whatever the load: the attempt the receiver held fails
 * for want of an answer, any later one fails only the same way, the event arrives until one is
 * acknowledged (at least once), every arrival has the same event id and is signed, and the retries
 * stop at the first acknowledgement. They count no deliveries exactly.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { expectAuthentic, useDeliveryTest, type DeliveryJson } from '../helpers/webhook-delivery.ts';

// Short enough to keep these tests quick, long enough that event-loop pauses (embedded PGlite runs
// on the same thread) do not often fail an attempt the receiver answered at once.
const TIMEOUT_MS = 1000;
const NO_ANSWER = `no answer within ${TIMEOUT_MS} ms`;

/**
 * The event's attempts, once acknowledged: the first failed with no answer in time, so did any
 * before the last, and the last succeeded; numbered from 1 without a gap.
 */
function expectRetriedUntilAcknowledged(rows: DeliveryJson[]): void {
  expect(rows[0]).toMatchObject({ attempt: 1, status: 'failed', response_status: null, error: NO_ANSWER });
  // The attempt waited for the whole timeout (it cannot end sooner; a loaded machine may end it later).
  expect(rows[0].duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
  expect(rows.slice(1, -1).map((x) => [x.status, x.error])).toEqual(rows.slice(1, -1).map(() => ['failed', NO_ANSWER]));
  expect(rows.at(-1)).toMatchObject({ status: 'succeeded', response_status: 200, error: null, next_attempt_at: null });
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(rows.map((x) => x.attempt)).toEqual(rows.map((_x, i) => i + 1));
}

describe.each(BACKENDS)('webhook delivery timeouts on %s', (backend) => {
  const { workerErrors, receiver, partnerFor, secretOf, testEvent, attemptsUntilSuccess, settled } = useDeliveryTest(backend, {
    timeoutMs: TIMEOUT_MS,
    retryScale: 0.001,
  });

  it('retries when the receiver does not answer in time', async () => {
    const r = await receiver((_d, received) => (received.length === 0 ? { hang: true } : { status: 200 }));
    const partner = await partnerFor(r.url);
    const secret = await secretOf(partner);
    const eventId = await testEvent(partner, 'application_declined');
    const rows = await attemptsUntilSuccess(partner, eventId);
    expectRetriedUntilAcknowledged(rows);
    await settled(partner.partnerId);
    // At least the attempt held and the one acknowledged arrived: the same event, each signed anew.
    const got = r.forEvent(eventId);
    expect(got.length).toBeGreaterThanOrEqual(2);
    expect('hang' in got[0].answer).toBe(true);
    for (const d of got) {
      expect(d.eventType).toBe('application_declined');
      expect(d.rawBody).toBe(got[0].rawBody);
      expectAuthentic(d, secret);
    }
  });

  it('retries when the answer is slower than the timeout (headers late)', async () => {
    const r = await receiver((_d, received) => (received.length === 0 ? { status: 200, delayMs: TIMEOUT_MS + 400 } : { status: 200 }));
    const partner = await partnerFor(r.url);
    const eventId = await testEvent(partner, 'application_declined');
    expectRetriedUntilAcknowledged(await attemptsUntilSuccess(partner, eventId));
    await settled(partner.partnerId);
    expect(r.forEvent(eventId).length).toBeGreaterThanOrEqual(2);
  });

  it('the worker reported no errors', () => {
    expect(workerErrors).toEqual([]);
  });
});
