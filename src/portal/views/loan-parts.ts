/** What the list of loans and a loan's page both show: the status, what is owed and when, and a missed payment explained. */
import type { LoanPosition, LoanRepayment, LoanStatus } from '../../domain/loans.ts';
import type { WithdrawalNotice } from '../../domain/loan-withdrawal.ts';
import { formatDate, formatGbp } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { arrearsWords, LOAN_STATUS_WORDS, loanSituation } from '../loan-words.ts';

/** The status in words; under notice of withdrawal (not yet repaid) "Withdrawing" (section 23). */
export function LoanStatusTag({ status, withdrawing = false }: { status: LoanStatus; withdrawing?: boolean }): VNode {
  const words = withdrawing && status !== 'withdrawn' ? { headline: 'Withdrawing', tone: 'info' as const } : LOAN_STATUS_WORDS[status];
  return html`<strong class="status" data-loan-status=${status} data-tone=${words.tone}>${words.headline}</strong>`;
}

/** What is owed, the next repayment and anything missed, as facts (under notice of withdrawal the withdrawal amount replaces the schedule's). */
export function LoanFacts(props: { position: LoanPosition; fundedOn: string; amountPence: number; withdrawing?: boolean }): VNode {
  const { position, fundedOn, amountPence } = props;
  const next = position.nextRepayment;
  return html`<dl class="facts">
    <dt>Borrowed</dt><dd>${formatGbp(amountPence)} on ${formatDate(fundedOn)}</dd>
    ${
      props.withdrawing
        ? null
        : html`<dt>Left to repay</dt><dd data-loan="balance">${formatGbp(position.balance.totalPence)}</dd>
          <dt>Next repayment</dt><dd data-loan="next">${next ? `${formatGbp(next.amountPence)} on ${formatDate(next.date)}` : 'None'}</dd>`
    }
    ${position.arrears.amountPence > 0 ? html`<dt>Missed</dt><dd data-loan="arrears">${formatGbp(position.arrears.amountPence)}</dd>` : null}
  </dl>`;
}

/** Where the loan stands, in one sentence. */
export function LoanSituation(props: {
  position: LoanPosition;
  repayments: readonly LoanRepayment[];
  today: string;
  withdrawal?: WithdrawalNotice | null;
}): VNode {
  return html`<p data-loan="situation">${loanSituation(props.position, props.repayments, props.today, props.withdrawal ?? null)}</p>`;
}

/** A missed payment: what was missed and since when, what to do, what happens otherwise and where help is. */
export function ArrearsNotice(props: {
  position: LoanPosition;
  repayments: readonly LoanRepayment[];
  lender: string;
  headingId: string;
  level?: 2 | 3;
}): VNode | null {
  const words = arrearsWords(props.position, props.repayments, props.lender);
  if (!words) return null;
  const heading = props.level === 3 ? html`<h3 id=${props.headingId}>${words.heading}</h3>` : html`<h2 id=${props.headingId}>${words.heading}</h2>`;
  return html`<section class="notice bad" aria-labelledby=${props.headingId} data-loan="arrears-notice">
    ${heading}
    <p>${words.what}</p>
    <p><strong>What to do</strong></p>
    <ol>${words.steps.map((step) => html`<li>${step}</li>`)}</ol>
    <p>${words.consequences}</p>
    <p>${words.help}</p>
  </section>`;
}
