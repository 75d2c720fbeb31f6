import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '../../domain/errors.ts';
import { errorResponses } from '../../schemas/common.ts';
import { CustomerIdParams } from '../../schemas/customer.ts';
import { LoginLinkResponse } from '../../schemas/offers.ts';
import { loginLinkFor } from '../../services/login-links.ts';
import { tenantOf } from '../auth.ts';
import { idParam, isUuid } from '../../domain/ids.ts';

export const loginLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/customers/:customer_id/login_link/',
    {
      schema: {
        tags: ['Customers'],
        operationId: 'getLoginLink',
        summary: 'Get a single-use customer login link (valid 24 hours)',
        params: CustomerIdParams,
        querystring: Type.Object({ offer_id: Type.Optional(Type.String()) }),
        response: { 200: LoginLinkResponse, ...errorResponses(400, 401, 403, 404, 406) },
      },
    },
    async (request) => {
      const customerId = idParam(request.params.customer_id, 'customer');
      const offerId = request.query.offer_id ?? null;
      if (offerId !== null && !isUuid(offerId)) {
        throw new DomainError('ValidationError', "offer_id is not one of this customer's offers", { source: { parameter: 'offer_id' } });
      }
      const link = await loginLinkFor(app.ctx, tenantOf(request), customerId, offerId?.toLowerCase() ?? null, app.config.publicBaseUrl);
      return { data: { login_link: link } };
    },
  );
};
