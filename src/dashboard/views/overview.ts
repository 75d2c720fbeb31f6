/** The overview: the last 24 hours of requests and deliveries, customers, applications, fundings, and production access. */
import type { Environment } from '../../domain/tenant.ts';
import type { overview } from '../../services/dashboard.ts';
import { formatDateTime, formatGbp } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { Notices } from '../../web/layout.ts';
import { dashboardPage, EnvTag, type DashboardChrome } from './frame.ts';
import { goLiveSection, type GoLiveModel } from './go-live.ts';

export type OverviewStats = Awaited<ReturnType<typeof overview>>;

export interface OverviewModel {
  environment: Environment;
  stats: OverviewStats;
  goLive: GoLiveModel;
  notice: string | null;
  email: string;
  now: Date;
}

export function overviewPage(chrome: DashboardChrome, model: OverviewModel): VNode {
  const { stats } = model;
  return dashboardPage(
    chrome,
    'Overview',
    html`<h1>Overview <${EnvTag} environment=${model.environment} /></h1>
      <${Notices} notice=${model.notice} />
      <section class="card" aria-labelledby="h-24h">
        <h2 id="h-24h">Last 24 hours</h2>
        <dl class="facts" id="stats">
          <dt>API requests</dt><dd>${stats.requests}</dd>
          <dt>Failed requests</dt><dd><a href="/dashboard/logs?failed=1">${stats.failed_requests}</a></dd>
          <dt>Webhook events failing</dt><dd><a href="/dashboard/webhooks?failed=1">${stats.failing_events}</a></dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="h-business">
        <h2 id="h-business">Customers and applications</h2>
        <dl class="facts">
          <dt>Customers</dt><dd><a href="/dashboard/customers">${stats.customers}</a></dd>
          ${stats.applications_by_status.map((a) => html`<dt>Applications ${a.status.replaceAll('_', ' ')}</dt><dd>${a.n}</dd>`)}
          <dt>Fundings this month</dt><dd>${stats.fundings_this_month} (${formatGbp(Number(stats.funded_pence_this_month))})</dd>
        </dl>
      </section>
      ${goLiveSection(model.goLive)}
      <p class="small muted">Signed in as ${model.email}. Times are London time; now ${formatDateTime(model.now)}.</p>`,
  );
}
