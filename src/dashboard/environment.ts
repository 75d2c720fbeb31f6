import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ENVIRONMENTS, type Environment } from '../domain/tenant.ts';
import { switchEnvironment } from '../services/web-sessions.ts';
import { formValues } from '../web/forms.ts';
import { dashboardCookie } from './context.ts';

/** The switch at the top of every signed-in page: the session's environment, then back to the page. */
export const dashboardEnvironmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const cookie = dashboardCookie(app.config.publicBaseUrl);

  app.post('/environment', async (request, reply) => {
    const form = formValues(request.body);
    const environment = (ENVIRONMENTS as readonly string[]).includes(form.environment ?? '') ? (form.environment as Environment) : null;
    const token = request.cookies[cookie.cookieName];
    if (environment && token) await switchEnvironment(app.ctx, token, environment);
    const back = /^\/dashboard(\/[a-z-]+)?$/.test(form.back ?? '') ? (form.back as string) : '/dashboard';
    return reply.redirect(back, 303);
  });
};
