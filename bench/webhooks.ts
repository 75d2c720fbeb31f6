/**
 * Issue "webhooks": how fast the server delivers webhook events, and how soon after the event.
 *
 * The server runs with ROLE=all (API and worker in one process) and ALLOW_PRIVATE_WEBHOOK_URLS=true;
 * a node:http receiver in this process, on 127.0.0.1, answers every delivery 200 and records when
 * each X-SVC-Event-ID first arrived. The partner's webhook URL is pointed at it and every event type
 * is subscribed. Events are made with POST /sandbox/webhooks/test (202 with data.event_id), the
 * cheapest honest API call that commits one outbox event; the time its answer came back is kept
 * per event id.
 *
 *  - latency run: events at a steady BENCH_WEBHOOK_RATE per second for BENCH_DURATION seconds;
 *    p50/p99 of event → delivery, measured from the event's outbox created_at on PostgreSQL (read
 *    with `pg` afterwards), and from the API call's answer on PGlite (whose database this process
 *    cannot open while the server holds it). Both bases are kept in the JSON where available.
 *  - throughput run: BENCH_WEBHOOK_EVENTS events as fast as BENCH_CONNECTIONS concurrent calls go;
 *    deliveries/s over the window from the first to the last arrival. Deliveries keep up with
 *    production here, so this mostly measures how fast the API makes events.
 *
 * runWebhookBacklog (scenario webhooks-backlog, PostgreSQL only) measures delivery alone: the server
 * runs with ROLE=api (no worker), BENCH_WEBHOOK_EVENTS events are made and sit in the outbox, then
 * one ROLE=worker child on the same database drains them; deliveries/s over the window from the
 * first to the last arrival, every event expected exactly once.
 *
 * Every run waits for every event to arrive; missing ones make the row invalid.
 */
import { performance } from 'node:perf_hooks';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { Pool } from 'undici';
import { runBounded, sleep, summarize } from './concurrency.ts';
import { customMeasurement, type Measurement } from './report.ts';
import type { ScenarioContext, ScenarioSettings } from './scenario-context.ts';
import { HOST, startWorkerProcess, type ChildProcessHandle } from './server-process.ts';

/** No new arrival for this long ends the wait (a lost event would otherwise wait for its retry). */
const QUIET_MS = 15_000;
/** The longest wait for a run's deliveries after its last event was made. */
const MAX_WAIT_MS = 180_000;

interface Arrival {
  /** Date.now() at arrival (compared with the server's created_at). */
  wallMs: number;
  /** performance.now() at arrival (compared with the API answer, same clock). */
  monoMs: number;
  count: number;
}

/** The loopback webhook receiver: answers 200, records the first arrival of each event id. */
class Receiver {
  readonly arrivals = new Map<string, Arrival>();
  requests = 0;
  withoutId = 0;
  #server: Server;
  #lastArrivalMono = 0;
  url = '';

