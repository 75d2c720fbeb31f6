import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, notFound } from '../domain/errors.ts';
import { STATUS_BY_CODE } from '../http/errors.ts';
import { toPence } from '../domain/money.ts';
import { drawdownProblem } from '../domain/offers.ts';
import { schedulePdf } from '../services/schedules.ts';
import { idParam } from '../domain/ids.ts';
import { OfferIdParams } from '../schemas/offers.ts';
import {
  customerFunding,
  customerOffer,
  customerPreContract,
  customerSchedule,
  drawFromCustomerOffer,
  selectCustomerOffer,
  type CustomerScope,
  type OfferRow,
} from '../services/portal.ts';
import { preContractPdf } from '../services/regulation.ts';
import type { RepaymentSchedule } from '../domain/repayment-schedule.ts';
import { formatGbp, penceToInput, PRODUCT_NAMES } from '../web/format.ts';
import { formValues, readMoney, type FieldErrors } from '../web/forms.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { portalChrome, portalContext, portalScope } from './context.ts';
import { drawdownPage, fundingConfirmationPage, type BankForm, type BankModel } from './views/drawdown.ts';
import { accountNumberEnding, formatSortCode, parseBankDetails } from '../domain/funding-accounts.ts';
import { preApprovalDrawdownProblem } from '../domain/pre-approvals.ts';
import { canBePaid, customerBankAccount, customerPreApproval, saveCustomerBankDetails } from '../services/portal-funding.ts';
import { messagePage } from '../web/layout.ts';
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

const NOTICES = {
  selected: 'You have selected this offer. You can now draw funds from it.',
  bank: 'Thank you: your bank details are saved.',
};

const BANK_FIELD_WORDS: Record<string, string> = {
  account_holder_name: 'Enter the account holder name, as the bank shows it (at most 140 characters)',
  sort_code: 'Enter the sort code as six digits, like 12-34-56',
  account_number: 'Enter the account number as eight digits',
};

const BANK_FIELD_OF_POINTER = {
  '/data/account_holder_name': 'account_holder_name',
  '/data/sort_code': 'sort_code',
  '/data/account_number': 'account_number',
};

const AmountQuery = Type.Optional(Type.String());
const OfferPageQuery = Type.Object({ amount: AmountQuery, done: NoticeQuery(NOTICES) });
const ScheduleQuery = Type.Object({ amount: AmountQuery });
const DrawdownQuery = Type.Object({ done: NoticeQuery(NOTICES) });
const FundingIdParams = Type.Object({ funding_id: Type.String() });

type Ticked = { preContractRead: boolean; businessPurposeDeclared: boolean };
const NOTHING_TICKED: Ticked = { preContractRead: false, businessPurposeDeclared: false };

/** The drawdown's boxes (docs/behaviour.md, section 23), by the pointer of the service's refusal. */
const BOX_OF_POINTER: Record<string, { field: string; message: string }> = {
  '/pre_contract_read': { field: 'pre_contract_read', message: 'Read the pre-contract information, then tick the box to say you have' },
  '/business_purpose_declared': {
    field: 'business_purpose_declared',
    message: 'Tick the box to confirm this credit is wholly or mainly for your business',
  },
};

