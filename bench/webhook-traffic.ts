/**
 * The webhook benchmark's traffic (bench/webhooks.ts): a loopback receiver that records the first
 * arrival of each event id, a producer that makes events through POST /sandbox/webhooks/test in a
 * burst or at a steady rate, and the wait for a run's deliveries.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { runBounded, sleep } from './concurrency.ts';
import type { ScenarioContext } from './scenario-context.ts';
import { HOST } from './server-process.ts';

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
export class Receiver {
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

export interface Sent {
  eventId: string;
  sentMono: number;
  returnedMono: number;
}

export interface Produced {
  sent: Sent[];
  failures: Map<string, number>;
  firstSentMono: number;
  lastReturnedMono: number;
}

/** Makes events through POST /sandbox/webhooks/test, cycling through every event type. */
export class Producer {
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
export async function awaitDeliveries(receiver: Receiver, ids: string[], giveUp: () => string | null = () => null): Promise<string | null> {
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
