/** The sections of a loan's page (views/loan.ts), each small and on its own. */
import { formatDate, formatDuration, formatGbp, formatLoanApr, formatPercent } from '../../web/format.ts';
import { ErrorSummary, Field } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { TableWrap } from '../../web/layout.ts';
import { repaymentStatusWords } from '../loan-words.ts';
import type { LoanPageModel } from './loan.ts';
import { ArrearsNotice, LoanFacts, LoanSituation, LoanStatusTag } from './loan-parts.ts';

/** The status, what is owed and when, and a missed payment explained. */
export function SummarySection(m: LoanPageModel): VNode {
  const withdrawing = Boolean(m.loan.withdrawal && !m.loan.withdrawal.repaidOn);
  return html`<section class="card" aria-labelledby="loan-summary-heading">
      <h2 id="loan-summary-heading">Where your loan stands</h2>
      <p><${LoanStatusTag} status=${m.position.status} withdrawing=${withdrawing} /></p>
      <${LoanSituation} position=${m.position} repayments=${m.loan.repayments} today=${m.today} withdrawal=${m.loan.withdrawal} />
      <${LoanFacts} position=${m.position} fundedOn=${m.loan.funded_on} amountPence=${m.loan.amount_pence} withdrawing=${withdrawing} />
      <h3>Your loan's terms</h3>
      <dl class="facts" id="loan-terms">
        <dt>Over</dt><dd>${formatDuration(m.loan.duration_days)}</dd>
        <dt>Monthly interest</dt><dd>${formatPercent(m.loan.monthly_rate_bp)} of what you still owe</dd>
        <dt>Fee</dt><dd>${formatPercent(m.loan.fee_bp)} of what you drew, paid with the first repayment</dd>
        <dt>APR</dt><dd data-term="apr">${formatLoanApr(m.loan)}</dd>
      </dl>
    </section>
    <${ArrearsNotice} position=${m.position} repayments=${m.loan.repayments} lender=${m.lender} headingId="loan-arrears-heading" />`;
}

/** Every repayment with its parts and its status. */
export function RepaymentsSection(m: LoanPageModel): VNode {
  return html`<section aria-labelledby="loan-repayments-heading">
    <h2 id="loan-repayments-heading">Your repayments</h2>
    <${TableWrap} label="Your repayments">
      <table id="repayments" class="responsive">
        <caption class="visually-hidden">Your repayments and their status</caption>
        <thead>
          <tr><th scope="col">Date</th><th scope="col">Status</th><th scope="col" class="num">Payment</th><th scope="col" class="num">Principal</th><th scope="col" class="num">Interest</th><th scope="col" class="num">Fees</th></tr>
        </thead>
        <tbody>
          ${m.loan.repayments.map(
            (r) => html`<tr data-date=${r.date} data-repayment-status=${r.status}>
              <td>${formatDate(r.date)}</td>
              <td class="status-cell" data-label="Status">${repaymentStatusWords(r, m.today, m.loan.withdrawal)}</td>
              <td class="num" data-label="Payment">${formatGbp(r.amountPence)}</td>
              <td class="num" data-label="Principal">${formatGbp(r.principalPence)}</td>
              <td class="num" data-label="Interest">${formatGbp(r.interestPence)}</td>
              <td class="num" data-label="Fees">${formatGbp(r.feesPence)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
  </section>`;
}

/** "Settle on" and "Get settlement figure": the figure that pays the loan off on a day. */
export function SettlementSection(m: LoanPageModel): VNode | null {
  const { settlement, loan } = m;
  // Under notice of withdrawal the withdrawal section says what to repay instead.
  if (m.position.status === 'settled' || m.position.status === 'withdrawn' || m.loan.withdrawal) return null;
  if (!settlement.latest || !settlement.earliest) {
    // No day can be quoted: say why rather than leave the customer looking for the form.
    return settlement.unavailable
      ? html`<section class="card" aria-labelledby="settle-heading" id="settle">
          <h2 id="settle-heading">Pay off your loan early</h2>
          <p data-settlement="unavailable">${settlement.unavailable}</p>
        </section>`
      : null;
  }
  const errors = settlement.error ? { on: settlement.error } : {};
  const figure = settlement.figure;
  return html`<section class="card" aria-labelledby="settle-heading" id="settle">
    <h2 id="settle-heading">Pay off your loan early</h2>
    <p>You can pay off the whole loan at any time. You pay what is left of the amount you borrowed, interest up to that day only, and anything missed.</p>
    <${ErrorSummary} errors=${errors} />
    <form method="get" action=${`/portal/loans/${loan.id}#settle`} class="stack" novalidate>
      <${Field} name="on" label="Settle on" type="date" value=${settlement.input} error=${settlement.error ?? undefined} hint=${`A date from ${formatDate(settlement.earliest)} to ${formatDate(settlement.latest)}`} />
      <div><button type="submit" class="secondary">Get settlement figure</button></div>
    </form>
    ${
      figure
        ? html`<div role="status" id="settlement-figure">
            <p class="lead">To pay off your loan on ${formatDate(figure.on)}, pay <strong data-settlement="amount">${formatGbp(figure.amountPence)}</strong>.</p>
            <dl class="facts">
              <dt>Amount borrowed still to repay</dt><dd data-settlement="principal">${formatGbp(figure.principalPence)}</dd>
              <dt>Interest to that day</dt><dd data-settlement="interest">${formatGbp(figure.interestPence)}</dd>
              <dt>Fees</dt><dd data-settlement="fees">${formatGbp(figure.feesPence)}</dd>
              ${figure.arrearsPence > 0 ? html`<dt>Missed repayments</dt><dd data-settlement="arrears">${formatGbp(figure.arrearsPence)}</dd>` : null}
              ${figure.rebatePence > 0 ? html`<dt>Taken off for paying early</dt><dd data-settlement="rebate">−${formatGbp(figure.rebatePence)}</dd>` : null}
            </dl>
            ${
              figure.rebatePence > 0
                ? html`<p>
                    The Consumer Credit Act limits what you pay to settle early, so ${formatGbp(figure.rebatePence)} is taken off what you would
                    otherwise pay.
                  </p>`
                : null
            }
            <p>This figure is for payment on ${formatDate(figure.validUntil)} only: interest is charged daily, so each day has its own figure. To pay off your loan, contact ${m.lender} and we will tell you how to pay.</p>
          </div>`
        : null
    }
  </section>`;
}

/** The statement PDF: the same document as the partner API's. */
export function StatementSection(m: LoanPageModel): VNode {
  return html`<section aria-labelledby="statement-heading">
    <h2 id="statement-heading">Your statement</h2>
    <p>Your loan's terms, every repayment with its status, what is left to repay and anything missed, as a PDF.</p>
    <p><a href=${`/portal/loans/${m.loan.id}/statement.pdf`} download>Download statement (PDF)</a></p>
  </section>`;
}
