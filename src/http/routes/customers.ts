import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { checkPeople } from '../../domain/customer-rules.ts';
import { validationFailed, type Problem } from '../../domain/errors.ts';
import { errorResponses } from '../../schemas/common.ts';
import { CustomerBody, CustomerCreated, CustomerIdParams, CustomerRecord } from '../../schemas/customer.ts';
import { createCustomer, customerView, getCustomer, replaceCustomer } from '../../services/customers.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';
import { MAX_PROBLEMS, problemsFromValidation } from '../validation.ts';

/**
 * The people rule, checked even when the schema found problems, so one answer lists every problem
 * (docs/behaviour.md, section 4). Only when `people` is shaped enough for the rule to mean something.
 */
function peopleRuleProblems(body: unknown): Problem[] {
  const people = (body as { data?: { people?: unknown } } | null)?.data?.people;
  if (!Array.isArray(people) || people.length === 0) return [];
  const shaped = people.every(
    (p) =>
      p !== null &&
      typeof p === 'object' &&
      !Array.isArray(p) &&
      ((p as { roles?: unknown }).roles === undefined || Array.isArray((p as { roles?: unknown }).roles)),
  );
  return shaped ? checkPeople(people as { roles?: string[] }[]) : [];
}

/** Schema problems and rule problems of a customer body, reported together. */
function assertValidCustomerBody(request: FastifyRequest): void {
  const schemaError = request.validationError as (Error & { validation?: unknown[]; validationContext?: string }) | undefined;
  if (!schemaError) return; // the service applies the people rule to a schema-valid body
  if (!schemaError.validation) throw schemaError;
  const problems = [...problemsFromValidation(schemaError.validation as never, schemaError.validationContext ?? 'body'), ...peopleRuleProblems(request.body)];
  throw validationFailed(problems.slice(0, MAX_PROBLEMS));
}

export const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customers/',
    {
      attachValidation: true,
      schema: {
        tags: ['Customers'],
        operationId: 'createCustomer',
        summary: 'Create a customer',
        body: CustomerBody,
        // 404: the test clock named in the body is not one of the partner's (docs/behaviour.md, section 28).
        response: { 201: CustomerCreated, ...errorResponses(400, 401, 403, 404, 406, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      assertValidCustomerBody(request);
      const customerId = await createCustomer(app.ctx, tenantOf(request), request.body.data);
      return reply.code(201).send({ data: { customer_id: customerId } });
    },
  );

  app.get(
    '/customers/:customer_id/',
    {
      schema: {
        tags: ['Customers'],
        operationId: 'getCustomer',
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
      attachValidation: true,
      schema: {
        tags: ['Customers'],
        operationId: 'updateCustomer',
        summary: "Replace a customer's details",
        params: CustomerIdParams,
        body: CustomerBody,
        response: { 200: CustomerRecord, ...errorResponses(400, 401, 403, 404, 406, 409, 413, 415) },
      },
    },
    async (request) => {
      // An id that is not a UUID names nothing: 404 whatever the body holds.
      const id = idParam(request.params.customer_id, 'customer');
      assertValidCustomerBody(request);
      const customer = await replaceCustomer(app.ctx, tenantOf(request), id, request.body.data);
      return { data: customerView(customer) };
    },
  );
};
