import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptInvitation, checkInvitation, type PartnerUserRow } from '../services/partner-users.ts';
import { formValues, type FieldErrors } from '../web/forms.ts';
import { dashboardChrome } from './context.ts';
import { loginSessions } from './login-session.ts';
import { invitationPage, invitationProblemPage, type InvitationProblem } from './views/sign-in.ts';

const InvitationQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

/** An invitation's link: the new user chooses a password, then sets up two-factor authentication. */
export const dashboardInvitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = loginSessions(app);

  const showProblem = (request: FastifyRequest, reply: FastifyReply, reason: InvitationProblem) =>
    reply.page(reason === 'unknown' ? 404 : 410, invitationProblemPage(dashboardChrome(request, reply), reason));

  const showInvitation = async (request: FastifyRequest, reply: FastifyReply, status: number, token: string, user: PartnerUserRow, errors: FieldErrors) => {
    await sessions.ensure(request, reply);
    return reply.page(status, invitationPage(dashboardChrome(request, reply), { csrf: reply.generateCsrf(), token, user, errors }));
  };

  app.get('/invite', { schema: { querystring: InvitationQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const state = await checkInvitation(app.ctx, token);
    if (!state.ok) return showProblem(request, reply, state.reason);
    return showInvitation(request, reply, 200, token, state.user, {});
  });

  app.post('/invite', async (request, reply) => {
    const form = formValues(request.body);
    const token = form.token ?? '';
    const result = await acceptInvitation(app.ctx, token, form.password ?? '');
    if (!result.ok) {
      if (result.field === 'token') return showProblem(request, reply, result.message as InvitationProblem);
      const state = await checkInvitation(app.ctx, token);
      if (!state.ok) return showProblem(request, reply, state.reason);
      return showInvitation(request, reply, 400, token, state.user, { password: result.message });
    }
    await sessions.renew(request, reply, result.user, 'setup');
    return reply.redirect('/dashboard/two-factor/setup', 303);
  });
};
