import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatePartner } from './auth.ts';
import { negotiate, type NegotiationConfig } from './negotiation.ts';
import { authCheckRoutes } from './routes/auth-check.ts';
import { customerRoutes } from './routes/customers.ts';
import { fundingAccountRoutes } from './routes/funding-accounts.ts';
import { applicationRoutes } from './routes/applications.ts';
import { introducerRoutes } from './routes/introducers.ts';
import { offerRoutes } from './routes/offers.ts';
import { loginLinkRoutes } from './routes/login-links.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { documentListRoutes, documentUploadRoutes } from './routes/documents.ts';
import { prequalificationRoutes } from './routes/prequalification.ts';
import { installIdempotency } from './idempotency.ts';
import { installRequestLog } from './request-log.ts';
import { eventRoutes } from './routes/events.ts';
import { requestLogRoutes } from './routes/request-log.ts';
import { loanRoutes, sandboxLoanRoutes } from './routes/loans.ts';

declare module 'fastify' {
  // Declaration merging: route configs carry the negotiation settings.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends NegotiationConfig {}
}

/** The partner API: every route below authenticates a partner token, then negotiates media types. */
export const partnerApi: FastifyPluginAsyncTypebox<{ adminTokenHash: string | null }> = async (app, options) => {
  const auth = { tokens: app.tokens, authFailed: app.authFailed, adminTokenHash: options.adminTokenHash };
  // A callback hook: most requests carry a cached token and pass without settling a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const pending = authenticatePartner(request, auth);
    if (pending === undefined) {
      negotiate(request, request.routeOptions.config);
      return done();
    }
    pending.then(() => negotiate(request, request.routeOptions.config)).then(() => done(), done);
  });
  installIdempotency(app);
  installRequestLog(app, app.requestLog);
  await app.register(authCheckRoutes);
  await app.register(customerRoutes);
  await app.register(fundingAccountRoutes);
  await app.register(applicationRoutes);
  await app.register(introducerRoutes);
  await app.register(offerRoutes);
  await app.register(loginLinkRoutes);
  await app.register(sandboxRoutes);
  await app.register(webhookRoutes);
  await app.register(documentListRoutes);
  await app.register(documentUploadRoutes);
  await app.register(prequalificationRoutes);
  await app.register(eventRoutes);
  await app.register(requestLogRoutes);
  await app.register(loanRoutes);
  await app.register(sandboxLoanRoutes);
};
