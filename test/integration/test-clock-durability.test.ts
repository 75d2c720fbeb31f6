/**
 * An advance survives its worker (docs/behaviour.md, section 28), with the real server as child
 * processes: the worker is SIGKILLed in the middle of a two-year advance and started again; the
 * clock goes on from the last day played and ends ready at its `to`, every repayment's outcome
 * recorded once with one event, each loan settled once, one test_clock_ready_202611. On embedded
 * PGlite (one process, killed whole) and on PostgreSQL (an api process and a worker process).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, customerBody } from '../helpers/app.ts';
import { freePort } from '../helpers/child-server.ts';
import { BACKENDS, type BackendName } from '../helpers/db.ts';
import { call, describeChild, killHard, useNodeProcesses, waitForHttp, waitForReady, type NodeProcess } from '../helpers/node-processes.ts';
import { eventually } from '../helpers/receiver.ts';
import { daysFrom, plusDays, plusMonths } from '../helpers/test-clocks.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const LOANS = 12;
const TERMS = { product_type: 'business_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 1, duration_in_days: 730 };
const OUTCOME_TYPES = ['loan_repayment_collected_202611', 'loan_repayment_missed_202611', 'loan_settled_202611', 'test_clock_ready_202611'];

const nodes = useNodeProcesses();

async function ok(answer: Promise<{ status: number; body: any }>, status: number): Promise<any> {
  const got = await answer;
  expect(got.status, JSON.stringify(got.body)).toBe(status);
  return got.body;
}

/** Every event of the types, oldest first, through the events API. */
async function allEvents(port: number, token: string): Promise<{ webhook_event_type: string; data: Record<string, any> }[]> {
  const events: { event_id: string; webhook_event_type: string; data: Record<string, any> }[] = [];
  for (;;) {
    const after = events.length > 0 ? `&after=${events[events.length - 1].event_id}` : '';
    const page = await ok(call(port, token, 'GET', `/events/?types=${OUTCOME_TYPES.join(',')}&limit=100${after}`), 200);
    events.push(...page.data);
    if (!page.has_more) return events;
  }
}