  constructor() {
    this.#server = createServer((request, response) => {
      const monoMs = performance.now();
      const wallMs = Date.now();
      this.requests++;
      this.#lastArrivalMono = monoMs;
      const id = request.headers['x-svc-event-id'];
      if (typeof id === 'string' && id !== '') {
        const seen = this.arrivals.get(id);
        if (seen) seen.count++;
        else this.arrivals.set(id, { wallMs, monoMs, count: 1 });
      } else {
        this.withoutId++;
      }
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-length': '0' });
        response.end();
      });
    });
    this.#server.keepAliveTimeout = 60_000;
  }

  get lastArrivalMono(): number {
    return this.#lastArrivalMono;
  }

  async start(): Promise<void> {
    this.#server.listen(0, HOST);
    await once(this.#server, 'listening');
    const address = this.#server.address();
    if (address === null || typeof address === 'string') throw new Error('the webhook receiver has no port');
    this.url = `http://${HOST}:${address.port}/webhooks`;
  }

  async stop(): Promise<void> {
    const closed = once(this.#server, 'close');
    this.#server.close();
    this.#server.closeAllConnections();
    await closed;
  }
}

interface Sent {
  eventId: string;
  sentMono: number;
  returnedMono: number;
}

interface Produced {
  sent: Sent[];
  failures: Map<string, number>;
  firstSentMono: number;
  lastReturnedMono: number;
}

/** Makes events through POST /sandbox/webhooks/test, cycling through every event type. */
class Producer {
  readonly #pool: Pool;
  readonly #path: string;
  readonly #headers: Record<string, string>;
  readonly #bodies: string[];
  #next = 0;

  constructor(ctx: ScenarioContext, types: string[], connections: number) {
    this.#pool = new Pool(ctx.server.url, { connections, keepAliveTimeout: 60_000 });
    this.#path = `${ctx.api.apiPrefix}/sandbox/webhooks/test`;
    this.#headers = { ...ctx.api.partnerHeaders, 'content-type': 'application/json' };
    this.#bodies = types.map((type) => JSON.stringify({ data: { webhook_event_type: type } }));
  }

  async #one(into: Produced): Promise<void> {
    const body = this.#bodies[this.#next++ % this.#bodies.length];
    const sentMono = performance.now();
    try {
      const response = await this.#pool.request({ method: 'POST', path: this.#path, headers: this.#headers, body });
      const text = await response.body.text();
      const returnedMono = performance.now();
      if (response.statusCode !== 202) {
        const key = `HTTP ${response.statusCode}`;
        into.failures.set(key, (into.failures.get(key) ?? 0) + 1);
        return;
      }
      into.sent.push({ eventId: JSON.parse(text).data.event_id as string, sentMono, returnedMono });
      into.lastReturnedMono = Math.max(into.lastReturnedMono, returnedMono);
    } catch (error) {
      const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
      into.failures.set(key, (into.failures.get(key) ?? 0) + 1);
    }
  }

  /** `count` events, `concurrency` calls in flight. */
  async burst(count: number, concurrency: number): Promise<Produced> {
    const produced: Produced = { sent: [], failures: new Map(), firstSentMono: performance.now(), lastReturnedMono: 0 };
    await runBounded(count, concurrency, () => this.#one(produced));
    return produced;
  }

  /** `rate` events a second for `seconds`, each sent on schedule whatever the others are doing (open loop). */
  async paced(rate: number, seconds: number): Promise<Produced> {
    const total = Math.max(1, Math.round(rate * seconds));
    const produced: Produced = { sent: [], failures: new Map(), firstSentMono: performance.now(), lastReturnedMono: 0 };
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    let issued = 0;
    while (issued < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      while (issued < due) {
        inFlight.push(this.#one(produced));
        issued++;
      }
      if (issued < total) await sleep(Math.max(1, started + (issued / rate) * 1000 - performance.now()));
    }
    await Promise.all(inFlight);
    return produced;
  }

  async close(): Promise<void> {
    await this.#pool.close();
  }
}

/**
 * Waits until every event of the run has arrived, or nothing arrives for QUIET_MS, or `giveUp`
 * answers a reason (the deliverer died): then answers that reason.
 */
async function awaitDeliveries(receiver: Receiver, ids: string[], giveUp: () => string | null = () => null): Promise<string | null> {
  const started = performance.now();
  for (;;) {
    let arrived = 0;
    for (const id of ids) if (receiver.arrivals.has(id)) arrived++;
    if (arrived === ids.length) return null;
    const reason = giveUp();
    if (reason !== null) return reason;
    const now = performance.now();
    const lastActivity = Math.max(receiver.lastArrivalMono, started);
    if (now - lastActivity > QUIET_MS || now - started > MAX_WAIT_MS) return null;
    await sleep(50);
  }
}

/** The outbox created_at of each event (PostgreSQL only), ms since the epoch. */
async function outboxCreatedAt(databaseUrl: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    const found = new Map<string, number>();
    for (let at = 0; at < ids.length; at += 5_000) {
      const { rows } = await client.query<{ id: string; created_at: Date }>('SELECT id::text AS id, created_at FROM outbox_events WHERE id = ANY($1::uuid[])', [
        ids.slice(at, at + 5_000),
      ]);
      for (const row of rows) found.set(row.id, row.created_at.getTime());
    }
    return found;
  } finally {
    await client.end().catch(() => {});
  }
}

interface RunFigures {
  produced: number;
  failures: Record<string, number>;
  arrived: number;
  missing: string[];
  duplicates: number;
  /** First to last arrival, s. */
  windowS: number;
  deliveriesPerS: number;
  producedPerS: number;
  /** From the last API answer of the run to its last arrival, ms. */
  drainMs: number;
  fromApiAnswerMs: number[];
  fromCreatedAtMs: number[] | null;
}

async function figuresOf(ctx: ScenarioContext, receiver: Receiver, produced: Produced): Promise<RunFigures> {
  const ids = produced.sent.map((s) => s.eventId);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let duplicates = 0;
  const missing: string[] = [];
  const fromApiAnswerMs: number[] = [];
  for (const sent of produced.sent) {
    const arrival = receiver.arrivals.get(sent.eventId);
    if (!arrival) {
      missing.push(sent.eventId);
      continue;
    }
    first = Math.min(first, arrival.monoMs);
    last = Math.max(last, arrival.monoMs);
    duplicates += arrival.count - 1;
    fromApiAnswerMs.push(arrival.monoMs - sent.returnedMono);
  }
  const arrived = ids.length - missing.length;
  let fromCreatedAtMs: number[] | null = null;
  if (ctx.databaseUrl && arrived > 0) {
    const created = await outboxCreatedAt(ctx.databaseUrl, ids);
    fromCreatedAtMs = [];
    for (const id of ids) {
      const arrival = receiver.arrivals.get(id);
      const at = created.get(id);
      if (arrival && at !== undefined) fromCreatedAtMs.push(arrival.wallMs - at);
    }
  }
  const windowS = arrived > 1 ? (last - first) / 1000 : Number.NaN;
  const productionS = (produced.lastReturnedMono - produced.firstSentMono) / 1000;
  return {
    produced: ids.length,
    failures: Object.fromEntries(produced.failures),
    arrived,
    missing,
    duplicates,
    windowS,
    deliveriesPerS: arrived > 1 && windowS > 0 ? (arrived - 1) / windowS : Number.NaN,
    producedPerS: productionS > 0 ? ids.length / productionS : Number.NaN,
    drainMs: arrived > 0 ? last - produced.lastReturnedMono : Number.NaN,
    fromApiAnswerMs,
    fromCreatedAtMs,
  };
}

function issuesOf(f: RunFigures, attempted: number): string[] {
  const issues: string[] = [];
  const failed = Object.entries(f.failures).map(([why, n]) => `${n}× ${why}`);
  if (failed.length > 0) issues.push(`${attempted - f.produced} of ${attempted} event calls failed (${failed.join(', ')})`);
  if (f.missing.length > 0) issues.push(`${f.missing.length} of ${f.produced} events never arrived (e.g. ${f.missing.slice(0, 3).join(', ')})`);
  return issues;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The receiver and producer share this process's event loop: say so when it was nearly saturated. */
const busyNote = (utilization: number) =>
  utilization > 0.9 ? `; load generator ${Math.round(utilization * 100)}% busy (figures may understate the server)` : '';

const fmt = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));

