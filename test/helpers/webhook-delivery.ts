/**
 * Webhook delivery over real HTTP, for the webhook test files: recording receivers on 127.0.0.1, a
 * worker started in-process on the test database, and checks of what a partner's receiver sees
 * (signatures checked with the partner SDK, payloads against their schemas) and of the delivery log.
 *
 * How long an attempt may take is the one setting that decides what a test may count. A delivery
 * to the in-process receiver can take over a second when the machine is loaded, and an attempt
 * with no answer within the timeout is rightly retried: the receiver then sees the event again.
 * So a test that counts deliveries exactly runs with NO_TIMEOUT_MS (./receiver.ts), which no loaded run reaches;
 * only the tests of the timeout itself run with a short one (test/integration/webhooks-timeouts.test.ts),
 * and they assert what the contract promises whatever the load (section 13: at least once, the same
 * event id, every attempt signed).
 */
import { createHmac } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../sdk/verify-webhook.ts';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';
import { DELIVERY_QUEUE } from '../../src/worker/queue.ts';
import type { Worker } from '../../src/worker/worker.ts';
import { useTestApp, type PartnerClient, type TestApp } from './app.ts';
import type { BackendName } from './db.ts';
import { payloadProblems } from './event-payloads.ts';
import { eventually, Receiver, type ReceivedDelivery } from './receiver.ts';
import { useWorker } from './worker.ts';

export const ALL_TYPES = EVENT_TYPES.map((e) => e.webhook_event_type);

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * The payload matches its type's schema: exactly its fields, each of the right kind. A quote
 * carries terms when the customer is prequalified, and a reason when not.
 */
export function expectDocumentedShape(type: string, payload: Record<string, unknown>): void {
  expect(payloadProblems(type, payload), type).toEqual([]);
  for (const quote of (payload.quotes ?? []) as Record<string, unknown>[]) {
    if (quote.prequalified) expect([quote.max_amount, quote.duration_in_days, quote.expires_at], type).not.toContain(null);
    else expect(typeof quote.reason, type).toBe('string');
  }
}

/** The delivery is authentic for `secret` under the partner SDK, and for its own timestamp. */
export function expectAuthentic(d: ReceivedDelivery, secret: string): void {
  // The SDK also holds the timestamp to within its tolerance (five minutes) of now.
  const verified = verifyWebhook(secret, d.headers, d.rawBody);
  expect(verified).toEqual({ eventId: d.eventId, eventType: d.eventType, timestamp: d.timestamp });
  // Independently of the SDK: the spec's formula over this attempt's own timestamp.
  const expected = `sha256=${createHmac('sha256', secret).update(`${d.headers['x-svc-timestamp']}.${d.rawBody}`).digest('base64')}`;
  expect(d.signature).toBe(expected);
  // The timestamp says when this attempt started (in whole seconds): not after it arrived. That
  // each retry has a later one is the retry tests' to show.
  expect(d.timestamp).toBeLessThanOrEqual(Math.floor(d.receivedAt / 1000));
}

