import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { changePartnerUserRole, invitationLink, inviteUser, partnerUsers, removePartnerUser } from '../services/partner-users.ts';
import { attempt, besideFields, refusing, saying } from '../web/attempt.ts';
import { formValues } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { can, dashboardChrome, signedIn } from './context.ts';
import { EMPTY_INVITE_FORM, removeUserPage, usersPage, type InviteForm, type UsersModel } from './views/users.ts';

const DONE = { role: 'Role changed: their sessions have ended, and they log in again with the new role.', removed: 'User removed: their sessions have ended.' };

/** An invitation the service refuses (a bad field, or an email that already has an account): beside the fields. */
const INVITE_REFUSALS = refusing(['ValidationError', 'DuplicatePartnerUser'], besideFields({ '/email': 'email', '/name': 'name', '/role': 'role' }, 'email'));
const ROLE_REFUSALS = { ValidationError: saying('Choose a role from the list.') };

type UsersShown = Partial<Pick<UsersModel, 'notice' | 'problem' | 'link' | 'errors' | 'values'>>;

/** The partner's team: everyone sees it; owners invite, change roles and remove. */
export const dashboardUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const team = async (partnerId: string) => (await partnerUsers(app.ctx, partnerId)).filter((u) => !u.removed_at);

  const show = async (request: FastifyRequest, reply: FastifyReply, status: number, shown: UsersShown = {}) => {
    const { user: me } = signedIn(request);
    const model: UsersModel = {
      users: await team(me.partner_id),
      meId: me.id,
      owner: can(request, 'owner'),
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
    const invited = await attempt(() => inviteUser(app.ctx, actor, user.partner_id, values), INVITE_REFUSALS);
    // 400 for a taken email too: the form is shown again, with the email to change.
    if (!invited.ok) return show(request, reply, 400, { errors: invited.refusal.errors, values });
    const link = { url: invitationLink(app.config.publicBaseUrl, invited.value.token), email: values.email.trim(), expiresAt: invited.value.expiresAt };
    return show(request, reply, 201, { link });
  });

  app.post('/users/:id/role', { schema: { params: IdParams }, ...owner }, async (request, reply) => {
    const { actor } = signedIn(request);
    const changed = await attempt(
      () => changePartnerUserRole(app.ctx, actor, idParam(request.params.id, 'user'), formValues(request.body).role ?? ''),
      ROLE_REFUSALS,
    );
    if (!changed.ok) return show(request, reply, changed.refusal.status, { problem: changed.refusal.problem });
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