function latencyText(samples: number[]): string {
  const s = summarize(samples);
  return `p50 ${fmt(s.p50Ms)} ms, p99 ${fmt(s.p99Ms)} ms`;
}

/** Figures kept in the JSON for one run. */
function detailsOf(f: RunFigures, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    ...extra,
    eventsProduced: f.produced,
    eventCallFailures: f.failures,
    eventsArrived: f.arrived,
    eventsMissing: f.missing.length,
    missingEventIds: f.missing.slice(0, 20),
    duplicateDeliveries: f.duplicates,
    arrivalWindowS: Math.round(f.windowS * 1000) / 1000,
    producedPerS: Math.round(f.producedPerS),
    drainAfterLastEventMs: Math.round(f.drainMs),
    latencyFromOutboxCreatedAt: f.fromCreatedAtMs ? summarize(f.fromCreatedAtMs) : null,
    latencyFromApiAnswer: summarize(f.fromApiAnswerMs),
  };
}

/** Points the partner's webhook URL at the receiver and subscribes every event type; answers the types. */
async function subscribeEveryType({ api }: ScenarioContext, receiver: Receiver): Promise<string[]> {
  await api.partner('PUT', '/webhooks/configuration/', { data: { url: receiver.url } });
  const listed = await api.partner('GET', '/webhooks/event_types/');
  const types = (listed.data.webhook_event_types as { webhook_event_type: string }[]).map((t) => t.webhook_event_type);
  for (let at = 0; at < types.length; at += 20) {
    await api.partner('POST', '/webhooks/subscriptions/', { data: { webhook_event_types: types.slice(at, at + 20) } });
  }
  const subscriptions = await api.partner('GET', '/webhooks/subscriptions/');
  const unsubscribed = (subscriptions.data.subscriptions as { webhook_event_type: string; subscribed: boolean }[]).filter((s) => !s.subscribed);
  if (unsubscribed.length > 0) throw new Error(`not subscribed after subscribing: ${unsubscribed.map((s) => s.webhook_event_type).join(', ')}`);
  return types;
}

