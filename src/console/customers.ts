import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { roleAtLeast } from '../domain/actors.ts';
import { notFound } from '../domain/errors.ts';
import { accountNumberEnding, formatSortCode } from '../domain/funding-accounts.ts';
import { idParam } from '../domain/ids.ts';
import { PRE_APPROVAL_MAX_VALID_DAYS } from '../domain/pre-approvals.ts';
import { IdParams } from '../schemas/admin.ts';
import { boReviewFundingAccount } from '../services/funding-accounts.ts';
import { confirmPendingApproval, findApprovalRecord } from '../services/four-eyes.ts';
import { preApprovalKind } from '../services/pre-approval-kind.ts';
import { boPreApprove, customerOverview, preApprovalView, type PreApprovalTerms } from '../services/pre-approvals.ts';
import { formatDateTime, formatGbp } from '../web/format.ts';
import { attempt, notDone, refusing } from '../web/attempt.ts';
import { ErrorSummary, Field, formValues, readMoney, type FieldErrors } from '../web/forms.ts';
import { html } from '../web/html.ts';
import { CsrfField, TableWrap } from '../web/layout.ts';
import { NoticeQuery } from '../web/page-query.ts';
import { paidToWords } from '../web/paid-to.ts';
import { consoleChrome, consolePage, Notices, shortId, signedIn } from './context.ts';

const DONE = {
  accepted: 'Bank account accepted: drawdowns can be paid into it.',
  rejected: 'Bank account rejected: the customer must give new bank details.',
  pre_approved: 'Pre-approval made.',
  pending: 'Pre-approval recorded: above the four-eyes threshold, another operator must confirm it.',
  confirmed: 'Pre-approval confirmed and made.',
};

const ACCOUNT_STATUS_WORDS = { verified: 'Verified', needs_review: 'Needs review', rejected: 'Rejected' } as const;
const NAME_CHECK_WORDS = {
  match: 'name matches',
  close_match: 'name is a close match',
  no_match: 'name does not match',
  unavailable: 'name check unavailable',
} as const;

interface PreApprovalForm {
  max_amount: string;
  interest: string;
  fee: string;
  duration: string;
  valid_for: string;
}

/** The refusals shown on the customer's page, with the API's status for the code. */
const REFUSALS = refusing(['InvalidTransition', 'ValidationError', 'PermissionDenied'], notDone);

const EMPTY_FORM: PreApprovalForm = { max_amount: '', interest: '', fee: '0', duration: '365', valid_for: '90' };

function readWhole(raw: string, label: string, min: number, max: number, errors: FieldErrors, field: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,6}$/.test(text) || Number(text) < min || Number(text) > max) {
    errors[field] = `Enter the ${label} as a whole number from ${min} to ${max}`;
    return null;
  }
  return Number(text);
}

function readPercentBp(raw: string, label: string, errors: FieldErrors, field: string): number | null {
  const text = raw.trim().replace(/%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) || Number(text) > 100) {
    errors[field] = `Enter the ${label} as a percentage from 0 to 100, with at most two decimals`;
    return null;
  }
  const [whole, decimals = ''] = text.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** The terms typed into "Pre-approve", or the errors beside the fields. */
function readPreApproval(form: PreApprovalForm): { terms: PreApprovalTerms | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const amount = readMoney(form.max_amount, 'maximum amount', { required: true });
  if (amount.error) errors.max_amount = amount.error;
  else if ((amount.pence ?? 0) <= 0 || (amount.pence ?? 0) > 100_000_000) errors.max_amount = 'The maximum amount must be more than £0 and at most £1,000,000';
  const monthlyRateBp = readPercentBp(form.interest, 'monthly interest', errors, 'interest');
  const feeBp = readPercentBp(form.fee, 'fee', errors, 'fee');
  const durationDays = readWhole(form.duration, 'duration in days', 1, 3650, errors, 'duration');
  const validForDays = readWhole(form.valid_for, 'number of days it is valid for', 1, PRE_APPROVAL_MAX_VALID_DAYS, errors, 'valid_for');
  if (Object.keys(errors).length > 0) return { terms: null, errors };
  return {
    terms: {
      terms: {
        productType: 'flexi_loan',
        maxAmountPence: amount.pence as number,
        monthlyRateBp: monthlyRateBp as number,
        feeBp: feeBp as number,
        durationDays: durationDays as number,
        isSuggested: true,
      },
      validForDays: validForDays as number,
    },
    errors,
  };
}

