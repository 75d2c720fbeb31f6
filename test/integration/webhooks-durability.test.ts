/**
 * Nothing lost, nothing doubled (docs/behaviour.md, sections 13 and 15), with the real server as child
 * processes (`node src/main.ts`) on 127.0.0.1:
 * - a server SIGKILLed while a delivery is in flight, then restarted on the same data: every
 *   event still arrives (at least once), on embedded PGlite and on PostgreSQL;
 * - two worker processes (and an API process) on one PostgreSQL: every event arrives exactly
 *   once, at its first attempt, and the delivery log has one row per event.
 * PostgreSQL runs need TEST_DATABASE_URL; each creates a database of its own and drops it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../sdk/verify-webhook.ts';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';
import { ADMIN_TOKEN, customerBody } from '../helpers/app.ts';
import { freePort } from '../helpers/child-server.ts';
import { BACKENDS, type BackendName } from '../helpers/db.ts';
import {
  call,
  describeChild,
  inParallel,
  killHard,
  localPortsOf,
  useNodeProcesses,
  waitForHttp,
  waitForReady,
  type HttpAnswer,
} from '../helpers/node-processes.ts';
import { eventually, NO_TIMEOUT_MS, Receiver } from '../helpers/receiver.ts';

const ALL_TYPES = EVENT_TYPES.map((e) => e.webhook_event_type);
const PG_URL = process.env.TEST_DATABASE_URL;

// Child processes: every one is tracked and killed in afterAll, whatever happened.
const nodes = useNodeProcesses();

// ---------------------------------------------------------------------------------------------
// A partner over real HTTP.

async function expectStatus(answer: Promise<HttpAnswer>, status: number): Promise<any> {
  const got = await answer;
  expect(got.status, JSON.stringify(got.body)).toBe(status);
  return got.body;
}

/** A new partner with a sandbox token, webhooks to `url`, subscribed to every type. */
async function partnerOver(port: number, url: string): Promise<{ token: string; partnerId: string }> {
  const partner = await expectStatus(call(port, ADMIN_TOKEN, 'POST', '/admin/v1/partners', { name: 'Durable Partner' }), 201);
  const partnerId = partner.data.partner_id as string;
  const token = (await expectStatus(call(port, ADMIN_TOKEN, 'POST', `/admin/v1/partners/${partnerId}/tokens`, { environment: 'sandbox' }), 201)).data
    .token as string;
  await expectStatus(call(port, token, 'PUT', '/webhooks/configuration/', { data: { url, token: 'receiver-bearer-123' } }), 200);
  await expectStatus(call(port, token, 'POST', '/webhooks/subscriptions/', { data: { webhook_event_types: ALL_TYPES } }), 200);
  return { token, partnerId };
}

async function testEvent(port: number, token: string, type: string): Promise<string> {
  return (await expectStatus(call(port, token, 'POST', '/sandbox/webhooks/test', { data: { webhook_event_type: type } }), 202)).data.event_id;
}

/** A customer with an application: the application id (its application_attributed event follows). */
async function application(port: number, token: string, amount: number): Promise<string> {
  const customer = await expectStatus(
    call(port, token, 'POST', '/customers/', customerBody({ external_customer_id: `dur-${randomBytes(4).toString('hex')}` })),
    201,
  );
  const app = await expectStatus(call(port, token, 'POST', `/customers/${customer.data.customer_id}/applications/`, { data: { amount } }), 201);
  return app.data.application_id;
}

// ---------------------------------------------------------------------------------------------

