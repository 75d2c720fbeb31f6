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

/** A count as the pages write it: "1,234". */
function count(n: number): string {
  return n.toLocaleString('en-GB');
}

/**
 * An overview figure (docs/behaviour.md, section 27): exact; or an estimate, said "about" and
 * rounded to two significant figures ("about 20,000"); or a count stopped at its bound, said
 * "1,000 or more".
 */
export function figureWords(n: number, kind: 'exact' | 'estimated' | 'at_least' = 'exact'): string {
  if (kind === 'at_least') return `${count(n)} or more`;
  if (kind === 'exact') return count(n);
  const step = n < 100 ? 1 : 10 ** (Math.floor(Math.log10(n)) - 1);
  return `about ${count(Math.round(n / step) * step)}`;
}

export function overviewPage(chrome: DashboardChrome, model: OverviewModel): VNode {
  const { stats } = model;
  const anyEstimate = stats.estimated.customers || stats.estimated.statuses.length > 0;
  return dashboardPage(
    chrome,
    'Overview',
    html`<h1>Overview <${EnvTag} environment=${model.environment} /></h1>
      <${Notices} notice=${model.notice} />
      <section class="card" aria-labelledby="h-24h">
        <h2 id="h-24h">Last 24 hours</h2>
        <dl class="facts" id="stats">
          <dt>API requests</dt><dd>${figureWords(stats.requests)}</dd>
          <dt>Failed requests</dt><dd><a href="/dashboard/logs?failed=1">${figureWords(stats.failed_requests)}</a></dd>
          <dt>Webhook events failing</dt><dd><a href="/dashboard/webhooks?failed=1">${figureWords(stats.failing_events, stats.at_least.failing_events ? 'at_least' : 'exact')}</a></dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="h-business">
        <h2 id="h-business">Customers and applications</h2>
        <dl class="facts">
          <dt>Customers</dt><dd><a href="/dashboard/customers">${figureWords(stats.customers, stats.estimated.customers ? 'estimated' : 'exact')}</a></dd>
          ${stats.applications_by_status.map(
            (a) =>
              html`<dt>Applications ${a.status.replaceAll('_', ' ')}</dt><dd>${figureWords(a.n, stats.estimated.statuses.includes(a.status) ? 'estimated' : 'exact')}</dd>`,
          )}
          <dt>Fundings this month</dt><dd>${figureWords(stats.fundings_this_month)} (${formatGbp(Number(stats.funded_pence_this_month))})</dd>
        </dl>
        ${anyEstimate ? html`<p class="small muted" id="estimates">Figures said “about” are estimated from the database’s statistics, not counted one by one.</p>` : null}
      </section>
      ${goLiveSection(model.goLive)}
      <p class="small muted">Signed in as ${model.email}. Times are London time; now ${formatDateTime(model.now)}.</p>`,
  );
}
