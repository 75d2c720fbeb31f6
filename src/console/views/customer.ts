/** A customer: bank details for payouts (with the review of one that needs it), pre-approval, fundings. */
import type { Static } from 'typebox';
import { accountNumberEnding, formatSortCode } from '../../domain/funding-accounts.ts';
import type { PreApprovalView } from '../../schemas/funding-accounts.ts';
import type { customerOverview } from '../../services/pre-approvals.ts';
import { countOf, formatDateTime, formatGbp } from '../../web/format.ts';
import { ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap, type Chrome } from '../../web/layout.ts';
import { paidToWords } from '../../web/paid-to.ts';
import type { PreApprovalForm } from '../pre-approval-form.ts';
import { codeAsWords } from '../../domain/decision-words.ts';
import { customerName } from '../../domain/customer-name.ts';
import { consolePage, Notices, shortId } from './common.ts';

type Overview = Awaited<ReturnType<typeof customerOverview>>;
type FundingAccount = Overview['accounts'][number];

export interface CustomerModel {
  customer: Overview['customer'];
  /** The account drawdowns are paid into, and those it replaced. */
  current: FundingAccount | null;
  history: FundingAccount[];
  preApproval: Overview['preApproval'];
  preApprovalView: Static<typeof PreApprovalView> | null;
  /** A pre-approval waiting for a second operator, with the days it would be valid for. */
  pending: { row: NonNullable<Overview['pending']>; validForDays: number } | null;
  fundings: Overview['fundings'];
  /** Underwriters review accounts and pre-approve; viewers read. */
  canUnderwrite: boolean;
  /** Whether this operator may confirm the pending pre-approval (not the one who asked for it). */
  canConfirm: boolean;
  csrf: string;
  form: PreApprovalForm;
  errors: FieldErrors;
  notice: string | null;
  problem: string | null;
}

const ACCOUNT_STATUS_WORDS = { verified: 'Verified', needs_review: 'Needs review', rejected: 'Rejected' } as const;
const NAME_CHECK_WORDS = {
  match: 'name matches',
  close_match: 'name is a close match',
  no_match: 'name does not match',
  unavailable: 'name check unavailable',
} as const;

function CurrentAccount({ m, current }: { m: CustomerModel; current: FundingAccount }): VNode {
  return html`<dl class="facts" id="funding-account">
      <dt>Account holder</dt><dd>${current.account_holder_name}</dd>
      <dt>Sort code</dt><dd>${formatSortCode(current.sort_code)}</dd>
      <dt>Account number</dt><dd>ending ${accountNumberEnding(current.account_number)}</dd>
      <dt>Payee name check</dt><dd>${NAME_CHECK_WORDS[current.name_check]}</dd>
      <dt>Status</dt><dd id="funding-account-status">${ACCOUNT_STATUS_WORDS[current.status]}${current.reviewed_by ? ` (by ${current.reviewed_by}, ${formatDateTime(current.reviewed_at as Date)})` : ''}</dd>
      <dt>Given</dt><dd>${formatDateTime(current.created_at)}</dd>
    </dl>
    ${
      current.status === 'needs_review' && m.canUnderwrite
        ? html`<p class="hint">The payee name check could not confirm the name: compare it with the company before paying out.</p>
            <div class="actions">
              ${(['verified', 'rejected'] as const).map(
                (s) => html`<form method="post" action=${`/console/customers/${m.customer.id}/funding-account/review`} class="inline">
                  <${CsrfField} token=${m.csrf} />
                  <input type="hidden" name="account" value=${current.id} />
                  <input type="hidden" name="status" value=${s} />
                  <button type="submit" class=${s === 'rejected' ? 'danger' : undefined}>${s === 'verified' ? 'Accept account' : 'Reject account'}</button>
                </form>`,
              )}
            </div>`
        : null
    }`;
}

function BankSection({ m }: { m: CustomerModel }): VNode {
  const { current, history, customer } = m;
  return html`<section class="card" aria-labelledby="h-bank">
    <h2 id="h-bank">Bank details for payouts</h2>
    ${
      current
        ? html`<${CurrentAccount} m=${m} current=${current} />`
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
  </section>`;
}

function PreApprovalSection({ m }: { m: CustomerModel }): VNode {
  const { preApprovalView: view, preApproval, pending, form, errors } = m;
  return html`<section class="card" aria-labelledby="h-pre-approval">
    <h2 id="h-pre-approval">Pre-approval</h2>
    ${
      view && preApproval
        ? html`<dl class="facts" id="pre-approval">
            <dt>Status</dt><dd>${codeAsWords(view.status)}</dd>
            <dt>Limit</dt><dd>${formatGbp(preApproval.offer.max_amount_pence)}</dd>
            <dt>Available</dt><dd>${formatGbp(Math.round(view.available_amount * 100))}</dd>
            <dt>Monthly interest</dt><dd>${view.monthly_interest_percentage}%</dd>
            <dt>Fee</dt><dd>${view.fee_percentage}%</dd>
            <dt>Duration</dt><dd>${countOf(view.duration_in_days, 'day')}</dd>
            <dt>Expires</dt><dd>${formatDateTime(preApproval.offer.expires_at)}</dd>
          </dl>`
        : html`<p class="muted">No pre-approval.</p>`
    }
    ${
      pending
        ? html`<div class="notice" role="status" id="pending-pre-approval">
            <p>A pre-approval of ${formatGbp(pending.row.largest_pence)} for ${countOf(pending.validForDays, 'day')} by ${pending.row.requested_by_actor} is waiting for a second operator (asked ${formatDateTime(pending.row.requested_at)}).</p>
            ${
              m.canConfirm
                ? html`<form method="post" action=${`/console/customers/${m.customer.id}/pre-approvals/${pending.row.id}/confirm`}>
                    <${CsrfField} token=${m.csrf} />
                    <button type="submit">Confirm pre-approval</button>
                  </form>`
                : null
            }
          </div>`
        : null
    }
    ${
      m.canUnderwrite
        ? html`<form method="post" action=${`/console/customers/${m.customer.id}/pre-approve`} class="stack" novalidate>
            <${CsrfField} token=${m.csrf} />
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
  </section>`;
}

function FundingsSection({ fundings }: { fundings: CustomerModel['fundings'] }): VNode {
  return html`<section class="card" aria-labelledby="h-fundings">
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
  </section>`;
}

export function customerPage(chrome: Chrome, m: CustomerModel): VNode {
  const { customer } = m;
  const name = customerName(customer.company.registered_company_name, customer.id, customer.company.trading_name);
  return consolePage(
    chrome,
    name,
    html`<h1>${name}</h1>
      <p class="small">Customer ${customer.id} · partner ${customer.partner_id} (${customer.environment})</p>
      <${Notices} notice=${m.notice} problem=${m.problem} />
      <${ErrorSummary} errors=${m.errors} />
      <${BankSection} m=${m} />
      <${PreApprovalSection} m=${m} />
      <${FundingsSection} fundings=${m.fundings} />`,
  );
}
