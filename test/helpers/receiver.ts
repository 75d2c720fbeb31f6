/**
 * A recording webhook receiver on 127.0.0.1 (a real node:http server on a random port) whose
 * answers the test programs: a status, a delay before it, no answer at all, or a dropped
 * connection. Every request is recorded with its raw body, as a partner's receiver would see it.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { useResource } from './hooks.ts';

/**
 * A webhook delivery timeout (WEBHOOK_TIMEOUT_MS) no loaded run reaches: as long as a test itself
 * may run (vitest's testTimeout), so a test waiting for a delivery fails its wait before an attempt
 * could time out. With it, a delivery the receiver answers is acknowledged at its first attempt, and
 * a test may count deliveries exactly; with a short timeout, a loaded machine has attempts the
 * receiver answered retried (test/helpers/webhook-delivery.ts).
 */
export const NO_TIMEOUT_MS = 60_000;

export interface ReceivedDelivery {
  /** 1-based position among everything this receiver got. */
  n: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The parsed body, or undefined when it was not JSON. */
  body: { data: Record<string, unknown> } | undefined;
  eventId: string;
  eventType: string;
  timestamp: number;
  signature: string;
  /** When the request was fully read (ms since the epoch, this process's clock). */
  receivedAt: number;
  /** The sender's port: tells the sender's connections (and so its process) apart. */
  remotePort: number;
  /** The connection it came on, numbered from 1 in the order the receiver accepted them. */
  connection: number;
  /** How the receiver answered it. */
  answer: Answer;
}

/** What the receiver does with one request. */
export type Answer =
  /** A status (and body), after `delayMs`, or once `after` settles. */
  | { status: number; delayMs?: number; body?: string; after?: Promise<unknown> }
  /** Reads the request and never answers (the sender must time out). */
  | { hang: true }
  /** Reads the request and drops the connection without answering. */
  | { destroy: true };

export type Answerer = (delivery: Omit<ReceivedDelivery, 'answer'>, received: ReceivedDelivery[]) => Answer;

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

export class Receiver {
  readonly received: ReceivedDelivery[] = [];
  #server: Server;
  #sockets = new Set<Socket>();
  #connectionOf = new WeakMap<Socket, number>();
  #timers = new Set<NodeJS.Timeout>();
  #answerer: Answerer = () => ({ status: 200 });
  #connections = 0;
  #waiters = new Set<() => void>();
  port = 0;

  private constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.#handle(req.method ?? '', req.url ?? '', req.headers, Buffer.concat(chunks).toString('utf8'), res, req.socket));
    });
    this.#server.keepAliveTimeout = 30_000;
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      this.#connectionOf.set(socket, ++this.#connections);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(answerer?: Answerer): Promise<Receiver> {
    const receiver = new Receiver();
    if (answerer) receiver.#answerer = answerer;
    await new Promise<void>((resolve, reject) => {
      receiver.#server.once('error', reject);
      receiver.#server.listen(0, '127.0.0.1', () => resolve());
    });
    receiver.port = (receiver.#server.address() as AddressInfo).port;
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Replaces how the receiver answers from now on. */
  answer(answerer: Answerer): void {
    this.#answerer = answerer;
  }

  #handle(method: string, path: string, headers: IncomingHttpHeaders, rawBody: string, res: ServerResponse, socket: Socket): void {
    let body: ReceivedDelivery['body'];
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const base = {
      n: this.received.length + 1,
      method,
      path,
      headers,
      rawBody,
      body,
      eventId: header(headers, 'x-svc-event-id'),
      eventType: header(headers, 'x-svc-event-type'),
      timestamp: Number(header(headers, 'x-svc-timestamp')),
      signature: header(headers, 'x-svc-signature'),
      receivedAt: Date.now(),
      remotePort: socket.remotePort ?? 0,
      connection: this.#connectionOf.get(socket) ?? 0,
    };
    let answer: Answer;
    try {
      answer = this.#answerer(base, this.received);
    } catch {
      answer = { status: 500 };
    }
    this.received.push({ ...base, answer });
    for (const wake of this.#waiters) wake();
    if ('hang' in answer) return;
    if ('destroy' in answer) {
      res.socket?.destroy();
      return;
    }
    const send = () => {
      if (res.destroyed || res.writableEnded) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body ?? '{}');
    };
    if (answer.after) {
      void answer.after.then(send, send);
    } else if (answer.delayMs) {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        send();
      }, answer.delayMs);
      this.#timers.add(timer);
    } else {
      send();
    }
  }

  /** The connections open now, by number, with the sender's port of each. */
  openConnections(): { connection: number; remotePort: number }[] {
    return [...this.#sockets].map((socket) => ({ connection: this.#connectionOf.get(socket) ?? 0, remotePort: socket.remotePort ?? 0 }));
  }

  /** Deliveries of one event, in arrival order. */
  forEvent(eventId: string): ReceivedDelivery[] {
    return this.received.filter((d) => d.eventId === eventId);
  }

  ofType(type: string): ReceivedDelivery[] {
    return this.received.filter((d) => d.eventType === type);
  }

  /** Resolves once `predicate` holds for what was received, or rejects after `timeoutMs`. */
  async waitFor(predicate: (received: ReceivedDelivery[]) => boolean, timeoutMs = 15_000, what = 'deliveries'): Promise<ReceivedDelivery[]> {
    if (predicate(this.received)) return this.received;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (predicate(this.received)) {
          cleanup();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received ${this.received.length}: ${this.summary()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
    });
    return this.received;
  }

  /** Waits until `eventId` has arrived at least `count` times. */
  waitForEvent(eventId: string, count = 1, timeoutMs = 15_000): Promise<ReceivedDelivery[]> {
    return this.waitFor((r) => r.filter((d) => d.eventId === eventId).length >= count, timeoutMs, `${count} deliveries of ${eventId}`).then(() =>
      this.forEvent(eventId),
    );
  }

  summary(): string {
    return this.received
      .slice(-20)
      .map((d) => `${d.eventType}:${d.eventId.slice(0, 8)}`)
      .join(' ');
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** A loopback URL nothing listens on: connecting to it is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

/** A receiver for the enclosing describe block: started in beforeAll, closed in afterAll. */
export function useReceiver(answerer?: Answerer): Receiver {
  return useResource(
    'the receiver',
    () => Receiver.start(answerer),
    (receiver) => receiver.close(),
  );
}

/** Polls `check` until it returns a truthy value, or throws after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15_000, what = 'a condition', intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
