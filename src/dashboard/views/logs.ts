/** The request log as a page: the tenant's latest API requests, filter "Failed only". */
import type { Page } from '../../domain/cursor.ts';
import type { Environment } from '../../domain/tenant.ts';
import type { RequestLogView } from '../../services/request-log.ts';
import { formatDateTime } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { Notices, TableWrap } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';
import { ListPager } from './list-pager.ts';

export type LoggedRequest = RequestLogView;

export const LOGS_PATH = '/dashboard/logs';

export interface RequestLogModel {
  environment: Environment;
  /** One page of the log, newest first. */
  page: Page<LoggedRequest>;
  failedOnly: boolean;
  /** Why the page asked for is not the one shown (a refused or emptied link). */
  problem: string | null;
}

export function requestLogPage(chrome: DashboardChrome, model: RequestLogModel): VNode {
  const { failedOnly } = model;
  const requests = model.page.items;
  return dashboardPage(
    chrome,
    'Request log',
    html`<h1>Request log <${EnvTag} environment=${model.environment} /></h1>
      <p>Your latest API requests (7 days), newest first: never bodies or tokens.</p>
      <${Notices} problem=${model.problem} />
      <form method="get" action=${LOGS_PATH} class="filters">
        <div class="field"><label><input type="checkbox" name="failed" value="1" checked=${failedOnly} /> Failed only</label></div>
        <div><button type="submit" class="secondary">Filter</button></div>
      </form>
      ${
        requests.length === 0
          ? html`<p class="muted" id="no-requests">No requests${failedOnly ? ' failed' : ''}.</p>`
          : html`<${TableWrap} label="Requests">
              <table class="dense responsive" id="requests">
                <thead><tr><th scope="col">Time</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Error</th><th scope="col">Duration</th><th scope="col">Request id</th></tr></thead>
                <tbody>
                  ${requests.map(
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
      }
      <${ListPager} page=${model.page} path=${LOGS_PATH} filters=${{ failed: failedOnly ? '1' : null }} noun=${{ one: 'request', many: 'requests' }} />`,
  );
}
