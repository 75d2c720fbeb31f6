import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import type { PgBoss } from 'pg-boss';
import { isPrivateAddress } from '../domain/private-address.ts';
import { retryDelayMs } from '../domain/webhook-retry.ts';
import { signWebhook } from '../domain/webhook-signature.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Db } from '../store/db.ts';
import { findEventWithTarget, insertDelivery, nextAttemptNumber } from '../store/webhooks-store.ts';
import { bossDb } from '../store/boss-db.ts';
import { DELIVERY_QUEUE } from './queue.ts';
import type { DeliveryJobData } from './dispatcher.ts';

export interface DeliverySettings {
  timeoutMs: number;
  retryScale: number;
  allowPrivate: boolean;
  requireHttps: boolean;
}

const PRIVATE = 'the webhook URL resolves to a private, loopback or link-local address';

/**
 * Resolves names at connect time and refuses private addresses there, so the address checked is
 * the address connected to: a name that rebinds to 127.0.0.1 after the URL was accepted is refused.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as { address: string; family: number }[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error(PRIVATE), { code: 'EPRIVATE' }), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** Jobs one worker takes at once, and so the most attempts it has in flight. */
export const DELIVERY_BATCH = 64;

export class WebhookSender {
  readonly #agent: Agent;
  readonly #settings: DeliverySettings;

  constructor(settings: DeliverySettings) {
    this.#settings = settings;
    this.#agent = new Agent({
      connect: { lookup: guardedLookup(settings.allowPrivate), timeout: settings.timeoutMs },
      keepAliveTimeout: 10_000,
      // As many connections per receiver as attempts in flight: an attempt never waits in the
      // pool for a socket, where its timeout would run out before the receiver saw anything.
      connections: DELIVERY_BATCH * 2,
    });
  }

  /** One POST; resolves with the response status or an error message, never throws. */
  async post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number | null; error: string | null }> {
    try {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (this.#settings.requireHttps && target.protocol !== 'https:') return { status: null, error: 'the webhook URL must use https' };
      if (isIP(host) && !this.#settings.allowPrivate && isPrivateAddress(host)) return { status: null, error: PRIVATE };
      const response = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.#agent,
        signal: AbortSignal.timeout(this.#settings.timeoutMs),
        headersTimeout: this.#settings.timeoutMs,
        bodyTimeout: this.#settings.timeoutMs,
      });
      await response.body.dump();
      return { status: response.statusCode, error: response.statusCode >= 200 && response.statusCode < 300 ? null : `HTTP ${response.statusCode}` };
    } catch (error) {
      const e = error as { name?: string; code?: string; message?: string };
      if (e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT') {
        return { status: null, error: `no answer within ${this.#settings.timeoutMs} ms` };
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { status: null, error: cause?.message ?? e.message ?? 'connection failed' };
    }
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}

/** The job of an attempt was no longer ours when the attempt was to be recorded. */
export class ClaimLostError extends Error {
  constructor(eventId: string) {
    super(`the delivery job of event ${eventId} was no longer claimed by this worker; its attempt is not recorded, the job's retry makes it again`);
    this.name = 'ClaimLostError';
  }
}

/**
 * One delivery attempt of one event: signs a fresh timestamp, POSTs, records the attempt, and when
 * it failed schedules the next attempt on the documented timetable, all in one transaction. A crash
 * before that commit leaves the job active; pg-boss hands it out again once it expires, so the
 * attempt is made again (at least once), never lost.
 */
export async function deliverEvent(
  db: Db,
  boss: PgBoss,
  sender: WebhookSender,
  settings: DeliverySettings,
  queued: { id: string; retryCount: number; data: DeliveryJobData },
): Promise<void> {
  const job = queued.data;
  const event = await findEventWithTarget(db, job.eventId);
  if (!event) return;
  const tenant: Tenant = { partnerId: event.partner_id, environment: event.environment as Tenant['environment'] };
  const config = event.url && event.signing_secret ? { url: event.url, token: event.token, signing_secret: event.signing_secret } : null;
  if (!config) return; // No URL configured: nothing to deliver to.

  const body = JSON.stringify({ data: event.payload });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'lending-partner-api-webhooks/2.2',
    'x-svc-event-id': event.id,
    'x-svc-event-type': event.event_type,
    'x-svc-timestamp': String(timestamp),
    'x-svc-signature': signWebhook(config.signing_secret, timestamp, body),
  };
  if (config.token) headers.authorization = `Bearer ${config.token}`;

  const attemptedAt = new Date();
  const started = performance.now();
  const result = await sender.post(config.url, headers, body);
  const durationMs = Math.round(performance.now() - started);
  const succeeded = result.error === null;
  const delay = succeeded ? null : retryDelayMs(job.attempt, settings.retryScale);
  const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);

  await db.transaction(async (tx) => {
    // Redeliveries are counted too (a redelivery restarts the timetable, not the count); the number
    // is taken with the event's row locked.
    const attempt = await nextAttemptNumber(tx, event.id);
    await insertDelivery(tx, {
      id: randomUUID(),
      eventId: event.id,
      tenant,
      attempt,
      url: config.url,
      status: succeeded ? 'succeeded' : 'failed',
      responseStatus: result.status,
      durationMs,
      error: result.error,
      attemptedAt,
      nextAttemptAt,
    });
    if (nextAttemptAt) {
      const next: DeliveryJobData = { eventId: event.id, attempt: job.attempt + 1 };
      await boss.insert(DELIVERY_QUEUE, [{ data: next, startAfter: nextAttemptAt }], { db: bossDb(tx) });
    }
    // Completing the job in the same transaction: a crash after this commit cannot repeat the attempt.
    const completed = await boss.complete(DELIVERY_QUEUE, { id: queued.id, retryCount: queued.retryCount }, null, { db: bossDb(tx) });
    // CommandResponse is declared empty; at run time it reports how many jobs the call settled.
    if ((completed as { affected?: number }).affected !== 1) {
      // The claim lapsed while the attempt ran (the job expired, or shutdown failed it): the job is
      // being retried, and that run records its own attempt and schedules what follows. Recording
      // this one too would start a second retry chain for the event.
      throw new ClaimLostError(event.id);
    }
  });
}
