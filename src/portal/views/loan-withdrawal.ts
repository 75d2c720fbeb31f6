/**
 * Withdrawal from a regulated loan in the portal (docs/behaviour.md, section 23): the section the
 * loan page shows, and the page that confirms the notice. Plain words: what withdrawing means,
 * what it costs, by when, and how to pay.
 */
import type { WithdrawalSectionModel } from '../../services/loan-withdrawal.ts';
import { WITHDRAWAL_REPAY_DAYS } from '../../domain/credit-regulation.ts';
import { formatDate, formatGbp } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, Notices, Page, type Chrome } from '../../web/layout.ts';
import type { LoanPageModel } from './loan.ts';

type Model<S extends WithdrawalSectionModel['state']> = Extract<WithdrawalSectionModel, { state: S }>;

export function withdrawalPath(loanId: string): string {
  return `/portal/loans/${loanId}/withdrawal`;
}

/** What withdrawing means, before notice is given. */
function Explanation({ m }: { m: Model<'available'> }): VNode {
  return html`<p>
      You can withdraw from this agreement until <strong data-withdrawal="last-day">${formatDate(m.lastDay)}</strong> without giving a reason. This is
      your right under the Consumer Credit Act.
    </p>
    <p>
      If you withdraw, you pay back the ${formatGbp(m.amountDrawnPence)} you drew plus interest of about ${formatGbp(m.dailyInterestPence)} for each
      day you have had it, within ${WITHDRAWAL_REPAY_DAYS} days. There is no fee, and your monthly repayments stop. The interest is worked out once
      for the whole time and rounded to the penny, so the daily figure is approximate.
    </p>
    <dl class="facts">
      <dt>Last day to withdraw</dt><dd>${formatDate(m.lastDay)}</dd>
      <dt>You drew</dt><dd>${formatGbp(m.amountDrawnPence)}</dd>
      <dt>Interest a day</dt><dd data-withdrawal="interest-a-day">about ${formatGbp(m.dailyInterestPence)}</dd>
      <dt>To repay if you paid today</dt><dd data-withdrawal="amount-today">${formatGbp(m.amountTodayPence)}</dd>
    </dl>`;
}

/** After notice: the amount, the day to repay by and how to pay. */
function HowToRepay({ m, lender }: { m: Model<'given'>; lender: string }): VNode {
  return html`<p>You told us on ${formatDate(m.noticeGivenOn)} that you are withdrawing from this agreement.</p>
    <dl class="facts">
      <dt>To repay today</dt><dd data-withdrawal="amount">${formatGbp(m.amountTodayPence)}</dd>
      <dt>Repay by</dt><dd data-withdrawal="repay-by">${formatDate(m.repayBy)}</dd>
      <dt>Your loan reference</dt><dd><code>${m.loanId}</code></dd>
    </dl>
    <h3>How to pay</h3>
    <p>${`Pay ${lender} by bank transfer, quoting your loan reference. ${lender} gives you the account to pay into: if you do not have it, contact ${lender} before you pay.`}</p>
    <p>${`The amount grows by about ${formatGbp(m.dailyInterestPence)} for each day until you repay. Your monthly Direct Debits stop: we do not collect them now. If you do not repay by ${formatDate(m.repayBy)}, you still owe the money and ${lender} will ask you for it.`}</p>`;
}

/** The withdrawal section of the loan page; nothing for a loan with no right of withdrawal. */
export function WithdrawalSection({ m, lender }: { m: WithdrawalSectionModel; lender: string }): VNode | null {
  if (m.state === 'none') return null;
  const heading =
    m.state === 'available' ? 'Your right to withdraw' : m.state === 'ended' ? 'Withdrawal' : m.state === 'given' ? 'You are withdrawing' : 'Withdrawn';
  return html`<section class="card" aria-labelledby="h-withdrawal" id="withdrawal" data-withdrawal-state=${m.state}>
    <h2 id="h-withdrawal">${heading}</h2>
    ${
      m.state === 'available'
        ? html`<${Explanation} m=${m} />
          <p><a class="button secondary" href=${withdrawalPath(m.loanId)}>Withdraw from this agreement</a></p>`
        : null
    }
    ${m.state === 'given' ? html`<${HowToRepay} m=${m} lender=${lender} />` : null}
    ${
      m.state === 'ended'
        ? html`<p>The time to withdraw from this agreement ended on ${formatDate(m.lastDay)}. You can still repay early at any time, for the settlement figure.</p>`
        : null
    }
    ${
      m.state === 'repaid'
        ? html`<p>
            You withdrew from this agreement on ${formatDate(m.noticeGivenOn)} and repaid ${formatGbp(m.paidPence)} on ${formatDate(m.repaidOn)}. You owe
            nothing more on it.
          </p>`
        : null
    }
  </section>`;
}

/** The section as one of the loan page's sections (views/loan.ts). */
export function WithdrawalLoanSection(m: LoanPageModel): VNode | null {
  return WithdrawalSection({ m: m.withdrawal, lender: m.lender });
}

export interface WithdrawalPageModel {
  m: WithdrawalSectionModel;
  lender: string;
  notice: string | null;
  problem: string | null;
  /** Where "Back" leads: the loan's page. */
  backHref: string;
}

/**
 * The page that confirms the notice: the same facts, and the button that gives it. After notice
 * (or when it can no longer be given) it shows where the loan stands.
 */
export function withdrawalPage(chrome: Chrome, csrfToken: string, { m, lender, notice, problem, backHref }: WithdrawalPageModel): VNode {
  return html`<${Page} chrome=${chrome} title="Withdraw from this agreement">
    <p><a href=${backHref}>Back to your loan</a></p>
    <h1>Withdraw from this agreement</h1>
    <${Notices} notice=${notice} problem=${problem} />
    ${
      m.state === 'available'
        ? html`<${Explanation} m=${m} />
          <form method="post" action=${withdrawalPath(m.loanId)} class="stack">
            <${CsrfField} token=${csrfToken} />
            <p>
              When you press the button, you tell us you are withdrawing. You then have until ${formatDate(m.repayBy)} to repay. You cannot undo
              this.
            </p>
            <div><button type="submit">Withdraw from this agreement</button></div>
          </form>`
        : html`<${WithdrawalSection} m=${m} lender=${lender} />`
    }
  </${Page}>`;
}
