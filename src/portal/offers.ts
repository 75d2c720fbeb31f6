import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../domain/errors.ts';
import { idParam } from '../domain/ids.ts';
import { drawdownProblem } from '../domain/offers.ts';
import type { RepaymentSchedule } from '../domain/repayment-schedule.ts';
import { OfferIdParams } from '../schemas/offers.ts';
import { customerOffer, customerPreContract, customerSchedule, selectCustomerOffer, type OfferRow } from '../services/portal.ts';
import { preContractPdf } from '../services/regulation.ts';
import { schedulePdf } from '../services/schedules.ts';
import { attempt, saying, type RefusalMap } from '../web/attempt.ts';
import { formatGbp, penceToInput, PRODUCT_NAMES } from '../web/format.ts';
import { readMoney, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { portalChrome, portalContext, portalScope } from './context.ts';
import { NOTICES } from './drawdown.ts';
import { offerPage } from './views/offer.ts';
import { preContractPage } from './views/pre-contract.ts';

/** The amount of a schedule request: the offer's maximum when absent; a field error when not money. */
function scheduleAmount(raw: string | undefined): { input: string | null; pence: number | null; error?: string } {
  if (raw === undefined || raw.trim() === '') return { input: null, pence: null };
  const read = readMoney(raw, 'amount', { required: true });
  if (read.error) return { input: raw, pence: null, error: read.error };
  if ((read.pence as number) <= 0) return { input: raw, pence: null, error: 'Enter an amount of more than £0' };
  return { input: raw, pence: read.pence };
}

const AmountQuery = Type.Optional(Type.String());
const OfferPageQuery = Type.Object({ amount: AmountQuery, done: NoticeQuery(NOTICES) });
const ScheduleQuery = Type.Object({ amount: AmountQuery });

/** A schedule or pre-contract information for an amount above what the offer allows: beside the amount. */
function amountRefusals(offer: OfferRow): RefusalMap {
  return { ValidationError: () => ({ errors: { amount: `Enter an amount up to ${formatGbp(offer.max_amount_pence)}` } }) };
}

const SELECT_REFUSALS: RefusalMap = { OfferNotSelectable: saying('This offer can no longer be selected.') };

/** The offer page with its schedule (and PDF), the pre-contract information (and PDF), and selection. */
export const portalOfferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/offers/:offer_id', { schema: { params: OfferIdParams, querystring: OfferPageQuery } }, async (request, reply) => {
    const scope = portalScope(request);
    const offerId = idParam(request.params.offer_id, 'offer');
    const { offer, application, drawnPence, regulation } = await customerOffer(portalContext(request), scope, offerId);
    const amount = scheduleAmount(request.query.amount);
    const errors: FieldErrors = {};
    let schedule: RepaymentSchedule | null = null;
    if (amount.error) errors.amount = amount.error;
    else if (offer.offer_type === 'confirmed') {
      const shown = await attempt(() => customerSchedule(portalContext(request), scope, offerId, amount.pence), amountRefusals(offer));
      if (shown.ok) schedule = shown.value.schedule;
      else Object.assign(errors, shown.refusal.errors);
    }
    const notice = request.query.done ? NOTICES[request.query.done] : null;
    const model = {
      offer,
      regulated: regulation === 'regulated',
      application,
      drawnPence,
      schedule,
      amountInput: amount.input ?? penceToInput(offer.max_amount_pence),
      amountPence: amount.pence ?? offer.max_amount_pence,
      errors,
      notice,
      problem: null,
      now: portalContext(request).now(),
    };
    return reply.page(errors.amount ? 400 : 200, offerPage(portalChrome(request, reply), reply.generateCsrf(), model));
  });

  app.get('/offers/:offer_id/schedule.pdf', { schema: { params: OfferIdParams, querystring: ScheduleQuery } }, async (request, reply) => {
    const scope = portalScope(request);
    const offerId = idParam(request.params.offer_id, 'offer');
    const amount = scheduleAmount(request.query.amount);
    if (amount.error) throw notFound('schedule');
    const result = await customerSchedule(portalContext(request), scope, offerId, amount.pence);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="repayment-schedule-${result.offer.id}.pdf"`)
      .send((await schedulePdf(result)) as never);
  });

  app.get('/offers/:offer_id/pre-contract', { schema: { params: OfferIdParams, querystring: ScheduleQuery } }, async (request, reply) => {
    const scope = portalScope(request);
    const offerId = idParam(request.params.offer_id, 'offer');
    const { offer, application, drawnPence } = await customerOffer(portalContext(request), scope, offerId);
    const amount = scheduleAmount(request.query.amount);
    const errors: FieldErrors = {};
    let information: Awaited<ReturnType<typeof customerPreContract>> | null = null;
    if (amount.error) errors.amount = amount.error;
    else {
      const shown = await attempt(
        () => customerPreContract(portalContext(request), scope, offerId, amount.pence, preContractNames(offer)),
        amountRefusals(offer),
      );
      if (shown.ok) information = shown.value;
      else Object.assign(errors, shown.refusal.errors);
    }
    // An offer the Act does not regulate has no such page, whatever the amount asked.
    if (!information) await customerPreContract(portalContext(request), scope, offerId, null, preContractNames(offer));
    const drawable =
      drawdownProblem(
        { offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at },
        application?.status ?? null,
        portalContext(request).now(),
      ) === null && drawnPence < offer.max_amount_pence;
    const model = { offerId, information, amountInput: amount.input ?? penceToInput(offer.max_amount_pence), errors, drawable };
    return reply.page(errors.amount ? 400 : 200, preContractPage(portalChrome(request, reply), model));
  });

  app.get('/offers/:offer_id/pre-contract.pdf', { schema: { params: OfferIdParams, querystring: ScheduleQuery } }, async (request, reply) => {
    const scope = portalScope(request);
    const offerId = idParam(request.params.offer_id, 'offer');
    const amount = scheduleAmount(request.query.amount);
    if (amount.error) throw notFound('pre-contract information');
    const { offer } = await customerOffer(portalContext(request), scope, offerId);
    const information = await customerPreContract(portalContext(request), scope, offerId, amount.pence, preContractNames(offer));
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="pre-contract-information-${offer.id}.pdf"`)
      .send((await preContractPdf(information)) as never);
  });

  /** The names the pre-contract information uses: the lender's and the product's. */
  const preContractNames = (offer: OfferRow) => ({ lenderName: app.config.lenderName, productName: PRODUCT_NAMES[offer.product_type] });

  app.post('/offers/:offer_id/select', { schema: { params: OfferIdParams } }, async (request, reply) => {
    const scope = portalScope(request);
    const offerId = idParam(request.params.offer_id, 'offer');
    const selected = await attempt(() => selectCustomerOffer(portalContext(request), scope, offerId, app.config.publicBaseUrl), SELECT_REFUSALS);
    if (!selected.ok) {
      const { offer, application, drawnPence, regulation } = await customerOffer(portalContext(request), scope, offerId);
      const model = {
        offer,
        regulated: regulation === 'regulated',
        application,
        drawnPence,
        schedule: null,
        amountInput: penceToInput(offer.max_amount_pence),
        amountPence: offer.max_amount_pence,
        errors: {},
        notice: null,
        problem: selected.refusal.problem,
        now: portalContext(request).now(),
      };
      return reply.page(selected.refusal.status, offerPage(portalChrome(request, reply), reply.generateCsrf(), model));
    }
    return reply.redirect(`/portal/offers/${offerId}/drawdown?done=selected`, 303);
  });
};
