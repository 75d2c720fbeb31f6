import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, notFound } from '../domain/errors.ts';
import { STATUS_BY_CODE } from '../http/errors.ts';
import { toPence } from '../domain/money.ts';
import { drawdownProblem } from '../domain/offers.ts';
import { schedulePdf } from '../services/schedules.ts';
import { isUuid } from '../http/ids.ts';
import { customerFunding, customerOffer, customerSchedule, drawFromCustomerOffer, selectCustomerOffer } from '../services/portal.ts';
import type { RepaymentSchedule } from '../domain/repayment-schedule.ts';
import { formatGbp, penceToInput } from '../web/format.ts';
import { formValues, readMoney, type FieldErrors } from '../web/forms.ts';
import { portalChrome, portalScope } from './context.ts';
import { drawdownPage, fundingConfirmationPage } from './views/drawdown.ts';
import { offerPage } from './views/offer.ts';

type OfferParams = { Params: { offer_id: string } };

function offerIdOf(request: FastifyRequest<OfferParams>): string {
  if (!isUuid(request.params.offer_id)) throw notFound('offer');
  return request.params.offer_id.toLowerCase();
}

/** The amount of a schedule request: the offer's maximum when absent; a field error when not money. */
function scheduleAmount(raw: unknown): { input: string | null; pence: number | null; error?: string } {
  if (typeof raw !== 'string' || raw.trim() === '') return { input: null, pence: null };
  const read = readMoney(raw, 'amount', { required: true });
  if (read.error) return { input: raw, pence: null, error: read.error };
  if ((read.pence as number) <= 0) return { input: raw, pence: null, error: 'Enter an amount of more than £0' };
  return { input: raw, pence: read.pence };
}

const NOTICES: Record<string, string> = {
  selected: 'You have selected this offer. You can now draw funds from it.',
};

/** The offer page with its schedule (and PDF), selection, drawdown and the drawdown's confirmation. */
export const portalOfferRoutes: FastifyPluginAsync = async (app) => {
  app.get<OfferParams & { Querystring: { amount?: unknown; done?: unknown } }>('/offers/:offer_id', async (request, reply) => {
    const scope = portalScope(request);
    const offerId = offerIdOf(request);
    const { offer, application, drawnPence } = await customerOffer(app.ctx, scope, offerId);
    const amount = scheduleAmount(request.query.amount);
    const errors: FieldErrors = {};
    let schedule: RepaymentSchedule | null = null;
    if (amount.error) errors.amount = amount.error;
    else if (offer.offer_type === 'confirmed') {
      try {
        schedule = (await customerSchedule(app.ctx, scope, offerId, amount.pence)).schedule;
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
        errors.amount = `Enter an amount up to ${formatGbp(offer.max_amount_pence)}`;
      }
    }
    const notice = typeof request.query.done === 'string' ? (NOTICES[request.query.done] ?? null) : null;
    const model = {
      offer,
      application,
      drawnPence,
      schedule,
      amountInput: amount.input ?? penceToInput(offer.max_amount_pence),
      amountPence: amount.pence ?? offer.max_amount_pence,
      errors,
      notice,
      problem: null,
      now: app.ctx.now(),
    };
    return reply.page(errors.amount ? 400 : 200, offerPage(portalChrome(request, reply), reply.generateCsrf(), model));
  });

  app.get<OfferParams & { Querystring: { amount?: unknown } }>('/offers/:offer_id/schedule.pdf', async (request, reply) => {
    const scope = portalScope(request);
    const offerId = offerIdOf(request);
    const amount = scheduleAmount(request.query.amount);
    if (amount.error) throw notFound('schedule');
    const result = await customerSchedule(app.ctx, scope, offerId, amount.pence);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="repayment-schedule-${result.offer.id}.pdf"`)
      .send((await schedulePdf(result)) as never);
  });

  app.post<OfferParams>('/offers/:offer_id/select', async (request, reply) => {
    const scope = portalScope(request);
    const offerId = offerIdOf(request);
    try {
      await selectCustomerOffer(app.ctx, scope, offerId, app.config.publicBaseUrl);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'OfferNotSelectable') throw error;
      const { offer, application, drawnPence } = await customerOffer(app.ctx, scope, offerId);
      const model = {
        offer,
        application,
        drawnPence,
        schedule: null,
        amountInput: penceToInput(offer.max_amount_pence),
        amountPence: offer.max_amount_pence,
        errors: {},
        notice: null,
        problem: 'This offer can no longer be selected.',
        now: app.ctx.now(),
      };
      return reply.page(STATUS_BY_CODE[error.code], offerPage(portalChrome(request, reply), reply.generateCsrf(), model));
    }
    return reply.redirect(`/portal/offers/${offerId}/drawdown?done=selected`, 303);
  });

  const renderDrawdown = async (
    request: FastifyRequest<OfferParams>,
    reply: FastifyReply,
    status: number,
    form: { amountInput: string; errors: FieldErrors; notice?: string | null },
  ) => {
    const scope = portalScope(request);
    const { offer, application, drawnPence } = await customerOffer(app.ctx, scope, offerIdOf(request));
    const reason = drawdownProblem(
      { offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at },
      application?.status ?? null,
      app.ctx.now(),
    );
    const problem = reason === null ? null : `Funds cannot be drawn from this offer: ${reason}.`;
    const model = {
      offer,
      remainingPence: offer.max_amount_pence - drawnPence,
      amountInput: form.amountInput,
      errors: form.errors,
      problem,
      notice: form.notice ?? null,
    };
    return reply.page(status, drawdownPage(portalChrome(request, reply), reply.generateCsrf(), model));
  };

  app.get<OfferParams & { Querystring: { done?: unknown } }>('/offers/:offer_id/drawdown', async (request, reply) =>
    renderDrawdown(request, reply, 200, { amountInput: '', errors: {}, notice: request.query.done === 'selected' ? NOTICES.selected : null }),
  );

  app.post<OfferParams>('/offers/:offer_id/drawdown', async (request, reply) => {
    const scope = portalScope(request);
    const offerId = offerIdOf(request);
    const input = formValues(request.body).amount ?? '';
    const amount = readMoney(input, 'amount to draw', { required: true });
    if (amount.error) return renderDrawdown(request, reply, 400, { amountInput: input, errors: { amount: amount.error } });
    try {
      const { funding } = await drawFromCustomerOffer(app.ctx, scope, offerId, amount.pence as number);
      return reply.redirect(`/portal/fundings/${funding.id}`, 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'ValidationError') {
        const available = error.meta?.available_amount;
        const message = typeof available === 'number' ? `Enter an amount of more than £0 and at most ${formatGbp(toPence(available))}` : 'Enter a valid amount';
        return renderDrawdown(request, reply, STATUS_BY_CODE[error.code], { amountInput: input, errors: { amount: message } });
      }
      // FundingNotAllowed: the page says why, from the offer's state as it is now.
      if (error.code === 'FundingNotAllowed') return renderDrawdown(request, reply, STATUS_BY_CODE[error.code], { amountInput: input, errors: {} });
      throw error;
    }
  });

  app.get<{ Params: { funding_id: string } }>('/fundings/:funding_id', async (request, reply) => {
    const scope = portalScope(request);
    if (!isUuid(request.params.funding_id)) throw notFound('funding');
    const { funding, offer, remainingPence } = await customerFunding(app.ctx, scope, request.params.funding_id.toLowerCase());
    return reply.page(200, fundingConfirmationPage(portalChrome(request, reply), offer, funding, remainingPence));
  });
};
