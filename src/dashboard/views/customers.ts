/** The partner's customers with their latest application, offers and fundings, a page at a time; search by external id or company name. */
import type { Page } from '../../domain/cursor.ts';
import type { Environment } from '../../domain/tenant.ts';
import { customerName } from '../../domain/customer-name.ts';
import type { tenantCustomersPage } from '../../services/dashboard.ts';
import { formatDateTime, formatGbp } from '../../web/format.ts';
import { Field } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { Notices, TableWrap } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';
import { ListPager } from './list-pager.ts';

export type CustomerLine = Awaited<ReturnType<typeof tenantCustomersPage>>['items'][number];

export const CUSTOMERS_PATH = '/dashboard/customers';

export interface CustomersModel {
  environment: Environment;
  page: Page<CustomerLine>;
  /** The search typed; empty for all. */
  search: string;
  /** Why the page asked for is not the one shown (a refused or emptied link). */
  problem: string | null;
}

export function customersPage(chrome: DashboardChrome, model: CustomersModel): VNode {
  const q = model.search;
  const customers = model.page.items;
  return dashboardPage(
    chrome,
    'Customers',
    html`<h1>Customers <${EnvTag} environment=${model.environment} /></h1>
      <${Notices} problem=${model.problem} />
      <form method="get" action=${CUSTOMERS_PATH} class="filters" role="search">
        <${Field} name="q" label="Search" hint="An external customer id, or part of a company name." value=${q} />
        <div><button type="submit" class="secondary">Search</button></div>
      </form>
      ${
        customers.length === 0
          ? html`<p class="muted" id="no-customers">No customers${q ? ' match' : ' yet'}.</p>`
          : html`<${TableWrap} label="Customers">
              <table class="dense responsive" id="customers">
                <thead><tr><th scope="col">Company</th><th scope="col">External id</th><th scope="col">Latest application</th><th scope="col">Offers</th><th scope="col">Funded</th><th scope="col">Since</th></tr></thead>
                <tbody>
                  ${customers.map(
                    (c) => html`<tr>
                      <td><a href=${`${CUSTOMERS_PATH}/${c.id}`}>${customerName(c.company_name, c.id)}</a> <code class="small">${c.id.slice(0, 8)}</code></td>
                      <td data-label="External id">${c.external_customer_id ?? '—'}</td>
                      <td data-label="Latest application">${c.application_status ? c.application_status.replaceAll('_', ' ') : 'none'}</td>
                      <td data-label="Offers">${c.offers}</td>
                      <td data-label="Funded">${formatGbp(Number(c.funded_pence))}</td>
                      <td data-label="Since">${formatDateTime(c.created_at)}</td>
                    </tr>`,
                  )}
                </tbody>
              </table>
            </${TableWrap}>`
      }
      <${ListPager} page=${model.page} path=${CUSTOMERS_PATH} filters=${{ q }} noun=${{ one: 'customer', many: 'customers' }} />`,
  );
}
