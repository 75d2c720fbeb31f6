import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { listTenantIntroducers } from '../../services/partners.ts';
import { tenantOf } from '../auth.ts';

const IntroducerList = Type.Object({
  data: Type.Object({
    introducers: Type.Array(Type.Object({ introducer_id: Type.String(), name: Type.String(), email: Type.String(), is_active: Type.Boolean() })),
  }),
});

export const introducerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/introducers/',
    {
      schema: {
        tags: ['Introducers'],
        operationId: 'listIntroducers',
        summary: 'List your introducers',
        response: { 200: IntroducerList, ...errorResponses(401, 403, 406) },
      },
    },
    async (request) => {
      const rows = await listTenantIntroducers(app.ctx, tenantOf(request));
      return {
        data: {
          introducers: rows.map((r) => ({ introducer_id: r.id, name: r.name, email: r.email, is_active: r.is_active })),
        },
      };
    },
  );
};
