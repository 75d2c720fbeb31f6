import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { validationFailed, type Problem } from '../../domain/errors.ts';
import { parseBankDetails, type BankDetails } from '../../domain/funding-accounts.ts';
import { idParam } from '../../domain/ids.ts';
import { errorResponses } from '../../schemas/common.ts';
import { CustomerIdParams } from '../../schemas/customer.ts';
import { FundingAccountBody, FundingAccountResponse, PreApprovalBody, PreApprovalResponse } from '../../schemas/funding-accounts.ts';
import { fundingAccountView, getFundingAccount, putFundingAccount } from '../../services/funding-accounts.ts';
import { createPreApproval } from '../../services/pre-approval-offers.ts';
import { getPreApproval, preApprovalTermsFrom, preApprovalView } from '../../services/pre-approvals.ts';
import { tenantOf } from '../auth.ts';
import { MAX_PROBLEMS, problemsFromValidation } from '../validation.ts';
import { customerContext } from '../../services/customer-time.ts';

const FIELDS = ['/data/account_holder_name', '/data/sort_code', '/data/account_number'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The bank details of a PUT, or one 400 with every problem: the three fields' own checks (in words
 * a partner can act on) and the schema's problems elsewhere (a missing `data`, an unknown field).
 */
function bankDetailsOf(request: FastifyRequest): BankDetails {
  const schemaError = request.validationError as (Error & { validation?: unknown[]; validationContext?: string }) | undefined;
  if (schemaError && !schemaError.validation) throw schemaError;
  const schemaProblems = schemaError ? problemsFromValidation(schemaError.validation as never, schemaError.validationContext ?? 'body') : [];
  const body = request.body as unknown;
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  const fieldProblems: Problem[] = data ? parseBankDetails(data).problems : [];
  const others = schemaProblems.filter((p) => !FIELDS.some((f) => p.source?.pointer === f || p.source?.pointer?.startsWith(`${f}/`)));
  const problems = [...fieldProblems, ...others];
  if (problems.length > 0) throw validationFailed(problems.slice(0, MAX_PROBLEMS));
  return parseBankDetails(data as Record<string, unknown>).details as BankDetails;
}

/** Funding accounts (docs/behaviour.md, section 21). */
export const fundingAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/customers/:customer_id/funding_account/',
    {
      attachValidation: true,
      schema: {
        tags: ['Funding accounts'],
        operationId: 'setFundingAccount',
        summary: "Set the customer's funding account (bank details for payouts)",
        params: CustomerIdParams,
        body: FundingAccountBody,
        response: { 200: FundingAccountResponse, ...errorResponses(400, 401, 403, 404, 406, 413, 415) },
      },
    },
    async (request) => {
      const id = idParam(request.params.customer_id, 'customer');
      const details = bankDetailsOf(request);
      const row = await putFundingAccount(app.ctx, tenantOf(request), id, details);
      return { data: fundingAccountView(row) };
    },
  );

  app.get(
    '/customers/:customer_id/funding_account/',
    {
      schema: {
        tags: ['Funding accounts'],
        operationId: 'getFundingAccount',
        summary: "Read the customer's current funding account",
        params: CustomerIdParams,
        response: { 200: FundingAccountResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => {
      const row = await getFundingAccount(app.ctx, tenantOf(request), idParam(request.params.customer_id, 'customer'));
      return { data: fundingAccountView(row) };
    },
  );

  app.get(
    '/customers/:customer_id/pre_approval/',
    {
      schema: {
        tags: ['Funding accounts'],
        operationId: 'getPreApproval',
        summary: "Read the customer's pre-approval (a limit drawn without an application)",
        params: CustomerIdParams,
        response: { 200: PreApprovalResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => ({ data: await getPreApproval(app.ctx, tenantOf(request), idParam(request.params.customer_id, 'customer')) }),
  );

  app.post(
    '/sandbox/customers/:customer_id/pre_approvals',
    {
      config: { sandboxOnly: true },
      schema: {
        tags: ['Sandbox'],
        operationId: 'sandboxPreApproveCustomer',
        summary: 'Pre-approve a customer (sandbox only)',
        params: CustomerIdParams,
        body: PreApprovalBody,
        response: { 201: PreApprovalResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.customer_id, 'customer');
      const ctx = await customerContext(app.ctx, 'customer', id, tenantOf(request));
      const offer = await createPreApproval(ctx, tenantOf(request), id, preApprovalTermsFrom(request.body.data, '/data'), 'sandbox');
      return reply.code(201).send({ data: preApprovalView(offer, 0, ctx.now()) });
    },
  );
};
