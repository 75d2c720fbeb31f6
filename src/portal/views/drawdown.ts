import type { FundingRow, OfferRow } from '../../services/portal.ts';
import { formatDate, formatGbp, formatOfferApr, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { CheckboxField, ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Page, type Chrome } from '../../web/layout.ts';
import { paidToWords } from '../../web/paid-to.ts';

export interface DrawdownModel {
  offer: OfferRow;
  remainingPence: number;
  amountInput: string;
  errors: FieldErrors;
  /** Why funds cannot be drawn now, if they cannot. */
  problem: string | null;
  notice: string | null;
  /** The boxes of docs/behaviour.md, section 23 this drawdown needs, and whether they were ticked. */
  asks: { preContractRead: boolean; businessPurposeDeclared: boolean };
  ticked: { preContractRead: boolean; businessPurposeDeclared: boolean };
  /** Where the money goes (section 21): the current account, and whether a drawdown can be paid now. */
  bank?: BankModel;
}

export interface BankModel {
  account: { holder: string; sortCode: string; ending: string; status: 'verified' | 'needs_review' | 'rejected' } | null;
  environment: string;
  payable: boolean;
  form: BankForm;
  errors: FieldErrors;
}

export interface BankForm {
  account_holder_name: string;
  sort_code: string;
  account_number: string;
}

/** Where the money goes, in words, and the bank details form when they are missing or not usable. */
function BankSection({ bank, action, csrfToken }: { bank: BankModel; action: string; csrfToken: string }): VNode {
  const a = bank.account;
  const where = a ? `${a.sortCode}, account ending ${a.ending}` : '';
  const words = !a
    ? bank.environment === 'sandbox'
      ? 'This is the sandbox: without bank details, funds go to a simulated account. You can give bank details below to try the real flow.'
      : 'Tell us the business bank account we should pay into.'
    : a.status === 'verified'
      ? `We pay into the account held by ${a.holder}: ${where}.`
      : a.status === 'needs_review'
        ? `We are checking the bank details you gave (${where}): the name on the account did not fully match your company's. We pay out once we have checked them, or you can give other details below.`
        : `The name on the account you gave (${where}) does not match your company's, so we cannot pay into it. Give the details of an account held in your company's name.`;
  const showForm = !a || a.status !== 'verified' || Object.keys(bank.errors).length > 0;
  return html`<section class="card" aria-labelledby="h-bank" id="bank-details">
    <h2 id="h-bank">Your bank account</h2>
    <p data-bank-status=${a?.status ?? 'none'}>${words}</p>
    ${
      showForm
        ? html`<${ErrorSummary} errors=${bank.errors} />
          <form method="post" action=${action} class="stack" novalidate>
            <${CsrfField} token=${csrfToken} />
            <${Field} name="account_holder_name" label="Account holder name" hint="As the bank shows it: usually your company's registered name" value=${bank.form.account_holder_name} error=${bank.errors.account_holder_name} autocomplete="off" required=${true} />
            <${Field} name="sort_code" label="Sort code" hint="Six digits, like 12-34-56" value=${bank.form.sort_code} error=${bank.errors.sort_code} inputmode="numeric" autocomplete="off" required=${true} />
            <${Field} name="account_number" label="Account number" hint="Eight digits" value=${bank.form.account_number} error=${bank.errors.account_number} inputmode="numeric" autocomplete="off" required=${true} />
            <div><button type="submit" class=${a?.status === 'verified' ? 'secondary' : undefined}>Save bank details</button></div>
          </form>`
        : html`<details><summary>Pay into another account</summary>
            <form method="post" action=${action} class="stack" novalidate>
              <${CsrfField} token=${csrfToken} />
              <${Field} name="account_holder_name" label="Account holder name" value="" autocomplete="off" required=${true} />
              <${Field} name="sort_code" label="Sort code" value="" inputmode="numeric" autocomplete="off" required=${true} />
              <${Field} name="account_number" label="Account number" value="" inputmode="numeric" autocomplete="off" required=${true} />
              <div><button type="submit" class="secondary">Save bank details</button></div>
            </form></details>`
    }
  </section>`;
}

export function drawdownPage(
  chrome: Chrome,
  csrfToken: string,
  { offer, remainingPence, amountInput, errors, problem, notice, asks, ticked, bank }: DrawdownModel,
): VNode {
  const name = PRODUCT_NAMES[offer.product_type].toLowerCase();
  const payable = bank?.payable ?? true;
  return html`<${Page} chrome=${chrome} title=${offer.pre_approval ? 'Your pre-approval' : 'Draw funds'}>
    ${offer.pre_approval ? html`<p><a href="/portal/">Back to your application</a></p>` : html`<p><a href=${`/portal/offers/${offer.id}`}>Back to the offer</a></p>`}
    ${
      offer.pre_approval
        ? html`<h1>Your pre-approval</h1>
          <p class="lead">You are pre-approved for a flexi loan of up to ${formatGbp(offer.max_amount_pence)}: draw from it without a new application.</p>`
        : html`<h1>Draw funds from your ${name}</h1>`
    }
    ${notice ? html`<div class="notice good" role="status"><p>${notice}</p></div>` : null}
    ${problem ? html`<div class="notice bad" role="alert"><p>${problem}</p></div>` : null}
    <dl class="facts">
      ${offer.pre_approval ? html`<dt>Your limit</dt><dd data-limit>${formatGbp(offer.max_amount_pence)}</dd>` : null}
      ${problem ? null : html`<dt>You can draw up to</dt><dd data-remaining>${formatGbp(remainingPence)}</dd>`}
      ${offer.pre_approval ? html`<dt>Monthly interest</dt><dd>${formatPercent(offer.monthly_rate_bp)}</dd>` : null}
      <dt>Fee</dt><dd>${formatPercent(offer.fee_bp)} of the amount you draw</dd>
      <dt>APR</dt><dd>${formatOfferApr(offer)}</dd>
      ${problem ? null : html`<dt>Open until</dt><dd>${formatDate(offer.expires_at)}</dd>`}
    </dl>
    ${bank && !problem && remainingPence > 0 ? html`<${BankSection} bank=${bank} action=${`/portal/offers/${offer.id}/bank-details`} csrfToken=${csrfToken} />` : null}
    ${
      remainingPence > 0 && !problem && payable
        ? html`<${ErrorSummary} errors=${errors} />
          <form method="post" action=${`/portal/offers/${offer.id}/drawdown`} class="stack" novalidate>
            <${CsrfField} token=${csrfToken} />
            <${Field} name="amount" label="Amount to draw (£)" hint="We pay it to the bank account above" value=${amountInput} error=${errors.amount} inputmode="decimal" required=${true} />
            ${
              asks.preContractRead
                ? html`<p>This credit is regulated by the Consumer Credit Act. Before you draw, read the <a href=${`/portal/offers/${offer.id}/pre-contract`}>Pre-contract information</a>.</p>
                  <${CheckboxField} name="pre_contract_read" label="I have read the pre-contract information" checked=${ticked.preContractRead} error=${errors.pre_contract_read} />`
                : null
            }
            ${
              asks.businessPurposeDeclared
                ? html`<${CheckboxField}
                    name="business_purpose_declared"
                    label="I confirm this credit is wholly or mainly for my business"
                    hint="Credit above £25,000 to a sole trader or a small partnership is outside the Consumer Credit Act only with this declaration. We keep when you gave it."
                    checked=${ticked.businessPurposeDeclared}
                    error=${errors.business_purpose_declared}
                  />`
                : null
            }
            <div><button type="submit">Draw funds</button></div>
          </form>`
        : null
    }
  </${Page}>`;
}

/** The drawdown's confirmation; "Still available to draw" only while more could be drawn on the customer's today (null: nothing). */
export function fundingConfirmationPage(chrome: Chrome, offer: OfferRow, funding: FundingRow, remainingPence: number | null): VNode {
  return html`<${Page} chrome=${chrome} title="Funds drawn">
    <div class="notice good" role="status"><h1>Funds drawn</h1><p>We are paying ${formatGbp(funding.amount_pence)} to your business.</p></div>
    <dl class="facts" id="funding">
      <dt>Amount drawn</dt><dd data-funding="amount">${formatGbp(funding.amount_pence)}</dd>
      <dt>Fee</dt><dd data-funding="fee">${formatGbp(funding.fee_pence)}</dd>
      ${remainingPence === null ? null : html`<dt>Still available to draw</dt><dd data-funding="remaining">${formatGbp(remainingPence)}</dd>`}
      <dt>Paid into</dt><dd data-funding="paid-to">${paidToWords(funding)}</dd>
      <dt>Drawn on</dt><dd>${formatDate(funding.created_at)}</dd>
      <dt>Reference</dt><dd>${funding.id}</dd>
    </dl>
    <p><a href=${`/portal/loans/${funding.id}`}>See this loan and its repayments</a> or <a href="/portal/">go back to your application</a>.</p>
  </${Page}>`;
}
