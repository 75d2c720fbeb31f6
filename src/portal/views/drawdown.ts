import type { FundingRow, OfferRow } from '../../services/portal.ts';
import { formatDate, formatGbp, formatOfferApr, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { CheckboxField, ErrorSummary, Field, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Page, type Chrome } from '../../web/layout.ts';

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
}

export function drawdownPage(
  chrome: Chrome,
  csrfToken: string,
  { offer, remainingPence, amountInput, errors, problem, notice, asks, ticked }: DrawdownModel,
): VNode {
  const name = PRODUCT_NAMES[offer.product_type].toLowerCase();
  return html`<${Page} chrome=${chrome} title="Draw funds">
    <p><a href=${`/portal/offers/${offer.id}`}>Back to the offer</a></p>
    <h1>Draw funds from your ${name}</h1>
    ${notice ? html`<div class="notice good" role="status"><p>${notice}</p></div>` : null}
    ${problem ? html`<div class="notice bad" role="alert"><p>${problem}</p></div>` : null}
    <dl class="facts">
      <dt>You can draw up to</dt><dd data-remaining>${formatGbp(remainingPence)}</dd>
      <dt>Fee</dt><dd>${formatPercent(offer.fee_bp)} of the amount you draw</dd>
      <dt>APR</dt><dd>${formatOfferApr(offer)}</dd>
      <dt>Open until</dt><dd>${formatDate(offer.expires_at)}</dd>
    </dl>
    ${
      remainingPence > 0 && !problem
        ? html`<${ErrorSummary} errors=${errors} />
          <form method="post" action=${`/portal/offers/${offer.id}/drawdown`} class="stack" novalidate>
            <${CsrfField} token=${csrfToken} />
            <${Field} name="amount" label="Amount to draw (£)" hint="We pay it to your business bank account" value=${amountInput} error=${errors.amount} inputmode="decimal" required=${true} />
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

export function fundingConfirmationPage(chrome: Chrome, offer: OfferRow, funding: FundingRow, remainingPence: number): VNode {
  return html`<${Page} chrome=${chrome} title="Funds drawn">
    <div class="notice good" role="status"><h1>Funds drawn</h1><p>We are paying ${formatGbp(funding.amount_pence)} to your business.</p></div>
    <dl class="facts" id="funding">
      <dt>Amount drawn</dt><dd data-funding="amount">${formatGbp(funding.amount_pence)}</dd>
      <dt>Fee</dt><dd data-funding="fee">${formatGbp(funding.fee_pence)}</dd>
      <dt>Still available to draw</dt><dd data-funding="remaining">${formatGbp(remainingPence)}</dd>
      <dt>Drawn on</dt><dd>${formatDate(funding.created_at)}</dd>
      <dt>Reference</dt><dd>${funding.id}</dd>
    </dl>
    <p><a href=${`/portal/offers/${offer.id}`}>See your repayment schedule</a> or <a href="/portal/">go back to your application</a>.</p>
  </${Page}>`;
}
