import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticateAdmin } from './auth.ts';
import { negotiate } from './negotiation.ts';
import { adminPartnerRoutes } from './routes/admin/partners.ts';
import { adminApplicationRoutes } from './routes/admin/applications.ts';
import { adminDocumentRoutes } from './routes/admin/documents.ts';
import { adminOperatorRoutes } from './routes/admin/operators.ts';
import { adminLoanRoutes } from './routes/admin/loans.ts';
import { adminPartnerUserRoutes } from './routes/admin/partner-users.ts';
import { adminPreApprovalRoutes } from './routes/admin/pre-approvals.ts';
import { adminListRoutes } from './routes/admin/lists.ts';
import { unstorableQueryHook } from './validation.ts';

export interface AdminApiOptions {
  adminTokenHash: string | null;
}

/** The operator API under /admin/v1, authenticated by ADMIN_TOKEN; every change is audited. */
export const adminApi: FastifyPluginAsyncTypebox<AdminApiOptions> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    await authenticateAdmin(request, options.adminTokenHash, app.authFailed);
    negotiate(request, request.routeOptions.config);
  });
  // A query string PostgreSQL cannot store is refused before any route reads it.
  app.addHook('preValidation', unstorableQueryHook);
  await app.register(adminPartnerRoutes);
  await app.register(adminApplicationRoutes);
  await app.register(adminDocumentRoutes);
  await app.register(adminOperatorRoutes);
  await app.register(adminLoanRoutes);
  await app.register(adminPartnerUserRoutes);
  await app.register(adminPreApprovalRoutes);
  await app.register(adminListRoutes);
  // openapi.admin.json, served to operators only (docs/behaviour.md, section 26).
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.adminSwagger());
};
