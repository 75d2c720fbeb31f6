/** Customers, their funding account, pre-approval and login links, introducers and prequalification (docs/behaviour.md, sections 5, 8, 12 and 21). */
import type { AnswerOf, BodyOf, CallOptions, CreateCustomerBody, QueryOf } from '../client-types.ts';
import { enc, type RequestSpec, transportOf } from '../transport.ts';

export class CustomerCalls {
  createCustomer(body: CreateCustomerBody, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/', 'post'>>({ method: 'POST', path: '/customers/', json: body }, call);
  }

  getCustomer(customerId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/', 'get'>>({ method: 'GET', path: `/customers/${enc(customerId)}/` }, call);
  }

  updateCustomer(customerId: string, body: BodyOf<'/customers/{customer_id}/', 'put'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/', 'put'>>({ method: 'PUT', path: `/customers/${enc(customerId)}/`, json: body }, call);
  }

  /** PUT /customers/{id}/funding_account/: the bank account drawdowns are paid into (answers its last four digits only). */
  setFundingAccount(customerId: string, body: BodyOf<'/customers/{customer_id}/funding_account/', 'put'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/funding_account/', 'put'>>(
      { method: 'PUT', path: `/customers/${enc(customerId)}/funding_account/`, json: body },
      call,
    );
  }

  /** GET /customers/{id}/funding_account/: the current account and its status. */
  getFundingAccount(customerId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/funding_account/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/funding_account/` },
      call,
    );
  }

  /** GET /customers/{id}/pre_approval/: the customer's pre-approval (a limit drawn without an application). */
  getPreApproval(customerId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/pre_approval/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/pre_approval/` },
      call,
    );
  }

  getLoginLink(customerId: string, query: QueryOf<'/customers/{customer_id}/login_link/', 'get'> = {}, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/login_link/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/login_link/`, query: query as RequestSpec['query'] },
      call,
    );
  }

  listIntroducers(call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/introducers/', 'get'>>({ method: 'GET', path: '/introducers/' }, call);
  }

  createPrequalification(body: BodyOf<'/prequalification_data', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/prequalification_data', 'post'>>({ method: 'POST', path: '/prequalification_data', json: body }, call);
  }

  getPrequalification(query: QueryOf<'/prequalification_data', 'get'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/prequalification_data', 'get'>>(
      { method: 'GET', path: '/prequalification_data', query: query as RequestSpec['query'] },
      call,
    );
  }
}
