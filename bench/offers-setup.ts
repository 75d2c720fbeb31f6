/**
 * Data for the offers scenarios, made through the API: fresh `open` applications (one per customer,
 * each decided by its first GET offers), and a business-loan offer for the repayment schedule.
 */
import { customerBody } from '../test/helpers/app.ts';
import type { BenchApi } from './api-client.ts';
import { runBounded } from './concurrency.ts';

/** Within the automated policy's approval band: at most 50,000 GBP needs no bank statement. */
export const APPLICATION_AMOUNT = 25_000;

/**
 * A customer the default policy approves: the body of test/helpers/app.ts, which states the turnover
 * (250,000 GBP), the trading start (2019) and the applicant's date of birth; asserted here so that a
 * change to the helper cannot silently turn the decision into action_required.
 */
export function approvableCustomer(externalId: string) {
  const body = customerBody({ external_customer_id: externalId });
  const applicant = body.data.people.find((p) => p.roles.includes('applicant'));
  if (!body.data.company.last_12_months_turnover || !body.data.company.trading_from_date || !applicant?.date_of_birth) {
    throw new Error('customerBody() no longer carries turnover, trading_from_date and the applicant date_of_birth');
  }
  return body;
}

async function openApplication(api: BenchApi, externalId: string): Promise<{ customerId: string; applicationId: string }> {
  const customer = await api.partner('POST', '/customers/', approvableCustomer(externalId));
  const customerId = customer.data.customer_id as string;
  const application = await api.partner('POST', `/customers/${customerId}/applications/`, { data: { amount: APPLICATION_AMOUNT } });
  if (application.data.status !== 'open') throw new Error(`a new application is ${application.data.status}, not open`);
  return { customerId, applicationId: application.data.application_id as string };
}

/**
 * `count` customers each with one fresh open application, made `concurrency` at a time; prints
 * progress. Answers the application ids in creation order.
 */
export async function createOpenApplications(api: BenchApi, count: number, concurrency: number, label: string): Promise<string[]> {
  const runId = `${Date.now().toString(36)}-${process.pid}`;
  const started = performance.now();
  let done = 0;
  let lastReport = started;
  const ids = await runBounded(count, concurrency, async (i) => {
    const { applicationId } = await openApplication(api, `bench-offers-${runId}-${i}`);
    done++;
    const now = performance.now();
    if (now - lastReport > 5_000) {
      lastReport = now;
      process.stdout.write(`${done}… `);
    }
    return applicationId;
  });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${label}: ${count} customers + applications in ${seconds.toFixed(1)} s. `);
  return ids;
}

/** A confirmed business_loan offer (730 days: 24 monthly repayments) of a freshly decided application. */
export async function businessLoanOffer(api: BenchApi): Promise<string> {
  const { applicationId } = await openApplication(api, `bench-schedule-${Date.now().toString(36)}-${process.pid}`);
  const offers = await api.partner('GET', `/applications/${applicationId}/offers/`);
  const list = offers.data.offers as { offer_id: string; product_type: string; duration_in_days: number }[];
  const offer = list.find((o) => o.product_type === 'business_loan');
  if (!offer) throw new Error(`no business_loan offer (offer_creation_status ${offers.data.offer_creation_status})`);
  const schedule = await api.partner('GET', `/offers/${offer.offer_id}/repayment_schedule/`);
  const repayments = (schedule.data.repayments as unknown[]).length;
  if (repayments !== 24) throw new Error(`the business_loan schedule has ${repayments} repayments, not 24 (duration ${offer.duration_in_days} days)`);
  return offer.offer_id;
}
