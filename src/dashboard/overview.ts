import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { overview } from '../services/dashboard.ts';
import { productionAccess } from '../services/production-access.ts';
import { formatDateTime, formatGbp } from '../web/format.ts';
import { html } from '../web/html.ts';
import { Notices } from '../web/layout.ts';
import { canDo, dashboardPage, EnvTag, signedIn } from './context.ts';
import { goLiveSection } from './go-live.ts';

/** The overview: the last 24 hours of requests and deliveries, customers, applications, fundings. */
export const dashboardOverviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    { schema: { querystring: Type.Object({ recovery_left: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })), done: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const { actor, environment, user } = signedIn(request);
      const [stats, access] = await Promise.all([overview(app.ctx, actor, environment), productionAccess(app.ctx, user.partner_id)]);
      const left = request.query.recovery_left;
      const notice =
        left !== undefined
          ? `You logged in with a recovery code: ${left} of them are left.`
          : request.query.done === 'requested'
            ? 'Your request for production access is sent. An operator will review it.'
            : null;
      return reply.page(
        200,
        dashboardPage(
          request,
          reply,
          '/dashboard',
          'Overview',
          html`<h1>Overview <${EnvTag} environment=${environment} /></h1>
            <${Notices} notice=${notice} />
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
            ${goLiveSection({ access, owner: canDo(request, 'owner'), csrf: reply.generateCsrf(), errors: {}, values: { website: '', description: '' } })}
            <p class="small muted">Signed in as ${user.email}. Times are London time; now ${formatDateTime(app.ctx.now())}.</p>`,
        ),
      );
    },
  );
};
