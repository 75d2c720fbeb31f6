/**
 * The webhook retry timetable and lost job claims (docs/behaviour.md, section 13): the first attempt
 * and 10 retries on the documented timetable, never disabling the subscription; an attempt whose job
 * was taken away while in flight is not recorded, so one event has one retry chain; a job failed in a
 * batch does not cut short the other attempts of its batch.
 *
 * The worker's delivery timeout is one no loaded run reaches (test/helpers/webhook-delivery.ts), and
 * the receiver holds an attempt in flight by waiting for what the test needs to have happened, not
 * for a time: what the tests count does not depend on the machine's speed.
 */
import { describe, expect, it } from 'vitest';
import { sampleEvent } from '../../src/services/sample-events.ts';
import { recordEvent } from '../../src/store/outbox-store.ts';
import { DELIVERY_QUEUE } from '../../src/worker/queue.ts';
import type { PartnerClient } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { eventually, NO_TIMEOUT_MS } from '../helpers/receiver.ts';
import { useDeliveryTest } from '../helpers/webhook-delivery.ts';

describe.each(BACKENDS)('webhook retry timetable and lost job claims on %s', (backend) => {
  // 0.0001 makes the 16-hour timetable about six seconds.
  const { t, worker, workerErrors, receiver, partnerFor, testEvent, attemptsLogged, settled, log } = useDeliveryTest(backend, {
    timeoutMs: NO_TIMEOUT_MS,
    retryScale: 0.0001,
  });

  const attemptsOf = async (partner: PartnerClient, eventId: string) => [...(await log(partner, `event_id=${eventId}&limit=100`)).deliveries].reverse();

  /** Takes the claim away from the running attempt of the event, as expiry or shutdown would: pg-boss runs the job again. */
  async function failActiveJob(eventId: string): Promise<void> {
    const jobs = await worker.boss.findJobs<{ eventId: string }>(DELIVERY_QUEUE, { data: { eventId } });
    const active = jobs.filter((j) => j.state === 'active');
    expect(active).toHaveLength(1);
    await worker.boss.fail(DELIVERY_QUEUE, active[0].id, { message: 'claim taken away by the test' });
  }

  /** Once the worker reported that the event's attempt was not recorded, its job's claim having lapsed. */
  const claimLost = (eventId: string) =>
    eventually(
      async () => workerErrors.some((e) => e.details.event_id === eventId && (e.details.err as Error | undefined)?.name === 'ClaimLostError'),
      15_000,
      `the lapsed attempt of ${eventId} to end`,
    );

  // The timetable does not depend on the database: it runs once, on the last backend of the run.
  it.skipIf(backend !== BACKENDS[BACKENDS.length - 1])('gives up after the first attempt and 10 retries; the subscription stays active', async () => {
    const r = await receiver((d) => ({ status: d.eventType === 'customer_funded' ? 500 : 200 }));
    const partner = await partnerFor(r.url);
    const eventId = await testEvent(partner, 'customer_funded');

    await r.waitForEvent(eventId, 11, 40_000);
    const rows = await eventually(
      async () => {
        const list = await attemptsOf(partner, eventId);
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
    // Settled: no attempt is in flight or due, so the eleven are all there will be.
    await settled(partner.partnerId);
    expect(r.forEvent(eventId)).toHaveLength(11);

    // Never disabled: the next event is still delivered.
    const next = await testEvent(partner, 'application_deferred');
    await r.waitForEvent(next);
    expect((await partner.get('/webhooks/subscriptions/')).json().data.subscriptions.every((x: { subscribed: boolean }) => x.subscribed)).toBe(true);
  });

  it('an attempt whose job claim lapsed is not recorded: the retried job records its own, one chain only', async () => {
    // The first attempt's job is failed while the attempt is in flight (as expiry would), and the
    // attempt is answered (500) only once the job's second run has sent its own: that run holds the
    // job's claim when the first tries to record. The second run is answered (200) once the first
    // has ended unrecorded.
    const r = await receiver((d, received) => {
      if (received.length === 0) {
        return { status: 500, after: failActiveJob(d.eventId).then(() => r.waitForEvent(d.eventId, 2)) };
      }
      return { status: 200, after: claimLost(d.eventId) };
    });
    const partner = await partnerFor(r.url);
    const eventId = await testEvent(partner, 'application_offered');
    const [recorded] = await attemptsLogged(partner, eventId, 1);
    await claimLost(eventId);
    await settled(partner.partnerId);
    // The lapsed attempt (HTTP 500) left no row and no retry of its own; the job's second run made
    // the one recorded attempt, and it succeeded.
    expect(recorded).toMatchObject({ attempt: 1, status: 'succeeded', response_status: 200 });
    expect((await attemptsOf(partner, eventId)).map((x) => [x.attempt, x.status])).toEqual([[1, 'succeeded']]);
    expect(r.forEvent(eventId).map((d) => ('status' in d.answer ? d.answer.status : null))).toEqual([500, 200]);
  });

  it('a failed job in a batch does not cut short the other attempts of that batch', async () => {
    // Two events in one batch. The quick one's job is failed while its attempt is in flight; the
    // slow one is answered only once the quick one's second run is recorded: a batch cut short at
    // the first failure would have had the slow job failed, and retried, meanwhile.
    const r = await receiver();
    const partner = await partnerFor(r.url);
    const quickRecorded = () =>
      eventually(
        async () => (await log(partner, 'status=succeeded')).deliveries.some((x) => x.webhook_event_type === 'application_deferred'),
        15_000,
        "the quick event's second run to be recorded",
      );
    r.answer((d, received) => {
      if (d.eventType === 'customer_funded') return { status: 200, after: quickRecorded() };
      const firstOfItsEvent = !received.some((x) => x.eventId === d.eventId);
      return firstOfItsEvent ? { status: 200, after: failActiveJob(d.eventId) } : { status: 200 };
    });
    // Both events in one transaction: the dispatcher queues them together and the worker fetches
    // them in one batch.
    const tenant = { partnerId: partner.partnerId, environment: 'sandbox' as const };
    const now = new Date();
    const [quick, slow] = await t.testDb.db.transaction(async (tx) => [
      await recordEvent(tx, tenant, 'application_deferred', sampleEvent('application_deferred', now), now, { forceDelivery: true }),
      await recordEvent(tx, tenant, 'customer_funded', sampleEvent('customer_funded', now), now, { forceDelivery: true }),
    ]);
    await claimLost(quick);
    await settled(partner.partnerId);
    // The slow attempt ran once: its job was not failed (and retried) along with its batch-mate.
    expect(r.forEvent(slow)).toHaveLength(1);
    expect((await attemptsOf(partner, slow)).map((x) => [x.attempt, x.status])).toEqual([[1, 'succeeded']]);
    expect((await attemptsOf(partner, quick)).map((x) => [x.attempt, x.status])).toEqual([[1, 'succeeded']]);
    expect(r.forEvent(quick)).toHaveLength(2);
  });
});
