import type { LoanPosition } from '../../domain/loans.ts';
import type { LoanRow } from '../../services/loans.ts';
import { formatGbp, PRODUCT_NAMES } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { Page, type Chrome } from '../../web/layout.ts';
import { ArrearsNotice, LoanFacts, LoanSituation, LoanStatusTag } from './loan-parts.ts';

export interface LoanListItem {
  loan: LoanRow;
  position: LoanPosition;
}

function LoanCard({ item, lender, today }: { item: LoanListItem; lender: string; today: string }): VNode {
  const { loan, position } = item;
  const withdrawing = Boolean(loan.withdrawal && !loan.withdrawal.repaidOn);
  const headingId = `loan-${loan.id}`;
  const name = `${PRODUCT_NAMES[loan.product_type]} of ${formatGbp(loan.amount_pence)}`;
  return html`<section class="card" aria-labelledby=${headingId} data-loan-id=${loan.id}>
    <h2 id=${headingId}>${name}</h2>
    <p><${LoanStatusTag} status=${position.status} withdrawing=${withdrawing} /></p>
    <${LoanSituation} position=${position} repayments=${loan.repayments} today=${today} withdrawal=${loan.withdrawal} />
    <${LoanFacts} position=${position} fundedOn=${loan.funded_on} amountPence=${loan.amount_pence} withdrawing=${withdrawing} />
    <${ArrearsNotice} position=${position} repayments=${loan.repayments} lender=${lender} headingId=${`${headingId}-arrears`} level=${3} />
    <div class="actions"><a class="button" href=${`/portal/loans/${loan.id}`}>View your ${name.toLowerCase()}</a></div>
  </section>`;
}

/** "Your loans": each loan with what is owed, the next repayment and anything missed, newest first. */
export function loansPage(chrome: Chrome, items: LoanListItem[], today: string): VNode {
  return html`<${Page} chrome=${chrome} title="Your loans">
    <h1>Your loans</h1>
    ${
      items.length === 0
        ? html`<p class="lead">You have no loans with ${chrome.lender} yet. When you draw funds from an offer, the loan appears here with its repayments.</p>`
        : html`<p class="lead">What you owe and when. Repayments are collected by Direct Debit on their dates.</p>
          ${items.map((item) => html`<${LoanCard} item=${item} lender=${chrome.lender} today=${today} />`)}`
    }
  </${Page}>`;
}
