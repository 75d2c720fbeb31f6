import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_TARGET_TYPES } from '../../../domain/audit-targets.ts';
import { Closed, StringEnum } from '../../../schemas/common.ts';
import { IdParams } from '../../../schemas/admin.ts';
import { ADMIN_TOKEN_ACTOR, auditPage, auditView } from '../../../services/audit.ts';
import { pageMeta, pageRequestOf, PageQueryFields } from '../../../schemas/paging.ts';
import { changeRole, createOperator, deactivateOperator, listOperatorAccounts, operatorView } from '../../../services/operators.ts';
import { idParam } from '../../../domain/ids.ts';

const ROLES = ['viewer', 'underwriter', 'admin'] as const;

const CreateOperatorBody = Closed({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  role: StringEnum(ROLES),
});

const AuditQuery = Type.Object({
  operator_id: Type.Optional(Type.String({ format: 'uuid' })),
  target_type: Type.Optional(StringEnum(AUDIT_TARGET_TYPES)),
  target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
  ...PageQueryFields,
});

/** Operator accounts and the audit log over the admin API (docs/behaviour.md, section 19). */
export const adminOperatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/operators', { schema: { body: CreateOperatorBody } }, async (request, reply) => {
    const { operator, password } = await createOperator(app.ctx, ADMIN_TOKEN_ACTOR, request.body);
    return reply.code(201).send({ data: { operator_id: operator.id, email: operator.email, name: operator.name, role: operator.role, password } });
  });

  app.get('/operators', async () => ({ data: { operators: (await listOperatorAccounts(app.ctx)).map(operatorView) } }));

  app.post('/operators/:id/role', { schema: { params: IdParams, body: Closed({ role: StringEnum(ROLES) }) } }, async (request) => {
    const operator = await changeRole(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'operator'), request.body.role);
    return { data: operatorView(operator) };
  });

  app.post('/operators/:id/deactivate', { schema: { params: IdParams } }, async (request) => {
    const operator = await deactivateOperator(app.ctx, ADMIN_TOKEN_ACTOR, idParam(request.params.id, 'operator'));
    return { data: operatorView(operator) };
  });

  app.get('/audit', { schema: { querystring: AuditQuery } }, async (request) => {
    const q = request.query;
    const filter = {
      operatorId: q.operator_id?.toLowerCase() ?? null,
      targetType: q.target_type ?? null,
      targetId: q.target_id ?? null,
      before: q.before ? Number(q.before) : null,
    };
    const page = await auditPage(app.ctx, filter, pageRequestOf(q));
    const last = page.items[page.items.length - 1];
    // data.next_cursor: the last row's seq, for `before` (section 19); meta.next_cursor for `cursor`.
    return { data: { entries: page.items.map(auditView), next_cursor: page.nextCursor && last ? String(last.seq) : null }, meta: pageMeta(page) };
  });
};
