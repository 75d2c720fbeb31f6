/**
 * Sandbox test clocks (docs/behaviour.md, section 28) on the client: a clock holds a date that
 * moves only when you advance it, and the customers you put on it live by that date (offers
 * expire, repayments are collected or missed, arrears grow, the withdrawal window closes).
 * LendingClient has these methods (./client.ts); they go through its requests, retries and errors.
 */
import type { AnswerOf, BodyOf, CallOptions, QueryOf } from '../client-types.ts';
import { enc, transportOf, type RequestSpec } from '../transport.ts';

export type TestClock = AnswerOf<'/sandbox/test_clocks/{test_clock_id}/', 'get'>['data'];
export type TestClockList = AnswerOf<'/sandbox/test_clocks/', 'get'>;
export type CreateTestClockBody = BodyOf<'/sandbox/test_clocks', 'post'>;
export type AdvanceTestClockBody = BodyOf<'/sandbox/test_clocks/{test_clock_id}/advance', 'post'>;
export type TestClockListQuery = { [K in keyof QueryOf<'/sandbox/test_clocks/', 'get'>]?: QueryOf<'/sandbox/test_clocks/', 'get'>[K] | number };

export interface AdvanceOptions extends CallOptions {
  /** Resolve only once the clock is `ready` at `to` (polling GET), with the clock as it is then. Default false. */
  waitUntilReady?: boolean;
  /** Between two polls while waiting. Default 250 ms. */
  pollIntervalMs?: number;
  /** How long to wait for `ready` before failing. Default 120 s. */
  waitTimeoutMs?: number;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export class TestClockCalls {
  /** POST /sandbox/test_clocks: a new clock at today (London), `ready`. */
  createTestClock(body: CreateTestClockBody = { data: {} }, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/test_clocks', 'post'>>({ method: 'POST', path: '/sandbox/test_clocks', json: body }, call);
  }

  /** GET /sandbox/test_clocks/{id}/: the clock's date, status and customer count. */
  getTestClock(testClockId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/test_clocks/{test_clock_id}/', 'get'>>(
      { method: 'GET', path: `/sandbox/test_clocks/${enc(testClockId)}/` },
      call,
    );
  }

  /** GET /sandbox/test_clocks/: a page of your clocks, newest first; `meta.next_cursor` is the next page's `cursor`. */
  listTestClocks(query: TestClockListQuery = {}, call?: CallOptions) {
    return transportOf(this).json<TestClockList>({ method: 'GET', path: '/sandbox/test_clocks/', query: query as RequestSpec['query'] }, call);
  }

  /**
   * POST /sandbox/test_clocks/{id}/advance: moves the clock to `to`, the repayments due on the
   * `missed` days missed. Answers the clock `advancing`; with `waitUntilReady`, waits until the
   * worker has played every day and answers the clock `ready` at `to`.
   */
  async advanceTestClock(testClockId: string, body: AdvanceTestClockBody, options: AdvanceOptions = {}) {
    const { waitUntilReady, pollIntervalMs = 250, waitTimeoutMs = 120_000, ...call } = options;
    const started = await transportOf(this).json<AnswerOf<'/sandbox/test_clocks/{test_clock_id}/advance', 'post'>>(
      { method: 'POST', path: `/sandbox/test_clocks/${enc(testClockId)}/advance`, json: body },
      call,
    );
    if (!waitUntilReady) return started;
    const deadline = Date.now() + waitTimeoutMs;
    for (;;) {
      const clock = await this.getTestClock(testClockId, { signal: call.signal, headers: call.headers });
      if (clock.data.status === 'ready') return clock;
      if (Date.now() >= deadline) {
        throw new Error(`test clock ${testClockId} is still advancing after ${waitTimeoutMs} ms (at ${clock.data.frozen_on}, advancing to ${body.data.to})`);
      }
      await pause(pollIntervalMs, call.signal);
    }
  }

  /** DELETE /sandbox/test_clocks/{id}/: the clock stops advancing; its customers keep their data and its date. */
  async deleteTestClock(testClockId: string, call?: CallOptions): Promise<void> {
    const response = await transportOf(this).send({ method: 'DELETE', path: `/sandbox/test_clocks/${enc(testClockId)}/` }, call);
    await response.arrayBuffer();
  }
}