export async function runWebhooks(ctx: ScenarioContext, settings: Pick<ScenarioSettings, 'webhookEvents' | 'webhookRate'>): Promise<Measurement[]> {
  const { backend } = ctx;
  const receiver = new Receiver();
  await receiver.start();
  let producer: Producer | null = null;
  try {
    const types = await subscribeEveryType(ctx, receiver);
    producer = new Producer(ctx, types, ctx.settings.connections);
    const useCreatedAt = ctx.databaseUrl !== null;
    const basis = useCreatedAt ? 'outbox created_at → receiver arrival' : 'API answer (202) → receiver arrival';
    const label = `[${backend}] webhooks`;

    if (ctx.settings.warmupS > 0) {
      process.stdout.write(`${label}: warm-up 200 events… `);
      const warm = await producer.burst(200, Math.min(20, ctx.settings.connections));
      await awaitDeliveries(
        receiver,
        warm.sent.map((s) => s.eventId),
      );
      const f = await figuresOf(ctx, receiver, warm);
      const issues = issuesOf(f, 200);
      console.log(issues.length > 0 ? `(warm-up: ${issues.join('; ')})` : `${f.arrived} delivered.`);
    }

    // Latency at a steady, moderate rate.
    const rate = settings.webhookRate;
    const seconds = ctx.settings.durationS;
    const latencyName = `webhooks: event → delivery latency (${rate} events/s)`;
    process.stdout.write(`[${backend}] ${latencyName}: ${seconds} s of events… `);
    let loopBefore = performance.eventLoopUtilization();
    const steady = await producer.paced(rate, seconds);
    process.stdout.write('awaiting deliveries… ');
    await awaitDeliveries(
      receiver,
      steady.sent.map((s) => s.eventId),
    );
    const steadyBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const lf = await figuresOf(ctx, receiver, steady);
    const latencyRow = customMeasurement({
      scenarioId: 'webhooks-latency',
      scenario: latencyName,
      backend,
      rate: lf.deliveriesPerS,
      unit: 'deliveries/s',
      latenciesMs: lf.fromCreatedAtMs ?? lf.fromApiAnswerMs,
      latencyBasis: basis,
      requests: lf.produced,
      durationS: seconds,
      targets: { maxP50Ms: 100 },
      summary:
        `events made at ${Math.round(lf.producedPerS).toLocaleString('en-GB')}/s of ${rate} asked; ` +
        `${lf.arrived.toLocaleString('en-GB')}/${lf.produced.toLocaleString('en-GB')} delivered; latency from ${useCreatedAt ? 'outbox created_at' : 'API answer'}` +
        (useCreatedAt ? ` (from API answer: ${latencyText(lf.fromApiAnswerMs)})` : '') +
        (lf.duplicates > 0 ? `; ${lf.duplicates} duplicate deliveries` : '') +
        busyNote(steadyBusy),
      details: detailsOf(lf, { eventsPerSecondAsked: rate, seconds, loadGeneratorEventLoopUtilization: round2(steadyBusy) }),
      issues: issuesOf(lf, Math.max(1, Math.round(rate * seconds))),
    });
    console.log(`p50 ${fmt(latencyRow.p50Ms)} ms, p99 ${fmt(latencyRow.p99Ms)} ms (${basis}); ${latencyRow.summary}`);

    // Throughput of a burst.
    const count = settings.webhookEvents;
    const burstName = `webhooks: deliveries/s (${count.toLocaleString('en-GB')}-event burst)`;
    process.stdout.write(`[${backend}] ${burstName}: making ${count} events… `);
    loopBefore = performance.eventLoopUtilization();
    const burst = await producer.burst(count, ctx.settings.connections);
    process.stdout.write('awaiting deliveries… ');
    await awaitDeliveries(
      receiver,
      burst.sent.map((s) => s.eventId),
    );
    const burstBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const bf = await figuresOf(ctx, receiver, burst);
    const burstRow = customMeasurement({
      scenarioId: 'webhooks-throughput',
      scenario: burstName,
      backend,
      rate: bf.deliveriesPerS,
      unit: 'deliveries/s',
      latenciesMs: bf.fromCreatedAtMs ?? bf.fromApiAnswerMs,
      latencyBasis: basis,
      requests: bf.produced,
      durationS: bf.windowS,
      targets: { minRate: 1_000 },
      summary:
        `${bf.arrived.toLocaleString('en-GB')}/${bf.produced.toLocaleString('en-GB')} delivered over ${fmt(bf.windowS)} s; ` +
        `events made at ${Math.round(bf.producedPerS).toLocaleString('en-GB')}/s; last delivery ${Math.round(bf.drainMs)} ms after the last event` +
        (bf.duplicates > 0 ? `; ${bf.duplicates} duplicate deliveries` : '') +
        busyNote(burstBusy),
      details: detailsOf(bf, { connections: ctx.settings.connections, loadGeneratorEventLoopUtilization: round2(burstBusy) }),
      issues: issuesOf(bf, count),
    });
    console.log(`${Math.round(burstRow.rate).toLocaleString('en-GB')} deliveries/s; ${burstRow.summary}`);
    if (receiver.withoutId > 0) burstRow.issues.push(`${receiver.withoutId} deliveries without X-SVC-Event-ID`);
    return [latencyRow, burstRow];
  } finally {
    await producer?.close().catch(() => {});
    await receiver.stop().catch(() => {});
  }
}

