/**
 * Finding a customer (docs/behaviour.md, sections 19 and 27): the search box, and the customers it
 * finds across every partner, newest first, 50 a page, each with its partner, its environment (a
 * sandbox customer is test data, and says so), its latest application and its loans.
 */
import type { ApplicationStatus } from '../../domain/application-status.ts';
import type { Page } from '../../domain/cursor.ts';
import type { CustomerFoundRow } from '../../services/customer-search.ts';
import { formatDateTime } from '../../web/format.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { TableWrap, type Chrome } from '../../web/layout.ts';
import { Pager } from '../../web/paging.ts';
import { customerName } from '../../domain/customer-name.ts';
import { consolePage, EnvironmentTag, Notices, pageLinks, shortId, StatusTag } from './common.ts';

export interface CustomersModel {
  /** The search as typed (trimmed once searched). */
  q: string;
  /** The search box's error (too long), with nothing searched. */
  errors: FieldErrors;
  /** The page of customers found, or null when nothing was searched. */
  found: Page<CustomerFoundRow> | null;
  /** Why the link's page was not shown (its cursor refused), or null. */
  refused: string | null;
}

const NOUN = { one: 'customer', many: 'customers' };

const HINT =
  'Any part of a company name or number, a person’s email or phone number, an external customer id, or a whole id of a customer, application, offer, loan, funding or document to open it.';

function Company({ c }: { c: CustomerFoundRow }): VNode {
  const name = customerName(c.company_name, c.id, c.trading_name);
  const more = [
    c.trading_name && c.trading_name !== c.company_name ? `trading as ${c.trading_name}` : null,
    c.company_number ? `no. ${c.company_number}` : null,
  ];
  return html`<a href=${`/console/customers/${c.id}`}>${name}</a>
    ${more.some(Boolean) ? html`<br /><span class="small muted">${more.filter(Boolean).join(', ')}</span>` : null}`;
}

function LatestApplication({ c }: { c: CustomerFoundRow }): VNode | string {
  if (!c.application_id || !c.application_status) return 'None';
  return html`<a href=${`/console/applications/${c.application_id}`} aria-label=${`Application ${shortId(c.application_id)}: ${c.application_status.replaceAll('_', ' ')}`}
    ><${StatusTag} status=${c.application_status as ApplicationStatus}
  /></a>`;
}

function loanWords(c: CustomerFoundRow): string {
  if (c.loans === 0) return 'None';
  return `${c.loans}${c.loans_in_arrears > 0 ? `, ${c.loans_in_arrears} in arrears` : ''}`;
}

function Results({ m, found }: { m: CustomersModel; found: Page<CustomerFoundRow> }): VNode {
  const rows = found.items;
  if (rows.length === 0 && !found.previousCursor) {
    return html`<p id="no-customers">${m.q ? `No customer matches “${m.q}”.` : 'No customers yet.'}</p>`;
  }
  return html`<${TableWrap} label="Customers found">
      <table class="dense responsive" id="customers">
        <thead><tr><th scope="col">Company</th><th scope="col">Partner</th><th scope="col">Environment</th><th scope="col">Latest application</th><th scope="col">Loans</th>${m.q ? html`<th scope="col">Matched</th>` : null}<th scope="col">Since</th></tr></thead>
        <tbody>
          ${rows.map(
            (c) => html`<tr data-customer-id=${c.id}>
              <td><${Company} c=${c} /></td>
              <td data-label="Partner">${c.partner_name}</td>
              <td data-label="Environment"><${EnvironmentTag} environment=${c.environment} /></td>
              <td data-label="Latest application"><${LatestApplication} c=${c} /></td>
              <td data-label="Loans" data-loans=${c.loans} data-in-arrears=${c.loans_in_arrears}>${loanWords(c)}</td>
              ${m.q ? html`<td data-label="Matched">${c.matched_by.map((by) => by.replaceAll('_', ' ')).join(', ')}</td>` : null}
              <td data-label="Since">${formatDateTime(c.created_at)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
    <${Pager} page=${pageLinks(found)} path="/console/customers" filters=${{ q: m.q }} noun=${NOUN} />`;
}

export function customersPage(chrome: Chrome, m: CustomersModel): VNode {
  return consolePage(
    chrome,
    m.q ? `Customers: ${m.q}` : 'Customers',
    html`<h1>Customers</h1>
      <p class="muted">Every partner’s customers, newest first. A sandbox customer is test data: its environment says so.</p>
      <${ErrorSummary} errors=${m.errors} />
      <form method="get" action="/console/customers" class="filters search" role="search" aria-label="Customers">
        <${Field} name="q" label="Search" value=${m.q} hint=${HINT} error=${m.errors.q} />
        <div><button type="submit">Search</button></div>
      </form>
      <${Notices} problem=${m.refused} />
      ${m.found ? html`<${Results} m=${m} found=${m.found} />` : null}`,
  );
}
