/** The partner's customers with their latest application, offers and fundings; search by external id or company name. */
import type { Environment } from '../../domain/tenant.ts';
import type { tenantCustomers } from '../../services/dashboard.ts';
import { formatDateTime, formatGbp } from '../../web/format.ts';
import { Field } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { TableWrap } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';

export type CustomerLine = Awaited<ReturnType<typeof tenantCustomers>>[number];

export interface CustomersModel {
  environment: Environment;
  customers: CustomerLine[];
  /** The search typed; empty for all. */
  search: string;
}

export function customersPage(chrome: DashboardChrome, model: CustomersModel): VNode {
  const q = model.search;
  return dashboardPage(
    chrome,
    'Customers',
    html`<h1>Customers <${EnvTag} environment=${model.environment} /></h1>
      <form method="get" action="/dashboard/customers" class="filters" role="search">
        <${Field} name="q" label="Search" hint="An external customer id, or part of a company name." value=${q} />
        <div><button type="submit" class="secondary">Search</button></div>
      </form>
      ${
        model.customers.length === 0
          ? html`<p class="muted" id="no-customers">No customers${q ? ' match' : ' yet'}.</p>`
          : html`<${TableWrap} label="Customers">
              <table class="dense responsive" id="customers">
                <thead><tr><th scope="col">Company</th><th scope="col">External id</th><th scope="col">Latest application</th><th scope="col">Offers</th><th scope="col">Funded</th><th scope="col">Since</th></tr></thead>
                <tbody>
                  ${model.customers.map(
                    (c) => html`<tr>
                      <td>${c.company_name ?? '—'} <code class="small">${c.id.slice(0, 8)}</code></td>
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
      }`,
  );
}