describe.concurrent(
  'an advancing test clock whose worker is killed',
  () => {
    it.for(BACKENDS)('resumes where it stopped and plays no day twice, on %s', { timeout: 300_000 }, async (backend: BackendName) => {
      const port = await freePort();
      const common: Record<string, string> = {
        ...(backend === 'pglite'
          ? { DATA_DIR: await nodes.freshDataDir('clock-durable-') }
          : { DATABASE_URL: await nodes.freshDatabase(PG_URL as string, 'clock') }),
        ADMIN_TOKEN,
        LOG_LEVEL: 'warn',
      };
      // PGlite: one process does everything (and is killed whole); PostgreSQL: the API stays up, its worker dies.
      const workerPort = backend === 'pglite' ? port : await freePort();
      const startWorker = (n: number): NodeProcess =>
        backend === 'pglite'
          ? nodes.spawn(`server #${n}`, { ...common, ROLE: 'all', PORT: String(port) })
          : nodes.spawn(`worker #${n}`, { ...common, ROLE: 'worker', PORT: String(workerPort) });
      if (backend === 'postgres') {
        const api = nodes.spawn('api', { ...common, ROLE: 'api', PORT: String(port) });
        await waitForHttp(api, port);
      }
      let worker = startWorker(1);
      await (backend === 'pglite' ? waitForHttp(worker, port) : waitForReady(worker, workerPort));

      const partnerId = (await ok(call(port, ADMIN_TOKEN, 'POST', '/admin/v1/partners', { name: 'Clock Partner' }), 201)).data.partner_id;
      const token = (await ok(call(port, ADMIN_TOKEN, 'POST', `/admin/v1/partners/${partnerId}/tokens`, { environment: 'sandbox' }), 201)).data.token;
      const clock = (await ok(call(port, token, 'POST', '/sandbox/test_clocks', { data: { name: 'durable' } }), 201)).data;
      const clockPath = `/sandbox/test_clocks/${clock.test_clock_id}/`;
      const readyAt = (to: string) =>
        eventually(
          async () => {
            const got = (await call(port, token, 'GET', clockPath)).body?.data;
            return got?.status === 'ready' && got.frozen_on === to && got;
          },
          120_000,
          `the clock ready at ${to}`,
        );

      // A loan drawn on each of twelve days in a row: their repayments fall on different days.
      const loans: { loanId: string; fundedOn: string }[] = [];
      let today = clock.frozen_on as string;
      for (let i = 0; i < LOANS; i++) {
        const customerId = (await ok(call(port, token, 'POST', '/customers/', customerBody({ test_clock_id: clock.test_clock_id })), 201)).data.customer_id;
        const applicationId = (await ok(call(port, token, 'POST', `/customers/${customerId}/applications/`, { data: { amount: 5000 } }), 201)).data
          .application_id;
        const decided = await ok(
          call(port, token, 'POST', `/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'offered', offers: [TERMS] } }),
          200,
        );
        expect(decided.data.status).toBe('offered');
        const offerId = (await ok(call(port, token, 'GET', `/applications/${applicationId}/offers/`), 200)).data.offers[0].offer_id;
        await ok(call(port, token, 'POST', `/offers/${offerId}/select/`, { data: { entity_to_contact: 'introducer' } }), 200);
        const loanId = (await ok(call(port, token, 'POST', `/sandbox/offers/${offerId}/fundings`, { data: { amount: 5000 } }), 201)).data.funding_id;
        loans.push({ loanId, fundedOn: today });
        today = plusDays(today, 1);
        await ok(call(port, token, 'POST', `${clockPath}advance`, { data: { to: today } }), 202);
        await readyAt(today);
      }

      // Two years ahead, the third repayment of the first loan and the tenth of the sixth missed.
      const to = plusMonths(today, 24);
      const missed = [plusMonths(loans[0].fundedOn, 3), plusMonths(loans[5].fundedOn, 10)];
      await ok(call(port, token, 'POST', `${clockPath}advance`, { data: { to, missed } }), 202);
      const midway = await eventually(
        async () => {
          const got = (await call(port, token, 'GET', clockPath)).body.data;
          if (got.status === 'ready') throw new Error('the advance ended before the worker could be killed');
          return daysFrom(today, got.frozen_on) > 60 && got;
        },
        120_000,
        'the advance under way',
        10,
      );
      await killHard(worker);
      const stoppedOn = (backend === 'postgres' ? (await call(port, token, 'GET', clockPath)).body.data : midway).frozen_on as string;
      expect(stoppedOn < to).toBe(true);

      worker = startWorker(2);
      try {
        await readyAt(to);
      } catch (error) {
        throw new Error(`${String(error)}\n${describeChild(worker)}`, { cause: error });
      }

      // Every loan: each repayment due by `to` collected on its date, or missed; one event each.
      const events = await allEvents(port, token);
      const outcomes = events.filter((e) => e.webhook_event_type !== 'test_clock_ready_202611' && e.webhook_event_type !== 'loan_settled_202611');
      const keys = outcomes.map((e) => `${e.data.loan_id} ${e.data.due_date}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBe(LOANS * 24);
      for (const { loanId, fundedOn } of loans) {
        const loan = (await ok(call(port, token, 'GET', `/loans/${loanId}/`), 200)).data;
        const expected = Array.from({ length: 24 }, (_, k) => plusMonths(fundedOn, k + 1)).map((date) =>
          missed.includes(date) ? [date, 'missed', null] : [date, 'collected', date],
        );
        expect(loan.repayments.map((r: { date: string; status: string; collected_on?: string }) => [r.date, r.status, r.collected_on ?? null])).toEqual(
          expected,
        );
        const settled = events.filter((e) => e.webhook_event_type === 'loan_settled_202611' && e.data.loan_id === loanId);
        expect(settled.length).toBe(expected.some(([, status]) => status === 'missed') ? 0 : 1);
      }
      const ready = events.filter((e) => e.webhook_event_type === 'test_clock_ready_202611' && e.data.test_clock_id === clock.test_clock_id);
      expect(ready.map((e) => e.data.frozen_on)).toEqual([...loans.map((_, i) => plusDays(clock.frozen_on, i + 1)), to]);
    });
  },
  300_000,
);
