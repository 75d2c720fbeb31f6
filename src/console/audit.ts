import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isAuditTargetType } from '../domain/audit-targets.ts';
import { isUuid } from '../domain/ids.ts';
import { auditPage } from '../services/audit.ts';
import { listOperatorAccounts } from '../services/operators.ts';
import { consoleChrome, signedIn } from './context.ts';
import { ListCursor, readListPage } from './list-page.ts';
import { auditPage as auditView } from './views/audit.ts';

const AuditQuery = Type.Object({
  operator: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  target: Type.Optional(Type.String()),
  cursor: ListCursor,
});

/** The audit log, newest first, 50 a page, filtered by operator, by target type and by target id. */
export const consoleAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/audit', { schema: { querystring: AuditQuery } }, async (request, reply) => {
    signedIn(request);
    const q = request.query;
    const operator = q.operator ?? '';
    const target = q.target?.trim().slice(0, 100) ?? '';
    // An unknown type (a hand-made address) filters nothing, as an unknown operator does.
    const type = q.type && isAuditTargetType(q.type) ? q.type : '';
    const filter = {
      operatorId: isUuid(operator) ? operator.toLowerCase() : null,
      actor: operator === 'admin-token' ? 'admin token' : null,
      targetType: type || null,
      targetId: target ? target.toLowerCase() : null,
    };
    const [read, operators] = await Promise.all([readListPage(q.cursor, (page) => auditPage(app.ctx, filter, page)), listOperatorAccounts(app.ctx)]);
    const model = { page: read.page, refused: read.refused, operators, operator, type, target };
    return reply.page(read.status, auditView(consoleChrome(request, reply, '/console/audit'), model));
  });
};
