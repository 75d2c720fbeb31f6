/** Applications, their offers and the repayment schedules (docs/behaviour.md, sections 6, 7 and 10). */
import type { AnswerOf, BodyOf, CallOptions, QueryOf } from '../client-types.ts';
import { enc, type RequestSpec, transportOf } from '../transport.ts';

export class ApplicationCalls {
  createApplication(customerId: string, body: BodyOf<'/customers/{customer_id}/applications/', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/applications/', 'post'>>(
      { method: 'POST', path: `/customers/${enc(customerId)}/applications/`, json: body },
      call,
    );
  }

  getLatestApplication(customerId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/applications/latest/', 'get'>>(
      { method: 'GET', path: `/customers/${enc(customerId)}/applications/latest/` },
      call,
    );
  }

  updateLatestApplication(customerId: string, body: BodyOf<'/customers/{customer_id}/applications/latest/', 'patch'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/customers/{customer_id}/applications/latest/', 'patch'>>(
      { method: 'PATCH', path: `/customers/${enc(customerId)}/applications/latest/`, json: body },
      call,
    );
  }

  listOffers(applicationId: string, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/applications/{application_id}/offers/', 'get'>>(
      { method: 'GET', path: `/applications/${enc(applicationId)}/offers/` },
      call,
    );
  }

  selectOffer(offerId: string, body: BodyOf<'/offers/{offer_id}/select/', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/offers/{offer_id}/select/', 'post'>>(
      { method: 'POST', path: `/offers/${enc(offerId)}/select/`, json: body },
      call,
    );
  }

  getRepaymentSchedule(offerId: string, query: QueryOf<'/offers/{offer_id}/repayment_schedule/', 'get'> = {}, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/offers/{offer_id}/repayment_schedule/', 'get'>>(
      { method: 'GET', path: `/offers/${enc(offerId)}/repayment_schedule/`, query: query as RequestSpec['query'] },
      call,
    );
  }

  /** The repayment schedule as a PDF document (its bytes). */
  getRepaymentSchedulePdf(offerId: string, query: QueryOf<'/offers/{offer_id}/repayment_schedule/', 'get'> = {}, call?: CallOptions): Promise<Uint8Array> {
    return transportOf(this).bytes(
      { method: 'GET', path: `/offers/${enc(offerId)}/repayment_schedule/`, query: query as RequestSpec['query'], accept: 'application/pdf' },
      call,
    );
  }
}