export function expectNotAuthentic(d: ReceivedDelivery, secret: string): void {
  let error: unknown;
  try {
    verifyWebhook(secret, d.headers, d.rawBody);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(WebhookVerificationError);
  expect((error as WebhookVerificationError).reason).toBe('invalid_signature');
}

/** Whether the delivery is signed with `secret`. */
export function signedWith(d: { headers: ReceivedDelivery['headers']; rawBody: string }, secret: string): boolean {
  try {
    verifyWebhook(secret, d.headers, d.rawBody);
    return true;
  } catch {
    return false;
  }
}

export interface DeliveryJson {
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

export interface WorkerError {
  details: Record<string, unknown>;
  message: string;
}

export interface DeliveryTest {
  t: TestApp;
  worker: Worker;
  /** What the worker logged as errors. */
  workerErrors: WorkerError[];
  /** A recording receiver, closed after the describe block. */
  receiver(answer?: Parameters<typeof Receiver.start>[0]): Promise<Receiver>;
  /** A partner whose webhooks go to `url`, subscribed to `types` (default: every type). */
  partnerFor(url: string | null, options?: { token?: string; types?: string[] }): Promise<PartnerClient>;
  secretOf(partner: PartnerClient): Promise<string>;
  /** Records and sends a sample event of `type` (POST /sandbox/webhooks/test); answers its id. */
  testEvent(partner: PartnerClient, type: string): Promise<string>;
  /** GET /webhooks/deliveries/ with `query`. */
  log(partner: PartnerClient, query?: string): Promise<{ deliveries: DeliveryJson[]; next_cursor: string | null }>;
  /** The event's attempts in the delivery log, oldest first, once `count` of them are there. */
  attemptsLogged(partner: PartnerClient, eventId: string, count: number, timeoutMs?: number): Promise<DeliveryJson[]>;
  /** The event's attempts in the delivery log, oldest first, once one of them succeeded. */
  attemptsUntilSuccess(partner: PartnerClient, eventId: string, timeoutMs?: number): Promise<DeliveryJson[]>;
  storedPayload(eventId: string): Promise<{ event_type: string; payload: Record<string, unknown> }>;
  /**
   * Every event of the partner has left the outbox and every delivery job of it has settled: no
   * attempt is in flight or due (a retry is a job of its own), so what arrived is all that will.
   */
  settled(partnerId: string, timeoutMs?: number): Promise<string[]>;
}

/**
 * The test app for the enclosing describe block with a worker that delivers webhooks to loopback
 * receivers within `timeoutMs`, retrying on the documented timetable scaled by `retryScale`.
 */
export function useDeliveryTest(backend: BackendName, settings: { timeoutMs: number; retryScale: number }): DeliveryTest {
  const receivers: Receiver[] = [];
  const workerErrors: WorkerError[] = [];
  const t = useTestApp(backend, {
    env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCALE: String(settings.retryScale), WEBHOOK_TIMEOUT_MS: String(settings.timeoutMs) },
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
  });
  const worker = useWorker(t, { onError: (details, message) => workerErrors.push({ details, message }) });

  const log: DeliveryTest['log'] = async (partner, query = '') => {
    const res = await partner.get(`/webhooks/deliveries/${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const attemptsWhen = (partner: PartnerClient, eventId: string, done: (rows: DeliveryJson[]) => boolean, timeoutMs: number, what: string) =>
    eventually(
      async () => {
        const rows = [...(await log(partner, `event_id=${eventId}&limit=100`)).deliveries].reverse();
        return done(rows) ? rows : null;
      },
      timeoutMs,
      what,
    );

  return {
    t,
    worker,
    workerErrors,
    async receiver(answer) {
      const r = await Receiver.start(answer);
      receivers.push(r);
      return r;
    },
    async partnerFor(url, options = {}) {
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
    },
    secretOf: async (partner) => (await partner.get('/webhooks/signing_secret/')).json().data.signing_secret,
    async testEvent(partner, type) {
      const res = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: type } });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().data).toMatchObject({ webhook_event_type: type, status: 'queued' });
      return res.json().data.event_id;
    },
    log,
    attemptsLogged: (partner, eventId, count, timeoutMs = 15_000) =>
      attemptsWhen(partner, eventId, (rows) => rows.length >= count, timeoutMs, `${count} logged attempts of ${eventId}`),
    attemptsUntilSuccess: (partner, eventId, timeoutMs = 15_000) =>
      attemptsWhen(partner, eventId, (rows) => rows.some((row) => row.status === 'succeeded'), timeoutMs, `a succeeded attempt of ${eventId}`),
    async storedPayload(eventId) {
      const { rows } = await t.testDb.db.query<{ event_type: string; payload: Record<string, unknown> }>(
        'SELECT event_type, payload FROM outbox_events WHERE id = $1',
        [eventId],
      );
      return rows[0];
    },
    settled: (partnerId, timeoutMs = 15_000) =>
      eventually(
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
      ),
  };
}
