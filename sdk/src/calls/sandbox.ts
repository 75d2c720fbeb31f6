/** The sandbox controls: decisions, fundings, pre-approvals, test events and loan collections (docs/behaviour.md, section 14). */
import type { AnswerOf, BodyOf, CallOptions } from '../client-types.ts';
import { enc, transportOf } from '../transport.ts';
import type { WebhookEventType } from '../webhook-events.ts';

export class SandboxCalls {
  sandboxDecideApplication(applicationId: string, body: BodyOf<'/sandbox/applications/{application_id}/decision', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/applications/{application_id}/decision', 'post'>>(
      { method: 'POST', path: `/sandbox/applications/${enc(applicationId)}/decision`, json: body },
      call,
    );
  }

  sandboxFundOffer(offerId: string, body: BodyOf<'/sandbox/offers/{offer_id}/fundings', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/offers/{offer_id}/fundings', 'post'>>(
      { method: 'POST', path: `/sandbox/offers/${enc(offerId)}/fundings`, json: body },
      call,
    );
  }

  /** POST /sandbox/customers/{customer_id}/pre_approvals: pre-approves a customer now. */
  sandboxPreApproveCustomer(customerId: string, body: BodyOf<'/sandbox/customers/{customer_id}/pre_approvals', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/customers/{customer_id}/pre_approvals', 'post'>>(
      { method: 'POST', path: `/sandbox/customers/${enc(customerId)}/pre_approvals`, json: body },
      call,
    );
  }

  /** POST /sandbox/webhooks/test: records and sends a sample event of `type`. */
  sandboxTestEvent(type: WebhookEventType, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/webhooks/test', 'post'>>(
      { method: 'POST', path: '/sandbox/webhooks/test', json: { data: { webhook_event_type: type } } },
      call,
    );
  }

  /** Sandbox: records Direct Debit outcomes up to `until`, the dates in `missed` missed. */
  sandboxSimulateLoanCollections(loanId: string, body: BodyOf<'/sandbox/loans/{loan_id}/simulate', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/loans/{loan_id}/simulate', 'post'>>(
      { method: 'POST', path: `/sandbox/loans/${enc(loanId)}/simulate`, json: body },
      call,
    );
  }

  /** Sandbox: pays the settlement figure on `on` (default today) and settles the loan. */
  sandboxSettleLoan(loanId: string, body: BodyOf<'/sandbox/loans/{loan_id}/settle', 'post'> = { data: {} }, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/sandbox/loans/{loan_id}/settle', 'post'>>(
      { method: 'POST', path: `/sandbox/loans/${enc(loanId)}/settle`, json: body },
      call,
    );
  }
}
