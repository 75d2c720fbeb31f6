/**
 * A real HTTP proxy on 127.0.0.1 in front of a real server, whose behaviour per request the test
 * programs: forward, answer itself (a 429 or 503 with its headers), drop the connection without
 * forwarding, or forward and then drop the connection before the client sees the answer (the
 * request took effect, the answer was lost: what idempotency keys are for). Records every request.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | 'forward'
  /** Forward, read the server's answer, then drop the client's connection. */
  | 'forward-then-drop'
  /** Drop the connection without forwarding. */
  | 'drop'
  /** Never answer (until the proxy closes). */
  | 'hang'
  | { status: number; headers?: Record<string, string>; body?: string };

export interface ProxiedRequest {
  n: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
  fault: Fault;
  /** The server's answer, when the request was forwarded. */
  answer?: { status: number; headers: Headers };
}

export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  #server: Server;
  #sockets = new Set<Socket>();
  #plan: (request: Omit<ProxiedRequest, 'fault'>) => Fault = () => 'forward';
  port = 0;

  private constructor(target: string) {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const base = {
          n: this.requests.length + 1,
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks),
          at: Date.now(),
        };
        const fault = this.#plan(base);
        const recorded: ProxiedRequest = { ...base, fault };
        this.requests.push(recorded);
        if (fault === 'drop') return req.socket.destroy();
        if (fault === 'hang') return;
        if (typeof fault === 'object') {
          res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
          return res.end(fault.body ?? '');
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (value === undefined || ['host', 'connection', 'transfer-encoding', 'content-length'].includes(name)) continue;
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const answer = await fetch(`${target}${base.path}`, {
          method: base.method,
          headers,
          body: base.method === 'GET' || base.method === 'HEAD' ? undefined : base.body,
        });
        const body = Buffer.from(await answer.arrayBuffer());
        recorded.answer = { status: answer.status, headers: answer.headers };
        if (fault === 'forward-then-drop') return req.socket.destroy();
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding', 'keep-alive'].includes(name)) out[name] = value;
        });
        res.writeHead(answer.status, out);
        res.end(body);
      });
    });
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(target: string): Promise<FaultProxy> {
    const proxy = new FaultProxy(target);
    await new Promise<void>((resolve) => proxy.#server.listen(0, '127.0.0.1', () => resolve()));
    proxy.port = (proxy.#server.address() as AddressInfo).port;
    return proxy;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Sets what happens to each request from now on, and forgets what was recorded. */
  plan(plan: (request: Omit<ProxiedRequest, 'fault'>) => Fault): void {
    this.#plan = plan;
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
