/**
 * Issue 35: how long a sandbox test clock takes to play a year for ten loans (target: under
 * 10 seconds). Each run makes a fresh clock with ten customers, each with a two-year loan drawn
 * on its own day (so their repayments fall on ten different days of the month), then times
 * POST …/advance to a year later (one Direct Debit day missed) until the clock answers `ready`,
 * and checks that every repayment due was recorded. The server runs its worker (ROLE=all).
 */
import type { BenchApi } from './api-client.ts';
import { customMeasurement, type Measurement } from './report.ts';
import { intFromEnv, type ScenarioContext } from './scenario-context.ts';

const LOANS = 10;
const TERMS = { product_type: 'business_loan', max_amount: 10000, monthly_interest_percentage: 3, fee_percentage: 2, duration_in_days: 730 };
/** Timed advances, each on a fresh clock (BENCH_CLOCK_RUNS). */
export const CLOCK_RUNS = intFromEnv('BENCH_CLOCK_RUNS', 3, 1, 20);

function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function plusYear(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y + 1, m - 1, Math.min(d, 28))).toISOString().slice(0, 10);
}

/** Waits (polling every 25 ms) until the clock is ready at `to`; the seconds it took from `startedAt`. */
async function untilReady(api: BenchApi, clockId: string, to: string, startedAt: number): Promise<number> {
  for (;;) {
    const clock = (await api.partner('GET', `/sandbox/test_clocks/${clockId}/`)).data;
    if (clock.status === 'ready' && clock.frozen_on === to) return (performance.now() - startedAt) / 1000;
    if (performance.now() - startedAt > 120_000) throw new Error(`clock ${clockId} not ready after 120 s (at ${clock.frozen_on})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A fresh clock with ten loans, each drawn on the next day of the clock. */
async function clockWithLoans(api: BenchApi, run: number): Promise<{ clockId: string; frozenOn: string; loanIds: string[] }> {
  const clock = (await api.partner('POST', '/sandbox/test_clocks', { data: { name: `bench ${run}` } })).data;
  const clockId = clock.test_clock_id as string;
  let frozenOn = clock.frozen_on as string;
  const loanIds: string[] = [];
  for (let i = 0; i < LOANS; i++) {
    const body = {
      data: {
        test_clock_id: clockId,
        company: { registered_company_name: 'Bench Clock Ltd', type: 'limited_liability_company', trading_from_date: '2019-03-01' },
        people: [{ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1980-12-10', roles: ['applicant', 'director', 'guarantor'] }],
      },
    };
    const customerId = (await api.partner('POST', '/customers/', body)).data.customer_id;
    const applicationId = (await api.partner('POST', `/customers/${customerId}/applications/`, { data: { amount: 10000 } })).data.application_id;
    await api.partner('POST', `/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'offered', offers: [TERMS] } });
    const offerId = (await api.partner('GET', `/applications/${applicationId}/offers/`)).data.offers[0].offer_id;
    await api.partner('POST', `/offers/${offerId}/select/`, { data: { entity_to_contact: 'introducer' } });
    loanIds.push((await api.partner('POST', `/sandbox/offers/${offerId}/fundings`, { data: { amount: 10000 } })).data.funding_id);
    const next = plusDays(frozenOn, 1);
    await api.partner('POST', `/sandbox/test_clocks/${clockId}/advance`, { data: { to: next } });
    await untilReady(api, clockId, next, performance.now());
    frozenOn = next;
  }
  return { clockId, frozenOn, loanIds };
}

export async function runTestClockYear(ctx: ScenarioContext): Promise<Measurement[]> {
  const { api, scenario, backend } = ctx;
  process.stdout.write(`[${backend}] ${scenario.name}: `);
  const seconds: number[] = [];
  const issues: string[] = [];
  let days = 0;
  for (let run = 1; run <= CLOCK_RUNS; run++) {
    const { clockId, frozenOn, loanIds } = await clockWithLoans(api, run);
    const to = plusYear(frozenOn);
    // A day a repayment falls due (a missed day must be one): the first loan's first repayment.
    const missed = ((await api.partner('GET', `/loans/${loanIds[0]}/`)).data as { repayments: { date: string }[] }).repayments[0].date;
    const started = performance.now();
    await api.partner('POST', `/sandbox/test_clocks/${clockId}/advance`, { data: { to, missed: [missed] } });
    seconds.push(await untilReady(api, clockId, to, started));
    days += Math.round((Date.parse(to) - Date.parse(frozenOn)) / 86_400_000);
    for (const loanId of loanIds) {
      const loan = (await api.partner('GET', `/loans/${loanId}/`)).data as { repayments: { date: string; status: string }[] };
      const stale = loan.repayments.filter((r) => r.date <= to && r.status === 'scheduled');
      if (stale.length > 0) issues.push(`loan ${loanId}: ${stale.length} repayments due by ${to} not recorded`);
    }
    process.stdout.write(`${seconds[seconds.length - 1].toFixed(2)} s `);
  }
  const total = seconds.reduce((a, b) => a + b, 0);
  const m = customMeasurement({
    scenarioId: scenario.id,
    scenario: scenario.name,
    backend,
    rate: days / total,
    unit: 'days/s',
    latenciesMs: seconds.map((s) => s * 1000),
    latencyBasis: 'from POST …/advance to the clock answering ready, one year for ten loans',
    requests: CLOCK_RUNS,
    durationS: total,
    targets: scenario.targets,
    summary: `${CLOCK_RUNS} advances of a year, ${LOANS} loans each; slowest ${Math.max(...seconds).toFixed(2)} s`,
    details: { runs: CLOCK_RUNS, loans: LOANS, seconds: seconds.map((s) => Math.round(s * 1000) / 1000) },
    issues,
  });
  console.log(`p50 ${(m.p50Ms / 1000).toFixed(2)} s, max ${(m.maxMs / 1000).toFixed(2)} s${issues.length ? `  !! ${issues[0]}` : ''}`);
  return [m];
}
