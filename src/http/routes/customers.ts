import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../schemas/common.ts';
import { CustomerBody, CustomerCreated, CustomerIdParams, CustomerRecord } from '../../schemas/customer.ts';
import { createCustomer, customerView, getCustomer, replaceCustomer } from '../../services/customers.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../ids.ts';

export const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customers/',
    {
      schema: {
        tags: ['Customers'],
        summary: 'Create a customer',
        body: CustomerBody,
        response: { 201: CustomerCreated, ...errorResponses(400, 401, 403, 406, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const customerId = await createCustomer(app.ctx, tenantOf(request), request.body.data);
      return reply.code(201).send({ data: { customer_id: customerId } });
    },
  );

  app.get(
    '/customers/:customer_id/',
    {
      schema: {
        tags: ['Customers'],
        summary: 'Read a customer',
        params: CustomerIdParams,
        response: { 200: CustomerRecord, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => {
      const customer = await getCustomer(app.ctx, tenantOf(request), idParam(request.params.customer_id, 'customer'));
      return { data: customerView(customer) };
    },
  );

  app.put(
    '/customers/:customer_id/',
    {
      schema: {
        tags: ['Customers'],
        summary: "Replace a customer's details",
        params: CustomerIdParams,
        body: CustomerBody,
        response: { 200: CustomerRecord, ...errorResponses(400, 401, 403, 404, 406, 409, 413, 415) },
      },
    },
    async (request) => {
      const id = idParam(request.params.customer_id, 'customer');
      const customer = await replaceCustomer(app.ctx, tenantOf(request), id, request.body.data);
      return { data: customerView(customer) };
    },
  );
};
