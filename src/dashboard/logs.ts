import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTenantRequests } from '../services/request-log.ts';
import { tenantCustomers } from '../services/dashboard.ts';
import { formatDateTime, formatGbp } from '../web/format.ts';
import { Field } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { TableWrap } from '../web/layout.ts';
import { dashboardPage, EnvTag, signedIn } from './context.ts';

/** The request log and the customers, as pages. */
export const dashboardLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/logs', { schema: { querystring: Type.Object({ failed: Type.Optional(Type.String({ maxLength: 5 })) }) } }, async (request, reply) => {
    const { tenant, environment } = signedIn(request);
    const failedOnly = Boolean(request.query.failed);
    const rows = await listTenantRequests(app.ctx, tenant, { limit: 100, status: failedOnly ? 'failed' : null });
    return reply.page(
      200,
      dashboardPage(
        request,
        reply,
        '/dashboard/logs',
        'Request log',
        html`<h1>Request log <${EnvTag} environment=${environment} /></h1>
          <p>Your latest API requests (7 days), newest first: never bodies or tokens.</p>
          <form method="get" action="/dashboard/logs" class="filters">
            <div class="field"><label><input type="checkbox" name="failed" value="1" checked=${failedOnly} /> Failed only</label></div>
            <div><button type="submit" class="secondary">Filter</button></div>
          </form>
          ${
            rows.length === 0
              ? html`<p class="muted" id="no-requests">No requests${failedOnly ? ' failed' : ''}.</p>`
              : html`<${TableWrap} label="Requests">
                  <table class="dense responsive" id="requests">
                    <thead><tr><th scope="col">Time</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Error</th><th scope="col">Duration</th><th scope="col">Request id</th></tr></thead>
                    <tbody>
                      ${rows.map(
                        (r) => html`<tr>
                          <td>${formatDateTime(new Date(r.time))}</td>
                          <td data-label="Request"><code>${r.method} ${r.path}</code></td>
                          <td data-label="Status">${r.status}</td>
                          <td data-label="Error">${r.error_code ?? '—'}</td>
                          <td data-label="Duration">${r.duration_ms} ms</td>
                          <td data-label="Request id"><code class="small">${r.request_id}</code></td>
                        </tr>`,
                      )}
                    </tbody>
                  </table>
                </${TableWrap}>`
          }`,
      ),
    );
  });

  app.get('/customers', { schema: { querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) }) } }, async (request, reply) => {
    const { actor, environment } = signedIn(request);
    const q = (request.query.q ?? '').trim();
    const rows = await tenantCustomers(app.ctx, actor, environment, q || null);
    return reply.page(
      200,
      dashboardPage(
        request,
        reply,
        '/dashboard/customers',
        'Customers',
        html`<h1>Customers <${EnvTag} environment=${environment} /></h1>
          <form method="get" action="/dashboard/customers" class="filters" role="search">
            <${Field} name="q" label="Search" hint="An external customer id, or part of a company name." value=${q} />
            <div><button type="submit" class="secondary">Search</button></div>
          </form>
          ${
            rows.length === 0
              ? html`<p class="muted" id="no-customers">No customers${q ? ' match' : ' yet'}.</p>`
              : html`<${TableWrap} label="Customers">
                  <table class="dense responsive" id="customers">
                    <thead><tr><th scope="col">Company</th><th scope="col">External id</th><th scope="col">Latest application</th><th scope="col">Offers</th><th scope="col">Funded</th><th scope="col">Since</th></tr></thead>
                    <tbody>
                      ${rows.map(
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
      ),
    );
  });
};
