/**
 * Nothing lost, nothing doubled (docs/behaviour.md, sections 13 and 15), with the real server as child
 * processes (`node src/main.ts`) on 127.0.0.1:
 * - a server SIGKILLed while a delivery is in flight, then restarted on the same data: every
 *   event still arrives (at least once), on embedded PGlite and on PostgreSQL;
 * - two worker processes (and an API process) on one PostgreSQL: every event arrives exactly
 *   once, at its first attempt, and the delivery log has one row per event.
 * PostgreSQL runs need TEST_DATABASE_URL; each creates a database of its own and drops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../sdk/verify-webhook.ts';
import { EVENT_TYPES } from '../../src/domain/event-types.ts';
import { ADMIN_TOKEN, customerBody } from '../helpers/app.ts';
import { BACKENDS, type BackendName } from '../helpers/db.ts';
import { eventually, Receiver } from '../helpers/receiver.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const BASE = '/api/lending/v2.2';
const ALL_TYPES = EVENT_TYPES.map((e) => e.webhook_event_type);
const PG_URL = process.env.TEST_DATABASE_URL;

// ---------------------------------------------------------------------------------------------
// Child processes: every one is tracked and killed in afterAll, whatever happened.

interface Child {
  name: string;
  proc: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

const children = new Set<Child>();
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
  }
  await Promise.all([...children].map((c) => c.exited));
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}, 60_000);

function spawnServer(name: string, env: Record<string, string>): Child {
  const proc = spawn(NODE, ['src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((done) => proc.once('exit', () => done()));
  const child = { name, proc, output, exited };
  children.add(child);
  return child;
}

async function killHard(child: Child): Promise<void> {
  child.proc.kill('SIGKILL');
  await child.exited;
}

function describeChild(child: Child): string {
  const text = child.output.join('').replace(/(sk_[a-z]+_|adm_)[A-Za-z0-9_-]+/g, '$1…');
  return `${child.name} (exit ${child.proc.exitCode ?? child.proc.signalCode ?? 'running'}):\n${text.slice(-3000)}`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Waits until the child answers HTTP on `port` (any answer: the unauthenticated check is a 401). */
