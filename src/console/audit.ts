import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isAuditTargetType } from '../domain/audit-targets.ts';
import { isUuid } from '../domain/ids.ts';
import { listAudit } from '../services/audit.ts';
import { listOperatorAccounts } from '../services/operators.ts';
import { consoleChrome, signedIn } from './context.ts';
import { auditPage } from './views/audit.ts';

const AuditQuery = Type.Object({
  operator: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  target: Type.Optional(Type.String()),
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })),
});

const PAGE_SIZE = 100;

/** The audit log, newest first, filtered by operator, by target type and by target id. */
export const consoleAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit', { schema: { querystring: AuditQuery } }, async (request, reply) => {
    signedIn(request);
    const q = request.query;
    const operator = q.operator ?? '';
    const target = q.target?.trim().slice(0, 100) ?? '';
    // An unknown type (a hand-made address) filters nothing, as an unknown operator does.
    const type = q.type && isAuditTargetType(q.type) ? q.type : '';
    const rows = await listAudit(app.ctx, {
      operatorId: isUuid(operator) ? operator.toLowerCase() : null,
      actor: operator === 'admin-token' ? 'admin token' : null,
      targetType: type || null,
      targetId: target ? target.toLowerCase() : null,
      before: q.before ? Number(q.before) : null,
      limit: PAGE_SIZE + 1,
    });
    const page = rows.slice(0, PAGE_SIZE);
    const next =
      rows.length > PAGE_SIZE ? `/console/audit?${new URLSearchParams({ operator, type, target, before: String(page[page.length - 1].seq) })}` : null;
    const model = { rows: page, operators: await listOperatorAccounts(app.ctx), operator, type, target, next };
    return reply.page(200, auditPage(consoleChrome(request, reply, '/console/audit'), model));
  });
};
