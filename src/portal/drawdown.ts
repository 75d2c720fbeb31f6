import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountNumberEnding, formatSortCode, parseBankDetails } from '../domain/funding-accounts.ts';
import { idParam } from '../domain/ids.ts';
import { toPence } from '../domain/money.ts';
import { drawAvailability, type DrawAvailability } from '../domain/draw-availability.ts';
import { OfferIdParams } from '../schemas/offers.ts';
import { customerFunding, customerOffer, drawFromCustomerOffer, type CustomerScope, type OfferRow } from '../services/portal.ts';
import { canBePaid, customerBankAccount, customerPreApproval, saveCustomerBankDetails } from '../services/portal-funding.ts';
import { attempt, type RefusalMap } from '../web/attempt.ts';
import { formatDate, formatGbp } from '../web/format.ts';
import { formValues, readMoney, type FieldErrors } from '../web/forms.ts';
import { messagePage } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { portalChrome, portalContext, portalScope } from './context.ts';
import { drawdownPage, fundingConfirmationPage, type BankForm, type BankModel } from './views/drawdown.ts';

/** The notices of the offer and drawdown pages after a change (`?done=…`). */
export const NOTICES = {
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

/**
 * A drawdown the service refuses: a box not ticked beside its box, an amount beside the amount;
 * when funds cannot be drawn (FundingNotAllowed, no bank details) the page says why, from the
 * offer's state as it is now.
 */
const DRAWDOWN_REFUSALS: RefusalMap = {
  ValidationError: (error) => {
    const box = BOX_OF_POINTER[error.problems[0]?.source?.pointer ?? ''];
    if (box) return { errors: { [box.field]: box.message } };
    const available = error.meta?.available_amount;
    return {
      errors: {
        amount: typeof available === 'number' ? `Enter an amount of more than £0 and at most ${formatGbp(toPence(available))}` : 'Enter a valid amount',
      },
    };
  },
  FundingNotAllowed: () => ({}),
  FundingAccountRequired: () => ({}),
};

const BANK_REFUSALS: RefusalMap = {
  BankDetailsInvalid: () => ({ errors: { account_number: 'These bank details are not valid: check the sort code and the account number' } }),
};

/** Why nothing can be drawn now, in the customer's words (null while a drawdown would be accepted). */
function drawProblemWords(offer: OfferRow, can: DrawAvailability): string | null {
  const what = offer.pre_approval ? 'pre-approval' : 'offer';
  switch (can.kind) {
    case 'open':
      return null;
    case 'drawn':
      return `You have drawn the whole ${formatGbp(offer.max_amount_pence)} of this ${what}: there is nothing more to draw from it.`;
    case 'expired':
      return `This ${what} ended on ${formatDate(can.on)}: funds can no longer be drawn from it.`;
    case 'closed':
      return `Funds cannot be drawn from this ${what}: ${can.reason}.`;
  }
}

/** Drawing from an offer or a pre-approval: the drawdown page, the bank details for payouts, and the drawdown's confirmation. */
export const portalDrawdownRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    const problem = drawProblemWords(offer, drawAvailability(offer, application?.status ?? null, drawnPence, portalContext(request).now()));
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
    const drawn = await attempt(() => drawFromCustomerOffer(portalContext(request), scope, offerId, amount.pence as number, ticked), DRAWDOWN_REFUSALS);
    if (drawn.ok) return reply.redirect(`/portal/fundings/${drawn.value.funding.id}`, 303);
    const { status, code, errors } = drawn.refusal;
    // A refusal of the offer's state starts the form afresh (its boxes unticked).
    return renderDrawdown(request, reply, scope, offerId, status, { amountInput: input, errors, ticked: code === 'ValidationError' ? ticked : undefined });
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
    const errors: FieldErrors = {};
    for (const problem of problems) {
      const field = BANK_FIELD_OF_POINTER[problem.source?.pointer as keyof typeof BANK_FIELD_OF_POINTER] ?? 'account_number';
      errors[field] ??= BANK_FIELD_WORDS[field];
    }
    // The account number is never sent back, not even to the customer who typed it.
    const again = (bankErrors: FieldErrors) =>
      renderDrawdown(request, reply, scope, offerId, 400, { amountInput: '', errors: {}, bank: { form: { ...form, account_number: '' }, errors: bankErrors } });
    if (!details) return again(errors);
    const saved = await attempt(() => saveCustomerBankDetails(portalContext(request), scope, details), BANK_REFUSALS);
    if (!saved.ok) return again(saved.refusal.errors);
    return reply.redirect(offer.pre_approval ? '/portal/pre-approval?done=bank' : `/portal/offers/${offerId}/drawdown?done=bank`, 303);
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
    // What is left is "still available" only while it could be drawn on the customer's today.
    const { application } = await customerOffer(portalContext(request), scope, offer.id);
    const can = drawAvailability(offer, application?.status ?? null, offer.max_amount_pence - remainingPence, portalContext(request).now());
    return reply.page(200, fundingConfirmationPage(portalChrome(request, reply), offer, funding, can.kind === 'open' ? remainingPence : null));
  });
};