async function waitForHttp(child: Child, port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.proc.exitCode !== null) throw new Error(`server exited early: ${describeChild(child)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${BASE}/authentication_check/`);
      await res.arrayBuffer();
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in ${timeoutMs} ms: ${describeChild(child)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until a ROLE=worker child (LOG_LEVEL=info) says it started. */
async function waitForWorker(child: Child, timeoutMs = 60_000): Promise<void> {
  await eventually(
    async () => {
      if (child.proc.exitCode !== null) throw new Error(`worker exited early: ${describeChild(child)}`);
      return child.output.join('').includes('worker started');
    },
    timeoutMs,
    `${child.name} to start`,
    100,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${describeChild(child)}`);
  });
}

// ---------------------------------------------------------------------------------------------
// A partner over real HTTP.

interface HttpAnswer {
  status: number;
  body: any;
}

async function call(port: number, token: string, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
  const url = path.startsWith('/admin') ? `http://127.0.0.1:${port}${path}` : `http://127.0.0.1:${port}${BASE}${path}`;
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

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

/** Runs `work` over `items` with at most `limit` at once. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's, dropped in afterAll. */
async function freshDatabase(): Promise<string> {
  const name = `wh_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: PG_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(PG_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The local TCP ports of a process's sockets (Linux /proc), or null where that cannot be read. */
/**
 * Local ports of the process's TCP connections to `remotePort` (the receiver). Only those: an
 * ephemeral port can be in use by two processes at once towards different peers (one towards
 * PostgreSQL, one towards the receiver), so ports of all sockets would attribute deliveries twice.
 */
async function localPortsOf(pid: number, remotePort: number): Promise<Set<number> | null> {
  try {
    const inodes = new Set<string>();
    for (const fd of await readdir(`/proc/${pid}/fd`)) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]);
    }
    const ports = new Set<number>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const text = await readFile(table, 'utf8').catch(() => '');
      for (const line of text.split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        const peerPort = cols.length > 9 ? parseInt(cols[2].split(':').pop() as string, 16) : -1;
        if (cols.length > 9 && inodes.has(cols[9]) && peerPort === remotePort) ports.add(parseInt(cols[1].split(':').pop() as string, 16));
      }
    }
    return ports.size > 0 ? ports : null;
  } catch {
    return null;
  }
}

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wh-durable-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------------------------------------

// The scenarios are independent (own ports, data, receivers) and mostly wait: they run at once.
describe.concurrent('webhook durability with the server as child processes', () => {
  it.for(BACKENDS)('a server SIGKILLed mid-delivery and restarted loses no event, on %s', { timeout: 180_000 }, async (backend: BackendName) => {
    const data: Record<string, string> = backend === 'pglite' ? { DATA_DIR: await freshDataDir() } : { DATABASE_URL: await freshDatabase() };
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
    // then, so every event has to be delivered by the restarted server.
    let slow = true;
    const receiver = await Receiver.start(() => (slow ? { status: 200, delayMs: 3000 } : { status: 200 }));
    cleanups.push(() => receiver.close());

    let server = spawnServer(`${backend} server #1`, env);
    await waitForHttp(server, port);
    const { token } = await partnerOver(port, receiver.url);
    const secret = (await expectStatus(call(port, token, 'GET', '/webhooks/signing_secret/'), 200)).data.signing_secret as string;

    const eventIds: string[] = [];
    for (const type of ALL_TYPES) eventIds.push(await testEvent(port, token, type));
    const applications = [await application(port, token, 12000), await application(port, token, 8000)];

    // Kill while attempts are in flight: the receiver holds them without answering.
    await receiver.waitFor((r) => r.length >= 3, 20_000, 'attempts in flight before the kill');
    await killHard(server);
    const killedAt = Date.now();
    const inFlight = new Set(receiver.received.map((d) => d.eventId));
    expect(inFlight.size).toBeGreaterThan(0);
    slow = false;
    const seenBeforeRestart = receiver.received.length;

    server = spawnServer(`${backend} server #2`, env);
    await waitForHttp(server, port);

    const after = () => receiver.received.slice(seenBeforeRestart);
    const attributedIds = () =>
      applications.map((id) => after().find((d) => d.eventType === 'application_attributed' && d.body?.data.application_id === id)?.eventId);
    try {
      await receiver.waitFor(
        () => eventIds.every((id) => after().some((d) => d.eventId === id)) && attributedIds().every(Boolean),
        60_000,
        'every event after the restart',
      );
    } catch (error) {
      throw new Error(`${String(error)}\n${describeChild(server)}`, { cause: error });
    }
    const all = [...eventIds, ...(attributedIds() as string[])];
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
    expect(cutOff.length).toBeGreaterThan(0);
    await killHard(server);
  });

  it.skipIf(!PG_URL)(
    'two workers on one PostgreSQL deliver every event exactly once, at the first attempt',
    async () => {
      const databaseUrl = await freshDatabase();
      const port = await freePort();
      const common = {
        DATABASE_URL: databaseUrl,
        ADMIN_TOKEN,
        ALLOW_PRIVATE_WEBHOOK_URLS: 'true',
        // A generous timeout: this test is about two workers never sending the same attempt, and on a
        // loaded machine a 1 s timeout would retry deliveries the receiver already took.
        WEBHOOK_TIMEOUT_MS: '10000',
        WEBHOOK_RETRY_SCALE: '0.001',
        LOG_LEVEL: 'warn',
      };
      const receiver = await Receiver.start(() => ({ status: 200 }));
      cleanups.push(() => receiver.close());

      const api = spawnServer('api', { ...common, ROLE: 'api', PORT: String(port) });
      await waitForHttp(api, port);
      const { token, partnerId } = await partnerOver(port, receiver.url);
      const secret = (await expectStatus(call(port, token, 'GET', '/webhooks/signing_secret/'), 200)).data.signing_secret as string;
      // 180 sample events and 20 applications (one application_attributed each): 200 events. The
      // first 60 are recorded while no worker runs; they wait in the outbox.
      const types = Array.from({ length: 180 }, (_x, i) => ALL_TYPES[i % ALL_TYPES.length]);
      await inParallel(types.slice(0, 60), 12, (type) => testEvent(port, token, type));

      const workers = [1, 2].map((n) => spawnServer(`worker #${n}`, { ...common, ROLE: 'worker', LOG_LEVEL: 'info', PORT: '0' }));
      await Promise.all(workers.map((w) => waitForWorker(w)));
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
        // Anything sent twice would have arrived by now.
        await new Promise((r) => setTimeout(r, 2500));

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