/** A customer: its bank details (with the review of a needs_review account), its pre-approval and its fundings. */
export const consoleCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    status: number,
    options: { notice?: string | null; problem?: string | null; form?: PreApprovalForm; errors?: FieldErrors } = {},
  ) => {
    const { operator } = signedIn(request);
    const { customer, accounts, preApproval, pending, fundings } = await customerOverview(app.ctx, id);
    const now = app.ctx.now();
    const underwriter = roleAtLeast(operator.role, 'underwriter');
    const csrf = reply.generateCsrf();
    const current = accounts.find((a) => a.replaced_at === null) ?? null;
    const history = accounts.filter((a) => a.replaced_at !== null);
    const form = options.form ?? EMPTY_FORM;
    const errors = options.errors ?? {};
    const view = preApproval ? preApprovalView(preApproval.offer, preApproval.drawnPence, now) : null;
    const name = customer.company.registered_company_name ?? `Customer ${shortId(customer.id)}`;
    return reply.page(
      status,
      consolePage(
        consoleChrome(request, reply, '/console/applications'),
        name,
        html`<h1>${name}</h1>
          <p class="small">Customer ${customer.id} · partner ${customer.partner_id} (${customer.environment})</p>
          <${Notices} notice=${options.notice} problem=${options.problem} />
          <${ErrorSummary} errors=${errors} />
          <section class="card" aria-labelledby="h-bank">
            <h2 id="h-bank">Bank details for payouts</h2>
            ${
              current
                ? html`<dl class="facts" id="funding-account">
                    <dt>Account holder</dt><dd>${current.account_holder_name}</dd>
                    <dt>Sort code</dt><dd>${formatSortCode(current.sort_code)}</dd>
                    <dt>Account number</dt><dd>ending ${accountNumberEnding(current.account_number)}</dd>
                    <dt>Payee name check</dt><dd>${NAME_CHECK_WORDS[current.name_check]}</dd>
                    <dt>Status</dt><dd id="funding-account-status">${ACCOUNT_STATUS_WORDS[current.status]}${current.reviewed_by ? ` (by ${current.reviewed_by}, ${formatDateTime(current.reviewed_at as Date)})` : ''}</dd>
                    <dt>Given</dt><dd>${formatDateTime(current.created_at)}</dd>
                  </dl>
                  ${
                    current.status === 'needs_review' && underwriter
                      ? html`<p class="hint">The payee name check could not confirm the name: compare it with the company before paying out.</p>
                          <div class="actions">
                            ${(['verified', 'rejected'] as const).map(
                              (s) => html`<form method="post" action=${`/console/customers/${customer.id}/funding-account/review`} class="inline">
                                <${CsrfField} token=${csrf} />
                                <input type="hidden" name="account" value=${current.id} />
                                <input type="hidden" name="status" value=${s} />
                                <button type="submit" class=${s === 'rejected' ? 'danger' : undefined}>${s === 'verified' ? 'Accept account' : 'Reject account'}</button>
                              </form>`,
                            )}
                          </div>`
                      : null
                  }`
                : html`<p class="muted">No bank details given yet${customer.environment === 'sandbox' ? ': sandbox drawdowns go to a simulated account' : ': drawdowns are refused until the partner sends them'}.</p>`
            }
            ${
              history.length === 0
                ? null
                : html`<${TableWrap} label="Replaced bank accounts">
                    <table class="dense" id="funding-account-history">
                      <caption>Replaced accounts</caption>
                      <thead><tr><th scope="col">Given</th><th scope="col">Holder</th><th scope="col">Sort code</th><th scope="col">Ending</th><th scope="col">Status</th><th scope="col">Replaced</th></tr></thead>
                      <tbody>
                        ${history.map(
                          (a) =>
                            html`<tr><td>${formatDateTime(a.created_at)}</td><td>${a.account_holder_name}</td><td>${formatSortCode(a.sort_code)}</td><td>${accountNumberEnding(a.account_number)}</td><td>${ACCOUNT_STATUS_WORDS[a.status]}</td><td>${formatDateTime(a.replaced_at as Date)}</td></tr>`,
                        )}
                      </tbody>
                    </table>
                  </${TableWrap}>`
            }
          </section>
          <section class="card" aria-labelledby="h-pre-approval">
            <h2 id="h-pre-approval">Pre-approval</h2>
            ${
              view
                ? html`<dl class="facts" id="pre-approval">
                    <dt>Status</dt><dd>${view.status}</dd>
                    <dt>Limit</dt><dd>${formatGbp(preApproval!.offer.max_amount_pence)}</dd>
                    <dt>Available</dt><dd>${formatGbp(Math.round(view.available_amount * 100))}</dd>
                    <dt>Monthly interest</dt><dd>${view.monthly_interest_percentage}%</dd>
                    <dt>Fee</dt><dd>${view.fee_percentage}%</dd>
                    <dt>Duration</dt><dd>${view.duration_in_days} days</dd>
                    <dt>Expires</dt><dd>${formatDateTime(preApproval!.offer.expires_at)}</dd>
                  </dl>`
                : html`<p class="muted">No pre-approval.</p>`
            }
            ${
              pending
                ? html`<div class="notice" role="status" id="pending-pre-approval">
                    <p>A pre-approval of ${formatGbp(pending.largest_pence)} for ${preApprovalKind.fromStored(pending.terms).validForDays} days by ${pending.requested_by_actor} is waiting for a second operator (asked ${formatDateTime(pending.requested_at)}).</p>
                    ${
                      underwriter && pending.requested_by !== operator.id
                        ? html`<form method="post" action=${`/console/customers/${customer.id}/pre-approvals/${pending.id}/confirm`}>
                            <${CsrfField} token=${csrf} />
                            <button type="submit">Confirm pre-approval</button>
                          </form>`
                        : null
                    }
                  </div>`
                : null
            }
            ${
              underwriter
                ? html`<form method="post" action=${`/console/customers/${customer.id}/pre-approve`} class="stack" novalidate>
                    <${CsrfField} token=${csrf} />
                    <h3>Pre-approve</h3>
                    <p class="hint">A flexi loan limit the customer draws without a new application. It replaces any pre-approval the customer has.</p>
                    <${Field} name="max_amount" label="Maximum amount (£)" inputmode="decimal" value=${form.max_amount} error=${errors.max_amount} />
                    <${Field} name="interest" label="Monthly interest (%)" inputmode="decimal" value=${form.interest} error=${errors.interest} />
                    <${Field} name="fee" label="Fee (%)" inputmode="decimal" value=${form.fee} error=${errors.fee} />
                    <${Field} name="duration" label="Duration (days)" inputmode="numeric" value=${form.duration} error=${errors.duration} />
                    <${Field} name="valid_for" label="Valid for (days)" inputmode="numeric" value=${form.valid_for} error=${errors.valid_for} />
                    <div><button type="submit">Pre-approve</button></div>
                  </form>`
                : null
            }
          </section>
          <section class="card" aria-labelledby="h-fundings">
            <h2 id="h-fundings">Fundings</h2>
            ${
              fundings.length === 0
                ? html`<p class="muted">No fundings.</p>`
                : html`<${TableWrap} label="Fundings">
                    <table class="dense" id="customer-fundings">
                      <thead><tr><th scope="col">When</th><th scope="col" class="num">Amount</th><th scope="col">From</th><th scope="col">Paid to</th><th scope="col">Loan</th></tr></thead>
                      <tbody>
                        ${fundings.map(
                          (f) =>
                            html`<tr><td>${formatDateTime(f.created_at)}</td><td class="num">${formatGbp(f.amount_pence)}</td><td>${
                              f.application_id
                                ? html`<a href=${`/console/applications/${f.application_id}`}>application ${shortId(f.application_id)}</a>`
                                : 'pre-approval'
                            }</td><td>${paidToWords(f)}</td><td><a href=${`/console/loans/${f.id}`}>loan ${shortId(f.id)}</a></td></tr>`,
                        )}
                      </tbody>
                    </table>
                  </${TableWrap}>`
            }
          </section>`,
      ),
    );
  };

  app.get('/customers/:id', { schema: { params: IdParams, querystring: Type.Object({ done: NoticeQuery(DONE) }) } }, async (request, reply) =>
    render(request, reply, idParam(request.params.id, 'customer'), 200, { notice: request.query.done ? DONE[request.query.done] : null }),
  );

  app.post('/customers/:id/funding-account/review', { schema: { params: IdParams }, config: { role: 'underwriter' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'customer');
    const form = formValues(request.body);
    const status = form.status === 'verified' ? 'verified' : form.status === 'rejected' ? 'rejected' : null;
    if (!status) return render(request, reply, id, 400, { problem: 'Choose Accept account or Reject account.' });
    const done = await attempt(() => boReviewFundingAccount(app.ctx, actor, id, idParam(form.account ?? '', 'funding account'), status), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { problem: done.refusal.problem });
    return reply.redirect(`/console/customers/${id}?done=${status === 'verified' ? 'accepted' : 'rejected'}`, 303);
  });

  app.post('/customers/:id/pre-approve', { schema: { params: IdParams }, config: { role: 'underwriter' } }, async (request, reply) => {
    const { actor } = signedIn(request);
    const id = idParam(request.params.id, 'customer');
    const values = formValues(request.body);
    const form: PreApprovalForm = {
      max_amount: values.max_amount ?? '',
      interest: values.interest ?? '',
      fee: values.fee ?? '',
      duration: values.duration ?? '',
      valid_for: values.valid_for ?? '',
    };
    const { terms, errors } = readPreApproval(form);
    if (!terms) return render(request, reply, id, 400, { form, errors });
    const done = await attempt(() => boPreApprove(app.ctx, actor, id, terms, app.config.fourEyesThresholdPence), REFUSALS);
    if (!done.ok) return render(request, reply, id, done.refusal.status, { form, problem: done.refusal.problem });
    return reply.redirect(`/console/customers/${id}?done=${done.value.kind}`, 303);
  });

  app.post(
    '/customers/:id/pre-approvals/:approval/confirm',
    { schema: { params: Type.Object({ id: Type.String(), approval: Type.String() }) }, config: { role: 'underwriter' } },
    async (request, reply) => {
      const { actor } = signedIn(request);
      const id = idParam(request.params.id, 'customer');
      // The four-eyes mechanism's confirmation (four-eyes.ts), shown on this page when refused.
      const approval = await findApprovalRecord(app.ctx, idParam(request.params.approval, 'approval'));
      if (!approval || approval.kind !== preApprovalKind.name || approval.subject_id !== id) throw notFound('approval');
      const done = await attempt(() => confirmPendingApproval(app.ctx, actor, approval.id), REFUSALS);
      if (!done.ok) return render(request, reply, id, done.refusal.status, { problem: done.refusal.problem });
      return reply.redirect(`/console/customers/${id}?done=confirmed`, 303);
    },
  );
};
