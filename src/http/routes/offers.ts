import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError } from '../../domain/errors.ts';
import { toPence } from '../../domain/money.ts';
import { errorResponses } from '../../schemas/common.ts';
import {
  ApplicationIdParams,
  OfferIdParams,
  OffersResponse,
  ScheduleQuery,
  ScheduleResponse,
  SelectOfferBody,
  SelectOfferResponse,
} from '../../schemas/offers.ts';
import { getOffers, selectOffer } from '../../services/offers.ts';
import { scheduleForOffer, scheduleJson, schedulePdf } from '../../services/schedules.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * The JSON answer of each schedule, as text. A schedule's JSON view is made once and frozen
 * (services/schedules.ts), so its answer is serialised once too: the text is what the response
 * schema's serialiser writes (the view has exactly the schema's properties, in its order).
 */
const scheduleAnswers = new WeakMap<object, string>();

function scheduleAnswer(view: object): string {
  let text = scheduleAnswers.get(view);
  if (text === undefined) {
    text = JSON.stringify({ data: view });
    scheduleAnswers.set(view, text);
  }
  return text;
}

function parseAmountParameter(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!AMOUNT.test(value)) {
    throw new DomainError('ValidationError', 'amount must be a positive number with at most two decimal places', {
      source: { parameter: 'amount' },
    });
  }
  return toPence(Number(value));
}

function wantsPdf(accept: string | undefined, contentType: string | undefined): boolean {
  if (contentType?.toLowerCase().startsWith('application/pdf')) return true;
  return (accept ?? '')
    .toLowerCase()
    .split(',')
    .some((range) => range.trim().startsWith('application/pdf') && !/;\s*q=0(\.0*)?\s*(;|$)/.test(range));
}

export const offerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/applications/:application_id/offers/',
    {
      schema: {
        tags: ['Offers'],
        operationId: 'listOffers',
        summary: 'Retrieve offers (the first call decides)',
        params: ApplicationIdParams,
        response: { 200: OffersResponse, ...errorResponses(401, 403, 404, 406) },
      },
    },
    async (request) => ({
      data: await getOffers(app.ctx, tenantOf(request), idParam(request.params.application_id, 'application')),
    }),
  );

  app.post(
    '/offers/:offer_id/select/',
    {
      schema: {
        tags: ['Offers'],
        operationId: 'selectOffer',
        summary: 'Select an offer',
        params: OfferIdParams,
        body: SelectOfferBody,
        response: { 200: SelectOfferResponse, ...errorResponses(400, 401, 403, 404, 406, 415) },
      },
    },
    async (request) => {
      const offerId = idParam(request.params.offer_id, 'offer');
      const result = await selectOffer(app.ctx, tenantOf(request), offerId, request.body.data.entity_to_contact, app.config.publicBaseUrl);
      return { data: result };
    },
  );

  app.get(
    '/offers/:offer_id/repayment_schedule/',
    {
      config: { produces: ['application/json', 'application/pdf'] },
      schema: {
        tags: ['Offers'],
        operationId: 'getRepaymentSchedule',
        summary: 'Repayment schedule (JSON, or a PDF when Accept or Content-Type is application/pdf)',
        params: OfferIdParams,
        querystring: ScheduleQuery,
        response: { 200: ScheduleResponse, ...errorResponses(400, 401, 403, 404, 406) },
      },
    },
    async (request, reply) => {
      const offerId = idParam(request.params.offer_id, 'offer');
      const amount = parseAmountParameter(request.query.amount);
      const result = await scheduleForOffer(app.ctx, tenantOf(request), offerId, amount, request.query.pay_off_early_on ?? null);
      if (wantsPdf(request.headers.accept, request.headers['content-type'])) {
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="repayment-schedule-${result.offer.id}.pdf"`)
          .send((await schedulePdf(result)) as never);
      }
      return reply.type('application/json; charset=utf-8').send(scheduleAnswer(scheduleJson(result.schedule)) as never);
    },
  );
};
