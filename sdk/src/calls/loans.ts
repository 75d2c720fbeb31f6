/** Loans after funding (docs/behaviour.md, section 22). */
import type { PageQuery } from '../paging.ts';
import type { AnswerOf, CallOptions, QueryOf } from '../client-types.ts';
import { enc, type RequestSpec, transportOf } from '../transport.ts';

export class LoanCalls {
  /** A customer's loans, newest first. */
  listCustomerLoans(customerId: string, query: PageQuery = {}, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/loans/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/loans/`, query: { ...query } },
      call,
    );
  }

  /** A loan: balance, next repayment, arrears and every repayment with its status. */
  getLoan(loanId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/loans/{loan_id}/', 'get'>>({ method: 'GET', path: `/loans/${enc(loanId)}/` }, call);
  }

  /** The figure that settles the loan on `on` (YYYY-MM-DD, default today). */
  getSettlementQuote(loanId: string, query: QueryOf<'/loans/{loan_id}/settlement_quote/', 'get'> = {}, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/loans/{loan_id}/settlement_quote/', 'get'>>(
      { method: 'GET', path: `/loans/${enc(loanId)}/settlement_quote/`, query: query as RequestSpec['query'] },
      call,
    );
  }

  /** The loan's statement as a PDF document (its bytes). */
  getLoanStatement(loanId: string, call?: CallOptions): Promise<Uint8Array> {
    return transportOf(this).bytes({ method: 'GET', path: `/loans/${enc(loanId)}/statement/`, accept: 'application/pdf' }, call);
  }
}
