import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticatePartner } from './auth.ts';
import { negotiate, type NegotiationConfig } from './negotiation.ts';
import type { RequestLimiter } from './rate-limit.ts';
import { authCheckRoutes } from './routes/auth-check.ts';
import { customerRoutes } from './routes/customers.ts';
import { fundingAccountRoutes } from './routes/funding-accounts.ts';
import { applicationRoutes } from './routes/applications.ts';
import { introducerRoutes } from './routes/introducers.ts';
import { offerRoutes } from './routes/offers.ts';
import { loginLinkRoutes } from './routes/login-links.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.ts';
import { documentListRoutes, documentUploadRoutes } from './routes/documents.ts';
import { prequalificationRoutes } from './routes/prequalification.ts';
import { installIdempotency } from './idempotency.ts';
import { installRequestLog } from './request-log.ts';
import { eventRoutes } from './routes/events.ts';
import { requestLogRoutes } from './routes/request-log.ts';
import { loanRoutes, sandboxLoanRoutes } from './routes/loans.ts';
import { testClockRoutes } from './routes/test-clocks.ts';
import { unstorableQueryHook } from './validation.ts';

declare module 'fastify' {
  // Declaration merging: route configs carry the negotiation settings.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends NegotiationConfig {}
}

/**
 * The partner API: every route below authenticates a partner token, negotiates media types, then
 * counts the request against the token's rate limit (`limiter`, shared by both prefixes).
 */
export const partnerApi: FastifyPluginAsyncTypebox<{ adminTokenHash: string | null; limiter: RequestLimiter }> = async (app, options) => {
  const auth = { tokens: app.tokens, authFailed: app.authFailed, adminTokenHash: options.adminTokenHash };
  const { limiter } = options;
  // One callback hook: most requests carry a cached token and are counted in memory, and pass
  // without settling a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const pending = authenticatePartner(request, auth);
    if (pending === undefined) {
      negotiate(request, request.routeOptions.config);
      return limiter.count(request, reply, done);
    }
    pending.then(() => negotiate(request, request.routeOptions.config)).then(() => limiter.count(request, reply, done), done);
  });
  // A query string PostgreSQL cannot store is refused before any route reads it.
  app.addHook('preValidation', unstorableQueryHook);
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
  await app.register(webhookDeliveryRoutes);
  await app.register(documentListRoutes);
  await app.register(documentUploadRoutes);
  await app.register(prequalificationRoutes);
  await app.register(eventRoutes);
  await app.register(requestLogRoutes);
  await app.register(loanRoutes);
  await app.register(sandboxLoanRoutes);
  await app.register(testClockRoutes);
};