/** The offer page with its schedule (and PDF), selection, drawdown and the drawdown's confirmation. */
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
      try {
        schedule = (await customerSchedule(portalContext(request), scope, offerId, amount.pence)).schedule;
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
        errors.amount = `Enter an amount up to ${formatGbp(offer.max_amount_pence)}`;
      }
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
      try {
        information = await customerPreContract(portalContext(request), scope, offerId, amount.pence, preContractNames(offer));
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'ValidationError') throw error;
        errors.amount = `Enter an amount up to ${formatGbp(offer.max_amount_pence)}`;
      }
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
    try {
      await selectCustomerOffer(portalContext(request), scope, offerId, app.config.publicBaseUrl);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'OfferNotSelectable') throw error;
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
        problem: 'This offer can no longer be selected.',
        now: portalContext(request).now(),
      };
      return reply.page(STATUS_BY_CODE[error.code], offerPage(portalChrome(request, reply), reply.generateCsrf(), model));
    }
    return reply.redirect(`/portal/offers/${offerId}/drawdown?done=selected`, 303);
  });

  const bankModel = async (scope: CustomerScope, entered?: { form: BankForm; errors: FieldErrors }): Promise<BankModel> => {
    const account = await customerBankAccount(app.ctx, scope);
    return {
      account: account
        ? {
            holder: account.account_holder_name,
            sortCode: formatSortCode(account.sort_code),
            ending: accountNumberEnding(account.account_number),
            status: account.status,
          }
        : null,
      environment: scope.tenant.environment,
      payable: canBePaid(account, scope.tenant.environment),
      form: entered?.form ?? { account_holder_name: '', sort_code: '', account_number: '' },
      errors: entered?.errors ?? {},
    };
  };

  const renderDrawdown = async (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: CustomerScope,
    offerId: string,
    status: number,
    form: { amountInput: string; errors: FieldErrors; notice?: string | null; ticked?: Ticked; bank?: { form: BankForm; errors: FieldErrors } },
  ) => {
    const { offer, application, drawnPence, regulation, acknowledged } = await customerOffer(portalContext(request), scope, offerId);
    const state = { offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at };
    const reason = offer.pre_approval
      ? preApprovalDrawdownProblem(state, portalContext(request).now())
      : drawdownProblem(state, application?.status ?? null, portalContext(request).now());
    const problem = reason === null ? null : `Funds cannot be drawn from this ${offer.pre_approval ? 'pre-approval' : 'offer'}: ${reason}.`;
    const model = {
      offer,
      remainingPence: offer.max_amount_pence - drawnPence,
      amountInput: form.amountInput,
      errors: form.errors,
      problem,
      notice: form.notice ?? null,
      asks: {
        preContractRead: regulation === 'regulated',
        businessPurposeDeclared: regulation === 'exempt_with_declaration' && !acknowledged.has('business_purpose_declared'),
      },
      ticked: form.ticked ?? NOTHING_TICKED,
      bank: await bankModel(scope, form.bank),
    };
    return reply.page(status, drawdownPage(portalChrome(request, reply), reply.generateCsrf(), model));
  };

  app.get('/offers/:offer_id/drawdown', { schema: { params: OfferIdParams, querystring: DrawdownQuery } }, async (request, reply) => {
    const scope = portalScope(request);
    const notice = request.query.done ? NOTICES[request.query.done] : null;
    return renderDrawdown(request, reply, scope, idParam(request.params.offer_id, 'offer'), 200, { amountInput: '', errors: {}, notice });
  });

  app.post('/offers/:offer_id/drawdown', { schema: { params: OfferIdParams } }, async (request, reply) => {
    const scope = portalScope(request);
    const offerId = idParam(request.params.offer_id, 'offer');
    const values = formValues(request.body);
    const input = values.amount ?? '';
    const ticked: Ticked = { preContractRead: values.pre_contract_read === 'yes', businessPurposeDeclared: values.business_purpose_declared === 'yes' };
    const amount = readMoney(input, 'amount to draw', { required: true });
    if (amount.error) return renderDrawdown(request, reply, scope, offerId, 400, { amountInput: input, errors: { amount: amount.error }, ticked });
    try {
      const { funding } = await drawFromCustomerOffer(portalContext(request), scope, offerId, amount.pence as number, ticked);
      return reply.redirect(`/portal/fundings/${funding.id}`, 303);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const box = error.code === 'ValidationError' ? BOX_OF_POINTER[error.problems[0]?.source?.pointer ?? ''] : undefined;
      if (box) {
        return renderDrawdown(request, reply, scope, offerId, STATUS_BY_CODE[error.code], { amountInput: input, errors: { [box.field]: box.message }, ticked });
      }
      if (error.code === 'ValidationError') {
        const available = error.meta?.available_amount;
        const message = typeof available === 'number' ? `Enter an amount of more than £0 and at most ${formatGbp(toPence(available))}` : 'Enter a valid amount';
        return renderDrawdown(request, reply, scope, offerId, STATUS_BY_CODE[error.code], { amountInput: input, errors: { amount: message }, ticked });
      }
      // FundingNotAllowed: the page says why, from the offer's state as it is now.
      if (error.code === 'FundingNotAllowed' || error.code === 'FundingAccountRequired')
        return renderDrawdown(request, reply, scope, offerId, STATUS_BY_CODE[error.code], { amountInput: input, errors: {} });
      throw error;
    }
  });

  app.post('/offers/:offer_id/bank-details', { schema: { params: OfferIdParams } }, async (request, reply) => {
    const scope = portalScope(request);
    const offerId = idParam(request.params.offer_id, 'offer');
    const { offer } = await customerOffer(portalContext(request), scope, offerId);
    const sent = formValues(request.body);
    const form: BankForm = { account_holder_name: sent.account_holder_name ?? '', sort_code: sent.sort_code ?? '', account_number: sent.account_number ?? '' };
    // People type spaces in sort codes and account numbers: they are dropped before the API's checks.
    const { problems, details } = parseBankDetails({
      account_holder_name: form.account_holder_name,
      sort_code: form.sort_code.replace(/\s+/g, ''),
      account_number: form.account_number.replace(/[\s-]+/g, ''),
    });
    let errors: FieldErrors = {};
    for (const problem of problems) {
      const field = BANK_FIELD_OF_POINTER[problem.source?.pointer as keyof typeof BANK_FIELD_OF_POINTER] ?? 'account_number';
      errors[field] ??= BANK_FIELD_WORDS[field];
    }
    if (details) {
      try {
        await saveCustomerBankDetails(portalContext(request), scope, details);
        return reply.redirect(offer.pre_approval ? '/portal/pre-approval?done=bank' : `/portal/offers/${offerId}/drawdown?done=bank`, 303);
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'BankDetailsInvalid') throw error;
        errors = { account_number: 'These bank details are not valid: check the sort code and the account number' };
      }
    }
    // The account number is never sent back, not even to the customer who typed it.
    return renderDrawdown(request, reply, scope, offerId, 400, { amountInput: '', errors: {}, bank: { form: { ...form, account_number: '' }, errors } });
  });

  app.get('/pre-approval', { schema: { querystring: DrawdownQuery } }, async (request, reply) => {
    const scope = portalScope(request);
    const current = await customerPreApproval(portalContext(request), scope);
    if (!current) {
      return reply.page(404, messagePage(portalChrome(request, reply), 'No pre-approval', 'You have no pre-approval with us. Your broker can tell you more.'));
    }
    const notice = request.query.done ? NOTICES[request.query.done] : null;
    return renderDrawdown(request, reply, scope, current.offer.id, 200, { amountInput: '', errors: {}, notice });
  });

  app.get('/fundings/:funding_id', { schema: { params: FundingIdParams } }, async (request, reply) => {
    const scope = portalScope(request);
    const { funding, offer, remainingPence } = await customerFunding(portalContext(request), scope, idParam(request.params.funding_id, 'funding'));
    return reply.page(200, fundingConfirmationPage(portalChrome(request, reply), offer, funding, remainingPence));
  });
};
