import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, NoContent } from '../../schemas/common.ts';
import { ApplicationResponse, CreateApplicationBody, PatchApplicationBody } from '../../schemas/application.ts';
import { CustomerIdParams } from '../../schemas/customer.ts';
import { applicationView, createApplication, getLatestApplication, updateLatestApplication } from '../../services/applications.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';

export const applicationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customers/:customer_id/applications/',
    {
      schema: {
        tags: ['Applications'],
        operationId: 'createApplication',
        summary: 'Create an application',
        params: CustomerIdParams,
        body: CreateApplicationBody,
        response: { 201: ApplicationResponse, ...errorResponses(400, 401, 403, 404, 406, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const customerId = idParam(request.params.customer_id, 'customer');
      const application = await createApplication(app.ctx, tenantOf(request), customerId, request.body.data);
      return reply.code(201).send({ data: applicationView(application) });
    },
  );

  app.get(
    '/customers/:customer_id/applications/latest/',
    {
      schema: {
        tags: ['Applications'],
        operationId: 'getLatestApplication',
        summary: 'Read the latest application',
        params: CustomerIdParams,
        response: { 200: ApplicationResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => {
      const customerId = idParam(request.params.customer_id, 'customer');
      return { data: applicationView(await getLatestApplication(app.ctx, tenantOf(request), customerId)) };
    },
  );

  app.patch(
    '/customers/:customer_id/applications/latest/',
    {
      schema: {
        tags: ['Applications'],
        operationId: 'updateLatestApplication',
        summary: 'Update the latest application while it is open',
        params: CustomerIdParams,
        body: PatchApplicationBody,
        response: { 202: NoContent, ...errorResponses(400, 401, 403, 404, 406, 413, 415) },
      },
    },
    async (request, reply) => {
      const customerId = idParam(request.params.customer_id, 'customer');
      await updateLatestApplication(app.ctx, tenantOf(request), customerId, request.body.data);
      return reply.code(202).send(undefined);
    },
  );
};
