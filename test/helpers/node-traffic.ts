/**
 * Partner traffic spread over several API processes, every answer recorded: which node, which
 * token, what status and error code, and under which rule a refusal was expected (if any), so a
 * test can say afterwards that no request failed except those refused by rule.
 */
import { call, type HttpAnswer } from './node-processes.ts';

export interface SentRequest {
  /** Whose token sent it (a name the test chose). */
  who: string;
  /** Index of the API process that answered. */
  node: number;
  method: string;
  path: string;
  /** 0 when no HTTP answer came at all. */
  status: number;
  /** The first error code of an error answer. */
  code: string | null;
  /** The error code this request may be refused with by rule (anything else is a failure). */
  allowed: string | null;
  /** Milliseconds since the traffic began, when the answer came. */
  at: number;
}

export interface SendOptions {
  /** The API process to send to; the next in turn when absent. */
  node?: number;
  headers?: Record<string, string>;
  /** An error code the rules allow here (for example DuplicateCustomer, Throttled). */
  allowed?: string;
}

export interface TrafficAnswer extends HttpAnswer {
  node: number;
}

export class Traffic {
  readonly sent: SentRequest[] = [];
  readonly #ports: number[];
  readonly #started = Date.now();
  #turn = 0;

  constructor(ports: number[]) {
    this.#ports = ports;
  }

  get nodes(): number {
    return this.#ports.length;
  }

  async send(who: string, token: string, method: string, path: string, body?: unknown, options: SendOptions = {}): Promise<TrafficAnswer> {
    const node = (options.node ?? this.#turn++) % this.#ports.length;
    let answer: HttpAnswer;
    try {
      answer = await call(this.#ports[node], token, method, path, body, options.headers);
    } catch (error) {
      answer = { status: 0, headers: new Headers(), body: { errors: [{ code: `no answer: ${String(error)}` }] } };
    }
    const code = answer.status >= 200 && answer.status < 300 ? null : ((answer.body?.errors?.[0]?.code as string | undefined) ?? `HTTP ${answer.status}`);
    this.sent.push({ who, node, method, path, status: answer.status, code, allowed: options.allowed ?? null, at: Date.now() - this.#started });
    return { ...answer, node };
  }

  /** Requests that failed other than by a rule they were sent under. */
  failures(): SentRequest[] {
    return this.sent.filter((s) => (s.status < 200 || s.status >= 300) && (s.allowed === null || s.code !== s.allowed));
  }

  /** Counts of answers by `status code`, e.g. `{"201": 40, "429 Throttled": 120}`. */
  byStatus(filter: (s: SentRequest) => boolean = () => true): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const s of this.sent.filter(filter)) {
      const key = s.code ? `${s.status} ${s.code}` : String(s.status);
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }
}