// The scenarios are independent (own ports, data, receivers) and mostly wait: they run at once.
describe.concurrent('webhook durability with the server as child processes', () => {
  it.for(BACKENDS)('a server SIGKILLed mid-delivery and restarted loses no event, on %s', { timeout: 180_000 }, async (backend: BackendName) => {
    const data: Record<string, string> =
      backend === 'pglite' ? { DATA_DIR: await nodes.freshDataDir('wh-durable-') } : { DATABASE_URL: await nodes.freshDatabase(PG_URL as string, 'wh') };
    const port = await freePort();
    const env = {
      ...data,
      PORT: String(port),
      ADMIN_TOKEN,
      ROLE: 'all',
      ALLOW_PRIVATE_WEBHOOK_URLS: 'true',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_SCALE: '0.001',
      LOG_LEVEL: 'warn',
    };
    // Before the kill the receiver is slow (3 s, beyond the 1 s timeout): no attempt can succeed
    // then, so every event has to be delivered by the restarted server. Once armed, the first attempt
    // of an event to arrive freezes the server (SIGSTOP) at once, before that attempt's timeout can
    // fire however loaded the machine: it is in flight, unrecorded, when the server is killed.
    let slow = true;
    let armed = false;
    let frozenOn = null as string | null;
    const receiver = await Receiver.start((d, received) => {
      if (armed && frozenOn === null && !received.some((x) => x.eventId === d.eventId)) {
        server.proc.kill('SIGSTOP');
        frozenOn = d.eventId;
      }
      return slow ? { status: 200, delayMs: 3000 } : { status: 200 };
    });
    nodes.onStop(() => receiver.close());

    let server = nodes.spawn(`${backend} server #1`, env);
    await waitForHttp(server, port);
    const { token } = await partnerOver(port, receiver.url);
    const secret = (await expectStatus(call(port, token, 'GET', '/webhooks/signing_secret/'), 200)).data.signing_secret as string;

    const eventIds: string[] = [];
    for (const type of ALL_TYPES) eventIds.push(await testEvent(port, token, type));
    const applications = [await application(port, token, 12000), await application(port, token, 8000)];

    // Kill while attempts are in flight: the receiver holds them without answering. One more event
    // makes sure a first attempt comes after arming (the call may get no answer: the server freezes).
    armed = true;
    const lastCall = testEvent(port, token, 'application_deferred').catch(() => null);
    await receiver.waitFor(() => frozenOn !== null, 20_000, 'a first attempt in flight before the kill');
    await killHard(server);
    await lastCall;
    const killedAt = Date.now();
    const inFlight = new Set(receiver.received.map((d) => d.eventId));
    expect(inFlight.size).toBeGreaterThan(0);
    slow = false;
    const seenBeforeRestart = receiver.received.length;

    server = nodes.spawn(`${backend} server #2`, env);
    await waitForHttp(server, port);

    const after = () => receiver.received.slice(seenBeforeRestart);
    const attributedIds = () =>
      applications.map((id) => after().find((d) => d.eventType === 'application_attributed' && d.body?.data.application_id === id)?.eventId);
    try {
      await receiver.waitFor(
        () => [...eventIds, frozenOn].every((id) => after().some((d) => d.eventId === id)) && attributedIds().every(Boolean),
        60_000,
        'every event after the restart',
      );
    } catch (error) {
      throw new Error(`${String(error)}\n${describeChild(server)}`, { cause: error });
    }
    const all = [...new Set([...eventIds, ...(attributedIds() as string[]), frozenOn as string])];
    // Every event, including those in flight at the kill, was delivered to a receiver that
    // acknowledged it, each attempt authentic.
    for (const id of all) {
      const got = after().filter((d) => d.eventId === id);
      expect(got.length, id).toBeGreaterThanOrEqual(1);
      for (const d of got) {
        expect(verifyWebhook(secret, d.headers, d.rawBody).eventId).toBe(id);
        expect(d.headers.authorization).toBe('Bearer receiver-bearer-123');
      }
    }
    for (const id of inFlight)
      expect(
        after().some((d) => d.eventId === id),
        `in flight at the kill: ${id}`,
      ).toBe(true);

    // The delivery log of the restarted server shows each event acknowledged, attempts numbered
    // without gaps or repeats.
    const logs = new Map<string, { attempt: number; status: string; attempted_at: string }[]>();
    for (const id of all) {
      const rows = await eventually(
        async () => {
          const log = await call(port, token, 'GET', `/webhooks/deliveries/?event_id=${id}&limit=100`);
          const list = log.body.data.deliveries as { attempt: number; status: string; attempted_at: string }[];
          return list.some((x) => x.status === 'succeeded') ? list : null;
        },
        20_000,
        `a succeeded attempt of ${id} in the log`,
      );
      const attempts = rows.map((x) => x.attempt).sort((a, b) => a - b);
      expect(attempts).toEqual(attempts.map((_x, i) => i + 1));
      logs.set(id, rows);
    }
    // Some attempts were cut off by the kill before they were recorded: those events reached the
    // receiver before the kill, yet the log has no attempt of theirs from before it. The job of
    // such an attempt was still active; pg-boss handed it out again once it expired.
    const cutOff = [...inFlight].filter((id) => !(logs.get(id) ?? []).some((x) => Date.parse(x.attempted_at) < killedAt));
    expect(cutOff).toContain(frozenOn);
    await killHard(server);
  });

  it.skipIf(!PG_URL)(
    'two workers on one PostgreSQL deliver every event exactly once, at the first attempt',
    async () => {
      const databaseUrl = await nodes.freshDatabase(PG_URL as string, 'wh');
      const port = await freePort();
      const common = {
        DATABASE_URL: databaseUrl,
        ADMIN_TOKEN,
        ALLOW_PRIVATE_WEBHOOK_URLS: 'true',
        // A timeout no loaded run reaches: this test is about two workers never sending the same
        // attempt, and on a loaded machine a short one would retry deliveries the receiver already took.
        WEBHOOK_TIMEOUT_MS: String(NO_TIMEOUT_MS),
        WEBHOOK_RETRY_SCALE: '0.001',
        LOG_LEVEL: 'warn',
      };
      const receiver = await Receiver.start(() => ({ status: 200 }));
      nodes.onStop(() => receiver.close());

      const api = nodes.spawn('api', { ...common, ROLE: 'api', PORT: String(port) });
      await waitForHttp(api, port);
      const { token, partnerId } = await partnerOver(port, receiver.url);
      const secret = (await expectStatus(call(port, token, 'GET', '/webhooks/signing_secret/'), 200)).data.signing_secret as string;
      // 180 sample events and 20 applications (one application_attributed each): 200 events. The
      // first 60 are recorded while no worker runs; they wait in the outbox.
      const types = Array.from({ length: 180 }, (_x, i) => ALL_TYPES[i % ALL_TYPES.length]);
      await inParallel(types.slice(0, 60), 12, (type) => testEvent(port, token, type));

      const workerPorts = [await freePort(), await freePort()];
      const workers = workerPorts.map((workerPort, i) => nodes.spawn(`worker #${i + 1}`, { ...common, ROLE: 'worker', PORT: String(workerPort) }));
      await Promise.all(workers.map((w, i) => waitForReady(w, workerPorts[i])));
      await inParallel(types.slice(60), 12, (type) => testEvent(port, token, type));
      await inParallel(
        Array.from({ length: 20 }, (_x, i) => 1000 + i * 100),
        5,
        (amount) => application(port, token, amount),
      );

      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows: events } = await db.query<{ id: string }>('SELECT id FROM outbox_events WHERE partner_id = $1', [partnerId]);
        expect(events).toHaveLength(200);
        const ids = events.map((e) => e.id);
        await receiver
          .waitFor((r) => new Set(r.map((d) => d.eventId)).size >= 200, 60_000, '200 events')
          .catch((error: unknown) => {
            throw new Error(`${String(error)}\n${[api, ...workers].map(describeChild).join('\n')}`);
          });
        // No delivery job left to run (a job runs before it sends): anything sent twice has arrived.
        await eventually(
          async () =>
            (
              await db.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-delivery' AND state IN ('created', 'retry', 'active')",
              )
            ).rows[0].n === 0,
          30_000,
          'no delivery job left',
        );

        const counts = new Map<string, number>();
        for (const d of receiver.received) counts.set(d.eventId, (counts.get(d.eventId) ?? 0) + 1);
        expect(new Set(counts.keys())).toEqual(new Set(ids));
        expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
        expect(receiver.received).toHaveLength(200);
        for (const d of receiver.received) expect(verifyWebhook(secret, d.headers, d.rawBody).eventId).toBe(d.eventId);

        const { rows: log } = await db.query<{ event_id: string; attempt: number; status: string }>(
          'SELECT event_id, attempt, status FROM webhook_deliveries WHERE partner_id = $1',
          [partnerId],
        );
        expect(log).toHaveLength(200);
        expect(new Set(log.map((x) => x.event_id))).toEqual(new Set(ids));
        expect(log.every((x) => x.attempt === 1 && x.status === 'succeeded')).toBe(true);
        // One delivery job per event.
        const { rows: jobs } = await db.query<{ event_id: string; n: number }>(
          "SELECT data->>'eventId' AS event_id, count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-delivery' GROUP BY 1",
        );
        expect(jobs).toHaveLength(200);
        expect(jobs.every((j) => j.n === 1)).toBe(true);
        // Both workers ran, and (where /proc tells whose connection a port is) both delivered.
        for (const w of workers) expect(w.proc.exitCode, describeChild(w)).toBeNull();
        const ports = await Promise.all(workers.map((w) => localPortsOf(w.proc.pid as number, receiver.port)));
        if (ports.every((p) => p !== null)) {
          const sentBy = workers.map((_w, i) => receiver.received.filter((d) => ports[i]!.has(d.remotePort)).length);
          expect(
            sentBy.every((n) => n > 0),
            `deliveries per worker: ${sentBy.join(', ')}`,
          ).toBe(true);
          expect(sentBy.reduce((a, b) => a + b, 0)).toBe(200);
        }
      } finally {
        await db.end();
      }
    },
    180_000,
  );
});
