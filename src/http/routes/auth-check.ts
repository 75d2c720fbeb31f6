import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';

const AuthCheck = Type.Object({
  version: Type.String(),
  data: Type.Object({ api_version: Type.String(), environment: Type.String(), partner_id: Type.String() }),
});

export const authCheckRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/authentication_check/',
    {
      schema: {
        tags: ['Authentication check'],
        operationId: 'authenticationCheck',
        summary: 'Verify headers and connectivity',
        response: { 200: AuthCheck, ...errorResponses(401, 403, 406) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      return {
        version: 'v2.2',
        data: { api_version: '2.2.0', environment: principal.environment, partner_id: principal.partnerId },
      };
    },
  );
};
