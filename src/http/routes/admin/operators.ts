import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_TARGET_TYPES } from '../../../domain/audit-targets.ts';
import { Closed, StringEnum } from '../../../schemas/common.ts';
import { IdParams } from '../../../schemas/admin.ts';
import { ADMIN_TOKEN_ACTOR, auditView, listAudit } from '../../../services/audit.ts';
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
  limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
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
    const limit = Number(q.limit ?? 50);
    const rows = await listAudit(app.ctx, {
      operatorId: q.operator_id ?? null,
      targetType: q.target_type ?? null,
      targetId: q.target_id ?? null,
      before: q.before ? Number(q.before) : null,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    return { data: { entries: page.map(auditView), next_cursor: rows.length > limit ? String(page[page.length - 1].seq) : null } };
  });
};
