import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { PARTNER_ROLES } from '../domain/partner-users.ts';
import { IdParams } from '../schemas/admin.ts';
import { changePartnerUserRole, invitationLink, inviteUser, partnerUsers, removePartnerUser } from '../services/partner-users.ts';
import { formatDateTime } from '../web/format.ts';
import { ErrorSummary, Field, fieldErrorsFrom, formValues, SelectField, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, Notices, TableWrap } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { canDo, dashboardPage, signedIn } from './context.ts';

const DONE = { role: 'Role changed: their sessions have ended, and they log in again with the new role.', removed: 'User removed: their sessions have ended.' };
const ROLE_OPTIONS = PARTNER_ROLES.map((r) => ({ value: r, label: r }));

/** The partner's team: everyone sees it; owners invite, change roles and remove. */
export const dashboardUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: {
      notice?: string | null;
      problem?: string | null;
      link?: { url: string; email: string; expiresAt: Date };
      errors?: FieldErrors;
      values?: Record<string, string>;
    } = {},
  ) => {
    const { user: me } = signedIn(request);
    const owner = canDo(request, 'owner');
    const users = (await partnerUsers(app.ctx, me.partner_id)).filter((u) => !u.removed_at);
    const csrf = reply.generateCsrf();
    const errors = extra.errors ?? {};
    const values = extra.values ?? { email: '', name: '', role: 'developer' };
    return reply.page(
      status,
      dashboardPage(
        request,
        reply,
        '/dashboard/users',
        'Users',
        html`<h1>Users</h1>
          <${Notices} notice=${extra.notice ?? null} problem=${extra.problem ?? null} />
          ${
            extra.link
              ? html`<div class="notice good" role="status" id="invitation">
                  <p>Send ${extra.link.email} this link. It is shown only this once, works once, and expires ${formatDateTime(extra.link.expiresAt)}.</p>
                  <label for="invitation-link">Invitation link</label>
                  <input id="invitation-link" class="secret" type="text" readonly value=${extra.link.url} />
                </div>`
              : null
          }
          <${TableWrap} label="Users">
            <table class="dense responsive" id="users">
              <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th>${owner ? html`<th scope="col">Actions</th>` : null}</tr></thead>
              <tbody>
                ${users.map(
                  (u) => html`<tr>
                    <td id=${`user-${u.id}`}>${u.name}</td>
                    <td data-label="Email">${u.email}</td>
                    <td data-label="Role">${u.role}</td>
                    <td data-label="State">${u.two_factor_enabled_at ? 'active' : 'invited'}</td>
                    ${
                      owner
                        ? html`<td data-label="Actions">${
                            u.id === me.id
                              ? html`<span class="muted">You</span>`
                              : html`<form method="post" action=${`/dashboard/users/${u.id}/role`} class="inline">
                                    <${CsrfField} token=${csrf} />
                                    <label for=${`role-${u.id}`} class="visually-hidden">Role of ${u.name}</label>
                                    <select id=${`role-${u.id}`} name="role">${ROLE_OPTIONS.map((o) => html`<option value=${o.value} selected=${o.value === u.role}>${o.label}</option>`)}</select>
                                    <button type="submit" class="secondary" aria-describedby=${`user-${u.id}`}>Change role</button>
                                  </form>
                                  <a href=${`/dashboard/users/${u.id}/remove`} aria-label=${`Remove ${u.name}`}>Remove</a>`
                          }</td>`
                        : null
                    }
                  </tr>`,
                )}
              </tbody>
            </table>
          </${TableWrap}>
          ${
            owner
              ? html`<form method="post" action="/dashboard/users" class="stack card" novalidate>
                  <h2>Invite a user</h2>
                  <${ErrorSummary} errors=${errors} />
                  <${CsrfField} token=${csrf} />
                  <${Field} name="email" label="Email" type="email" value=${values.email} error=${errors.email} />
                  <${Field} name="name" label="Name" value=${values.name} error=${errors.name} />
                  <${SelectField} name="role" label="Role" options=${ROLE_OPTIONS} value=${values.role} error=${errors.role}
                    hint="Viewers read; developers also manage sandbox tokens and webhooks; owners do everything. Inviting someone again (who has not finished, or was removed) makes a new link." />
                  <div><button type="submit">Invite user</button></div>
                </form>`
              : html`<p class="muted">Owners of your team invite users and change roles.</p>`
          }`,
      ),
    );
  };

  app.get('/users', { schema: { querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    page(request, reply, 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  const owner = { config: { dashboardRole: 'owner' as const } };

  // The link is in the answer to this POST only.
  app.post('/users', owner, async (request, reply) => {
    const { actor, user } = signedIn(request);
    const form = formValues(request.body);
    const values = { email: form.email ?? '', name: form.name ?? '', role: form.role ?? 'developer' };
    try {
      const invitation = await inviteUser(app.ctx, actor, user.partner_id, values);
      return page(request, reply, 201, {
        link: { url: invitationLink(app.config.publicBaseUrl, invitation.token), email: values.email.trim(), expiresAt: invitation.expiresAt },
      });
    } catch (error) {
      if (!(error instanceof DomainError) || (error.code !== 'ValidationError' && error.code !== 'DuplicatePartnerUser')) throw error;
      return page(request, reply, 400, { errors: fieldErrorsFrom(error.problems, { '/email': 'email', '/name': 'name', '/role': 'role' }, 'email'), values });
    }
  });

  app.post('/users/:id/role', { schema: { params: IdParams }, ...owner }, async (request, reply) => {
    const { actor } = signedIn(request);
    try {
      await changePartnerUserRole(app.ctx, actor, idParam(request.params.id, 'user'), formValues(request.body).role ?? '');
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
      return page(request, reply, 400, { problem: 'Choose a role from the list.' });
    }
    return reply.redirect('/dashboard/users?done=role', 303);
  });

  const teammate = async (request: FastifyRequest, id: string) => {
    const { user: me } = signedIn(request);
    const user = (await partnerUsers(app.ctx, me.partner_id)).find((u) => u.id === id && !u.removed_at);
    if (!user) throw notFound('user');
    return user;
  };

  app.get('/users/:id/remove', { schema: { params: IdParams }, ...owner }, async (request, reply) => {
    const user = await teammate(request, idParam(request.params.id, 'user'));
    return reply.page(
      200,
      dashboardPage(
        request,
        reply,
        '/dashboard/users',
        'Remove user',
        html`<h1>Remove ${user.name}?</h1>
          <p class="lead">${user.email} can no longer log in, and any session of theirs ends at once.</p>
          <form method="post" action=${`/dashboard/users/${user.id}/remove`} class="actions">
            <${CsrfField} token=${reply.generateCsrf()} />
            <button type="submit" class="danger">Remove user</button>
            <a href="/dashboard/users">Keep them</a>
          </form>`,
      ),
    );
  });

  app.post('/users/:id/remove', { schema: { params: IdParams }, ...owner }, async (request, reply) => {
    const { actor } = signedIn(request);
    await removePartnerUser(app.ctx, actor, idParam(request.params.id, 'user'));
    return reply.redirect('/dashboard/users?done=removed', 303);
  });
};
