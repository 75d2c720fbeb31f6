/**
 * The OpenAPI descriptions and examples of the sandbox test clock routes (docs/behaviour.md,
 * section 28), merged into ROUTE_DOCS.
 */
import type { RouteDoc } from './openapi-route-docs.ts';

const CLOCK = {
  test_clock_id: '7c1f5a3e-2d4b-4e6f-8a9b-0c1d2e3f4a5b',
  name: 'A year of repayments',
  frozen_on: '2026-11-27',
  status: 'ready',
  customer_count: 1,
  created_at: '2026-11-27T09:30:00.000Z',
};

export const TEST_CLOCK_ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /sandbox/test_clocks': {
    description:
      "Sandbox only: a test clock at today (London), `ready`. Put customers on it when you create them (`test_clock_id` in POST /customers/): for them, today and now are the clock's everywhere (applications, decisions, offers' expiry, login links, fundings, loans, collections, arrears, settlement quotes, the withdrawal window, pre-approvals, documents and the portal). At most 100 clocks a partner (400 TestClockLimit).",
    request: { data: { name: 'A year of repayments' } },
    response: { data: { ...CLOCK, customer_count: 0 } },
  },
  'GET /sandbox/test_clocks/': {
    description:
      'Sandbox only: your test clocks, newest first, `limit` (1 to 200, default 50) at a time; `meta.next_cursor` is the `cursor` of the next page (null on the last), `meta.previous_cursor` that of the page before (null on the first). A cursor of another list, or of another partner, is 400 naming `cursor`.',
    response: { data: [CLOCK], meta: { next_cursor: null, previous_cursor: null } },
  },
  'GET /sandbox/test_clocks/:test_clock_id/': {
    description:
      "Sandbox only: the clock's date (`frozen_on`), its status and how many customers are on it. While it advances, `frozen_on` is the last day played.",
    response: { data: CLOCK },
  },
  'DELETE /sandbox/test_clocks/:test_clock_id/': {
    description: 'Sandbox only: deletes the clock. It stops advancing and is no longer listed; its customers keep their data and stay on the date it reached.',
  },
  'POST /sandbox/test_clocks/:test_clock_id/advance': {
    description:
      "Sandbox only: moves the clock to `to` (after its date, at most two years after it). Answers at once with the clock `advancing`; the worker then plays each day in order, for every customer on the clock: offers past their expiry expire, each repayment due that day is collected by the simulated Direct Debit unless the day is in `missed` (then it is missed), arrears age, withdrawal windows close, pre-approvals expire, idle applications are deferred after 90 days. Events carry the clock's dates and times; deliveries happen now. When the last day is played the clock is `ready` at `to` and test_clock_ready_202611 is sent. A second advance while it advances is 409 TestClockAdvancing.",
    request: { data: { to: '2027-11-27', missed: ['2027-03-15'] } },
    response: { data: { ...CLOCK, status: 'advancing' } },
  },
};
