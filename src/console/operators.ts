import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { changeRole, createOperator, deactivateOperator, listOperatorAccounts, OPERATOR_ROLES } from '../services/operators.ts';
import { formatDateTime } from '../web/format.ts';
import { attempt, besideFields, refusing, saying } from '../web/attempt.ts';
import { ErrorSummary, Field, formValues, SelectField, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, TableWrap } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { consoleChrome, consolePage, Notices, signedIn } from './context.ts';

const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: r }));
/** A new operator the service refuses: beside the fields. */
const CREATE_REFUSALS = refusing(['ValidationError', 'DuplicateOperator'], besideFields({ '/email': 'email', '/name': 'name', '/role': 'role' }, 'email'));
const ROLE_REFUSALS = { ValidationError: saying('Choose a role: viewer, underwriter or admin.') };
const DONE = { role: 'Role changed: their sessions have ended.', deactivated: 'Operator deactivated: their sessions have ended.' };

/** Operators (admins only, reading too): create (password shown once), change role, deactivate. */
export const consoleOperatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { config: { role: 'admin' as const } };
  const operatorAdmin = { schema: { params: IdParams }, ...admin };

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: {
      errors?: FieldErrors;
      form?: Record<string, string>;
      created?: { email: string; password: string };
      notice?: string | null;
      problem?: string | null;
    } = {},
  ) => {
    const { operator: me } = signedIn(request);
    const operators = await listOperatorAccounts(app.ctx);
    const csrf = reply.generateCsrf();
    const errors = extra.errors ?? {};
    const form = extra.form ?? { email: '', name: '', role: 'underwriter' };
    return reply.page(
      status,
      consolePage(
        consoleChrome(request, reply, '/console/operators'),
        'Operators',
        html`<h1>Operators</h1>
          <${Notices} notice=${extra.notice ?? null} problem=${extra.problem ?? null} />
          ${
            extra.created
              ? html`<div class="notice good" role="status" id="new-password">
                <h2>Operator ${extra.created.email} created</h2>
                <p>Give them this password now: it is shown only this once. They can change it under "Change password".</p>
                <code class="secret">${extra.created.password}</code>
              </div>`
              : null
          }
          <${TableWrap} label="Operators">
            <table class="dense responsive" id="operators">
              <thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th><th scope="col">Since</th><th scope="col">Actions</th></tr></thead>
              <tbody>
                ${operators.map(
                  (o) => html`<tr>
                    <td>${o.name}</td>
                    <td data-label="Email">${o.email}</td>
                    <td data-label="Role">${o.role}</td>
                    <td data-label="State">${o.active ? 'active' : 'deactivated'}</td>
                    <td data-label="Since">${formatDateTime(o.created_at)}</td>
                    <td data-label="Actions">
                      ${
                        o.active && o.id !== me.id
                          ? html`<form method="post" action=${`/console/operators/${o.id}/role`} class="inline">
                              <${CsrfField} token=${csrf} />
                              <label class="visually-hidden" for=${`role-${o.id}`}>Role of ${o.email}</label>
                              <select id=${`role-${o.id}`} name="role">${ROLE_OPTIONS.map((r) => html`<option value=${r.value} selected=${r.value === o.role}>${r.label}</option>`)}</select>
                              <button type="submit" class="secondary" aria-label=${`Change role of ${o.email}`}>Change role</button>
                            </form>
                            <form method="post" action=${`/console/operators/${o.id}/deactivate`} class="inline">
                              <${CsrfField} token=${csrf} />
                              <button type="submit" class="danger" aria-label=${`Deactivate ${o.email}`}>Deactivate</button>
                            </form>`
                          : null
                      }
                    </td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </${TableWrap}>
          <form method="post" action="/console/operators" class="stack card" novalidate>
            <h2>Create an operator</h2>
            <${ErrorSummary} errors=${errors} />
            <${CsrfField} token=${csrf} />
            <${Field} name="email" label="Email" type="email" value=${form.email} error=${errors.email} />
            <${Field} name="name" label="Name" value=${form.name} error=${errors.name} />
            <${SelectField} name="role" label="Role" options=${ROLE_OPTIONS} value=${form.role} error=${errors.role} />
            <div><button type="submit">Create operator</button></div>
          </form>`,
      ),
    );
  };

  app.get('/operators', { schema: { querystring: Type.Object({ done: NoticeQuery(DONE) }) }, ...admin }, async (request, reply) =>
    page(request, reply, 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  app.post('/operators', admin, async (request, reply) => {
    const { actor } = signedIn(request);
    const body = formValues(request.body);
    const form = { email: body.email ?? '', name: body.name ?? '', role: body.role ?? '' };
    const created = await attempt(() => createOperator(app.ctx, actor, form), CREATE_REFUSALS);
    if (!created.ok) return page(request, reply, created.refusal.status, { errors: created.refusal.errors, form });
    return page(request, reply, 201, { created: { email: created.value.operator.email, password: created.value.password } });
  });

  app.post('/operators/:id/role', operatorAdmin, async (request, reply) => {
    const { actor } = signedIn(request);
    const role = formValues(request.body).role ?? '';
    const changed = await attempt(() => changeRole(app.ctx, actor, idParam(request.params.id, 'operator'), role), ROLE_REFUSALS);
    if (!changed.ok) return page(request, reply, changed.refusal.status, { problem: changed.refusal.problem });
    return reply.redirect('/console/operators?done=role', 303);
  });

  app.post('/operators/:id/deactivate', operatorAdmin, async (request, reply) => {
    const { actor } = signedIn(request);
    await deactivateOperator(app.ctx, actor, idParam(request.params.id, 'operator'));
    return reply.redirect('/console/operators?done=deactivated', 303);
  });
};
