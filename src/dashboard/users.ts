import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { changePartnerUserRole, invitationLink, inviteUser, partnerUsers, removePartnerUser } from '../services/partner-users.ts';
import { fieldErrorsFrom, formValues } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { canDo, dashboardChrome, signedIn } from './context.ts';
import { EMPTY_INVITE_FORM, removeUserPage, usersPage, type InviteForm, type UsersModel } from './views/users.ts';

const DONE = { role: 'Role changed: their sessions have ended, and they log in again with the new role.', removed: 'User removed: their sessions have ended.' };

type UsersShown = Partial<Pick<UsersModel, 'notice' | 'problem' | 'link' | 'errors' | 'values'>>;

/** The partner's team: everyone sees it; owners invite, change roles and remove. */
export const dashboardUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const team = async (partnerId: string) => (await partnerUsers(app.ctx, partnerId)).filter((u) => !u.removed_at);

  const show = async (request: FastifyRequest, reply: FastifyReply, status: number, shown: UsersShown = {}) => {
    const { user: me } = signedIn(request);
    const model: UsersModel = {
      users: await team(me.partner_id),
      meId: me.id,
      owner: canDo(request, 'owner'),
      csrf: reply.generateCsrf(),
      notice: shown.notice ?? null,
      problem: shown.problem ?? null,
      link: shown.link ?? null,
      errors: shown.errors ?? {},
      values: shown.values ?? EMPTY_INVITE_FORM,
    };
    return reply.page(status, usersPage(dashboardChrome(request, reply, '/dashboard/users'), model));
  };

  app.get('/users', { schema: { querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    show(request, reply, 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  const owner = { config: { dashboardRole: 'owner' as const } };

  // The link is in the answer to this POST only.
  app.post('/users', owner, async (request, reply) => {
    const { actor, user } = signedIn(request);
    const form = formValues(request.body);
    const values: InviteForm = { email: form.email ?? '', name: form.name ?? '', role: form.role ?? 'developer' };
    try {
      const invitation = await inviteUser(app.ctx, actor, user.partner_id, values);
      return show(request, reply, 201, {
        link: { url: invitationLink(app.config.publicBaseUrl, invitation.token), email: values.email.trim(), expiresAt: invitation.expiresAt },
      });
    } catch (error) {
      if (!(error instanceof DomainError) || (error.code !== 'ValidationError' && error.code !== 'DuplicatePartnerUser')) throw error;
      return show(request, reply, 400, { errors: fieldErrorsFrom(error.problems, { '/email': 'email', '/name': 'name', '/role': 'role' }, 'email'), values });
    }
  });

  app.post('/users/:id/role', { schema: { params: IdParams }, ...owner }, async (request, reply) => {
    const { actor } = signedIn(request);
    try {
      await changePartnerUserRole(app.ctx, actor, idParam(request.params.id, 'user'), formValues(request.body).role ?? '');
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
      return show(request, reply, 400, { problem: 'Choose a role from the list.' });
    }
    return reply.redirect('/dashboard/users?done=role', 303);
  });

  app.get('/users/:id/remove', { schema: { params: IdParams }, ...owner }, async (request, reply) => {
    const { user: me } = signedIn(request);
    const id = idParam(request.params.id, 'user');
    const user = (await team(me.partner_id)).find((u) => u.id === id);
    if (!user) throw notFound('user');
    return reply.page(200, removeUserPage(dashboardChrome(request, reply, '/dashboard/users'), { user, csrf: reply.generateCsrf() }));
  });

  app.post('/users/:id/remove', { schema: { params: IdParams }, ...owner }, async (request, reply) => {
    const { actor } = signedIn(request);
    await removePartnerUser(app.ctx, actor, idParam(request.params.id, 'user'));
    return reply.redirect('/dashboard/users?done=removed', 303);
  });
};
