import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idParam } from '../domain/ids.ts';
import { IdParams } from '../schemas/admin.ts';
import { changeRole, createOperator, deactivateOperator, listOperatorAccounts } from '../services/operators.ts';
import { attempt, besideFields, refusing, saying } from '../web/attempt.ts';
import { formValues } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { consoleChrome, signedIn } from './context.ts';
import { operatorsPage, type OperatorsModel } from './views/operators.ts';

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
    shown: Partial<Pick<OperatorsModel, 'errors' | 'form' | 'created' | 'notice' | 'problem'>> = {},
  ) => {
    const { operator: me } = signedIn(request);
    const model: OperatorsModel = {
      operators: await listOperatorAccounts(app.ctx),
      me,
      csrf: reply.generateCsrf(),
      form: shown.form ?? { email: '', name: '', role: 'underwriter' },
      errors: shown.errors ?? {},
      created: shown.created ?? null,
      notice: shown.notice ?? null,
      problem: shown.problem ?? null,
    };
    return reply.page(status, operatorsPage(consoleChrome(request, reply, '/console/operators'), model));
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