/**
 * Delivery throughput alone: the server runs with ROLE=api, so the events made first sit in the
 * outbox; then one ROLE=worker child on the same database drains them. PostgreSQL only (PGlite is
 * one process: no second process can open its database).
 */
export async function runWebhookBacklog(ctx: ScenarioContext, settings: Pick<ScenarioSettings, 'webhookEvents'>): Promise<Measurement[]> {
  const { backend, databaseUrl, scenario } = ctx;
  if (databaseUrl === null) throw new Error('the backlog run needs PostgreSQL (a worker process beside the API server)');
  const count = settings.webhookEvents;
  const receiver = new Receiver();
  await receiver.start();
  let producer: Producer | null = null;
  let worker: ChildProcessHandle | null = null;
  try {
    const types = await subscribeEveryType(ctx, receiver);
    producer = new Producer(ctx, types, ctx.settings.connections);

    process.stdout.write(`[${backend}] ${scenario.name}: making ${count} events (no worker running)… `);
    const backlog = await producer.burst(count, ctx.settings.connections);
    const ids = backlog.sent.map((s) => s.eventId);
    // Nothing may be delivered yet: the API server (ROLE=api) must not deliver.
    await sleep(500);
    const deliveredEarly = receiver.requests;

    process.stdout.write(`${ids.length} in the outbox; starting the worker… `);
    const loopBefore = performance.eventLoopUtilization();
    const workerStarted = performance.now();
    worker = startWorkerProcess({ databaseUrl, logLevel: ctx.settings.logLevel, env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true' } });
    const running = worker;
    const died = await awaitDeliveries(receiver, ids, () => running.ended());
    const busy = performance.eventLoopUtilization(loopBefore).utilization;
    const f = await figuresOf(ctx, receiver, backlog);
    const stopped = await worker.stop();

    let first = Number.POSITIVE_INFINITY;
    for (const id of ids) first = Math.min(first, receiver.arrivals.get(id)?.monoMs ?? Number.POSITIVE_INFINITY);
    const firstAfterStartS = Number.isFinite(first) ? (first - workerStarted) / 1000 : Number.NaN;
    const ours = new Set(ids);
    const strangers = [...receiver.arrivals.keys()].filter((id) => !ours.has(id)).length;

    const issues = issuesOf(f, count);
    if (f.duplicates > 0) issues.push(`${f.duplicates} duplicate deliveries (each event should arrive exactly once)`);
    if (deliveredEarly > 0) issues.push(`${deliveredEarly} deliveries arrived before the worker started (the ROLE=api server delivered?)`);
    if (strangers > 0) issues.push(`${strangers} unexpected event ids arrived`);
    if (receiver.withoutId > 0) issues.push(`${receiver.withoutId} deliveries without X-SVC-Event-ID`);
    if (died !== null) issues.push(`the worker ${died} before delivering every event`);
    if (issues.length > 0) {
      const tail = worker.output().trim().split('\n').slice(-5).join('\n    ');
      if (tail) console.log(`\n  worker output (last lines):\n    ${tail}`);
    }

    const row = customMeasurement({
      scenarioId: scenario.id,
      scenario: scenario.name,
      backend,
      rate: f.deliveriesPerS,
      unit: 'deliveries/s',
      latenciesMs: [],
      requests: f.produced,
      durationS: f.windowS,
      targets: scenario.targets,
      summary:
        `${f.arrived.toLocaleString('en-GB')}/${f.produced.toLocaleString('en-GB')} delivered over ${fmt(f.windowS)} s; ` +
        `first delivery ${fmt(firstAfterStartS)} s after the worker's spawn; backlog made at ${Math.round(f.producedPerS).toLocaleString('en-GB')} events/s` +
        (died === null && stopped.code !== 0 ? `; the worker did not exit cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal})` : '') +
        busyNote(busy),
      details: {
        eventsProduced: f.produced,
        eventCallFailures: f.failures,
        eventsArrived: f.arrived,
        eventsMissing: f.missing.length,
        missingEventIds: f.missing.slice(0, 20),
        duplicateDeliveries: f.duplicates,
        deliveriesBeforeWorker: deliveredEarly,
        arrivalWindowS: Math.round(f.windowS * 1000) / 1000,
        firstDeliveryAfterWorkerSpawnS: Math.round(firstAfterStartS * 1000) / 1000,
        producedPerS: Math.round(f.producedPerS),
        connections: ctx.settings.connections,
        workerExit: { code: stopped.code, signal: stopped.signal },
        loadGeneratorEventLoopUtilization: round2(busy),
      },
      issues,
    });
    console.log(`${Math.round(row.rate).toLocaleString('en-GB')} deliveries/s; ${row.summary}`);
    return [row];
  } finally {
    await worker?.stop().catch(() => {});
    await producer?.close().catch(() => {});
    await receiver.stop().catch(() => {});
  }
}
