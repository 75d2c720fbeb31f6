/**
 * One customer of the partner (docs/behaviour.md, section 24): the company and its people, the
 * applications with their offers, the pre-approvals, the fundings and the loans they started (status,
 * balance, next repayment, arrears, and each loan's repayments), and the customer's events. Each
 * list that can grow is paged on its own cursor (section 27); a customer on a test clock says so,
 * and its events' times are marked "clock date" (section 28).
 */
import { customerName } from '../../domain/customer-name.ts';
import type { LoanRepayment, LoanStatus } from '../../domain/loans.ts';
import type { Environment } from '../../domain/tenant.ts';
import type { CustomerApplication, CustomerLoan, DashboardCustomer } from '../../services/dashboard-customer.ts';
import type { ListedEventJson } from '../../services/events.ts';
import { formatDate, formatDuration, formatGbp, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { Notices, TableWrap } from '../../web/layout.ts';
import { Pager } from '../../web/paging.ts';
import type { ShownPage } from '../list-page.ts';
import { EventTime } from './events.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';

/** How many of each list a page shows. */
export const CUSTOMER_PAGE_SIZES = { applications: 10, loans: 10, events: 25 } as const;

export const CUSTOMERS_PATH = '/dashboard/customers';

export interface CustomerPageModel extends DashboardCustomer {
  environment: Environment;
  applications: ShownPage<CustomerApplication>;
  loans: ShownPage<CustomerLoan>;
  events: ShownPage<ListedEventJson>;
}

type ListName = 'applications' | 'loans' | 'events';

const LOAN_STATUS_WORDS: Record<LoanStatus, string> = { active: 'Up to date', in_arrears: 'In arrears', settled: 'Settled', withdrawn: 'Withdrawn' };

const DRAWN_BY_WORDS: Record<string, string> = { portal: 'the customer, in the portal', operator: 'an operator', sandbox: 'you, in the sandbox' };

function days(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/** The name a customer goes by on the page: as every page names it (src/domain/customer-name.ts). */
function nameOf(c: DashboardCustomer['customer']): string {
  return customerName(c.company.registered_company_name, c.id, c.company.trading_name);
}

/** The pager of one of the page's lists: its links keep the other lists where they are, and come back to the list. */
function ListPager({ m, list, noun }: { m: CustomerPageModel; list: ListName; noun: { one: string; many: string } }): VNode | null {
  const shown = m[list];
  if (shown.page.items.length === 0) return null;
  const others = Object.fromEntries((['applications', 'loans', 'events'] as const).filter((l) => l !== list).map((l) => [l, m[l].cursor]));
  const links = { count: shown.page.items.length, nextCursor: shown.page.nextCursor, previousCursor: shown.page.previousCursor };
  return html`<${Pager} page=${links} path=${`${CUSTOMERS_PATH}/${m.customer.id}`} filters=${others} noun=${noun} cursorParam=${list} fragment=${list} />`;
}

function CompanySection({ m }: { m: CustomerPageModel }): VNode {
  const c = m.customer;
  return html`<section class="card" aria-labelledby="h-company">
    <h2 id="h-company">Company</h2>
    <dl class="facts" id="customer-facts">
      <dt>Company name</dt><dd>${c.company.registered_company_name ?? 'Not given'}</dd>
      <dt>Company number</dt><dd>${c.company.company_number ?? 'Not given'}</dd>
      <dt>External id</dt><dd>${c.external_customer_id ?? 'None'}</dd>
      <dt>Customer id</dt><dd><code class="small">${c.id}</code></dd>
      <dt>Customer since</dt><dd>${formatDate(c.created_at)}</dd>
      ${m.clockDate ? html`<dt>Test clock</dt><dd id="customer-clock">On a test clock, whose date is ${formatDate(m.clockDate)}</dd>` : null}
    </dl>
    <${TableWrap} label="People">
      <table class="dense responsive" id="people">
        <caption>People</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Roles</th><th scope="col">Email</th></tr></thead>
        <tbody>
          ${c.people.map(
            (p) => html`<tr>
              <td>${[p.title, p.first_name, p.last_name].filter(Boolean).join(' ') || 'No name given'}</td>
              <td data-label="Roles">${(p.roles ?? []).join(', ') || 'None given'}</td>
              <td data-label="Email">${p.emails?.[0]?.email ?? 'None given'}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
  </section>`;
}

function OffersTable({ offers, label }: { offers: CustomerApplication['offers']; label: string }): VNode {
  if (offers.length === 0) return html`<p class="muted">No offers.</p>`;
  return html`<${TableWrap} label=${label}>
    <table class="dense responsive">
      <caption class="visually-hidden">${label}</caption>
      <thead><tr><th scope="col">Product</th><th scope="col" class="num">Up to</th><th scope="col">Over</th><th scope="col">Monthly interest</th><th scope="col">Status</th><th scope="col">Open until</th></tr></thead>
      <tbody>
        ${offers.map(
          (o) => html`<tr data-offer-id=${o.id}>
            <td>${PRODUCT_NAMES[o.product_type]}${o.offer_type === 'indicative' ? ' (indicative)' : ''}</td>
            <td class="num" data-label="Up to">${formatGbp(o.max_amount_pence)}</td>
            <td data-label="Over">${formatDuration(o.duration_days)}</td>
            <td data-label="Monthly interest">${formatPercent(o.monthly_rate_bp)}</td>
            <td data-label="Status">${o.effective_status}</td>
            <td data-label="Open until">${formatDate(o.expires_at)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </${TableWrap}>`;
}

function ApplicationsSection({ m }: { m: CustomerPageModel }): VNode {
  const items = m.applications.page.items;
  return html`<section aria-labelledby="h-applications" id="applications">
    <h2 id="h-applications">Applications and offers</h2>
    <${Notices} problem=${m.applications.problem} />
    ${items.length === 0 ? html`<p class="muted" id="no-applications">No applications yet.</p>` : null}
    ${items.map(
      (a) => html`<article class="card" aria-labelledby=${`application-${a.id}`} data-application-id=${a.id}>
        <h3 id=${`application-${a.id}`}>Application of ${formatDate(a.created_at)} for ${formatGbp(a.amount_pence)}</h3>
        <p>Status: <strong data-application-status=${a.status}>${a.status.replaceAll('_', ' ')}</strong> since ${formatDate(a.status_changed_at)}</p>
        <${OffersTable} offers=${a.offers} label=${`Offers of the application of ${formatDate(a.created_at)}`} />
      </article>`,
    )}
    <${ListPager} m=${m} list="applications" noun=${{ one: 'application', many: 'applications' }} />
    ${
      m.preApprovals.length > 0
        ? html`<h3>Pre-approvals</h3>
          <${OffersTable} offers=${m.preApprovals} label="Pre-approvals" />`
        : null
    }
  </section>`;
}

function repaymentWords(r: LoanRepayment, today: string): string {
  if (r.status === 'collected') return `${r.settlement ? 'Settlement collected' : 'Collected'} on ${formatDate(r.collectedOn ?? r.date)}`;
  if (r.status === 'missed') return 'Missed';
  return r.date > today ? 'Due' : 'Being collected';
}

function RepaymentsTable({ item, today }: { item: CustomerLoan; today: string }): VNode {
  const label = `Repayments of the loan funded on ${formatDate(item.loan.funded_on)}`;
  return html`<details class="repayments" data-loan-repayments=${item.loan.id}>
    <summary>Repayments (${item.loan.repayments.length})</summary>
    <${TableWrap} label=${label}>
      <table class="dense responsive">
        <caption class="visually-hidden">${label}</caption>
        <thead><tr><th scope="col">Due</th><th scope="col" class="num">Amount</th><th scope="col">Status</th></tr></thead>
        <tbody>
          ${item.loan.repayments.map(
            (r) => html`<tr data-repayment-status=${r.status}>
              <td>${formatDate(r.date)}</td>
              <td class="num" data-label="Amount">${formatGbp(r.amountPence)}</td>
              <td data-label="Status">${repaymentWords(r, today)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
  </details>`;
}

function LoanCard({ item, today }: { item: CustomerLoan; today: string }): VNode {
  const { loan, position, funding } = item;
  const next = position.nextRepayment;
  const arrears = position.arrears;
  return html`<article class="card" aria-labelledby=${`loan-${loan.id}`} data-loan-id=${loan.id}>
    <h3 id=${`loan-${loan.id}`}>${PRODUCT_NAMES[loan.product_type]} of ${formatGbp(loan.amount_pence)}, funded on ${formatDate(loan.funded_on)}</h3>
    <dl class="facts">
      <dt>Status</dt><dd data-loan-status=${position.status}>${LOAN_STATUS_WORDS[position.status]}</dd>
      <dt>Fee</dt><dd>${funding ? formatGbp(funding.fee_pence) : 'Not known'}</dd>
      ${funding ? html`<dt>Drawn by</dt><dd>${DRAWN_BY_WORDS[funding.drawn_by] ?? funding.drawn_by}</dd>` : null}
      <dt>Left to repay</dt><dd data-loan="balance">${formatGbp(position.balance.totalPence)}</dd>
      <dt>Next repayment</dt><dd data-loan="next">${next ? `${formatGbp(next.amountPence)} on ${formatDate(next.date)}` : 'None'}</dd>
      <dt>Arrears</dt><dd data-loan="arrears">${
        arrears.amountPence > 0 ? `${formatGbp(arrears.amountPence)}, ${days(arrears.daysPastDue)} past due` : 'None'
      }</dd>
    </dl>
    <${RepaymentsTable} item=${item} today=${today} />
  </article>`;
}

function LoansSection({ m }: { m: CustomerPageModel }): VNode {
  const items = m.loans.page.items;
  return html`<section aria-labelledby="h-loans" id="loans">
    <h2 id="h-loans">Fundings and loans</h2>
    <p class="muted">Each funding starts a loan. Balances and arrears are as of ${formatDate(m.today)}${m.clockDate ? ', the test clock’s date' : ''}.</p>
    <${Notices} problem=${m.loans.problem} />
    ${items.length === 0 ? html`<p class="muted" id="no-loans">No fundings yet.</p>` : items.map((item) => html`<${LoanCard} item=${item} today=${m.today} />`)}
    <${ListPager} m=${m} list="loans" noun=${{ one: 'loan', many: 'loans' }} />
  </section>`;
}

function EventsSection({ m }: { m: CustomerPageModel }): VNode {
  const items = m.events.page.items;
  return html`<section aria-labelledby="h-events" id="events">
    <h2 id="h-events">Events</h2>
    <p class="muted">The events about this customer of the last 30 days, newest first.</p>
    <${Notices} problem=${m.events.problem} />
    ${
      items.length === 0
        ? html`<p class="muted" id="no-events">No events.</p>`
        : html`<${TableWrap} label="Events">
            <table class="dense responsive" id="customer-events">
              <caption class="visually-hidden">Events about this customer</caption>
              <thead><tr><th scope="col">Time</th><th scope="col">Type</th></tr></thead>
              <tbody>
                ${items.map(
                  (e) => html`<tr>
                    <td><${EventTime} event=${e} /></td>
                    <td data-label="Type"><a href=${`/dashboard/events/${e.event_id}`}>${e.webhook_event_type}</a></td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </${TableWrap}>`
    }
    <${ListPager} m=${m} list="events" noun=${{ one: 'event', many: 'events' }} />
  </section>`;
}

export function customerPage(chrome: DashboardChrome, m: CustomerPageModel): VNode {
  const name = nameOf(m.customer);
  return dashboardPage(
    chrome,
    name,
    html`<p class="small"><a href=${CUSTOMERS_PATH}>All customers</a></p>
      <h1>${name} <${EnvTag} environment=${m.environment} /></h1>
      <${CompanySection} m=${m} />
      <${ApplicationsSection} m=${m} />
      <${LoansSection} m=${m} />
      <${EventsSection} m=${m} />`,
  );
}
