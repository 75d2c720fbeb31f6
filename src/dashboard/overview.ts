import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { overview } from '../services/dashboard.ts';
import { productionAccess } from '../services/production-access.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { EMPTY_GO_LIVE_FORM } from './views/go-live.ts';
import { overviewPage } from './views/overview.ts';

const OverviewQuery = Type.Object({ recovery_left: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })), done: Type.Optional(Type.String()) });

/** The overview: the last 24 hours of requests and deliveries, customers, applications, fundings. */
export const dashboardOverviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', { schema: { querystring: OverviewQuery } }, async (request, reply) => {
    const { actor, environment, user } = signedIn(request);
    const [stats, access] = await Promise.all([overview(app.ctx, actor, environment), productionAccess(app.ctx, user.partner_id)]);
    const left = request.query.recovery_left;
    const notice =
      left !== undefined
        ? `You logged in with a recovery code: ${left} of them are left.`
        : request.query.done === 'requested'
          ? 'Your request for production access is sent. An operator will review it.'
          : null;
    const goLive = { access, owner: can(request, 'owner'), csrf: reply.generateCsrf(), errors: {}, values: EMPTY_GO_LIVE_FORM };
    const model = { environment, stats, goLive, notice, email: user.email, now: app.ctx.now() };
    return reply.page(200, overviewPage(dashboardChrome(request, reply, '/dashboard'), model));
  });
};
