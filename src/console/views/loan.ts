/** The console's loan pages: the list (newest first, or in arrears the most days past due first) and one loan with its forms. */
import type { Page } from '../../domain/cursor.ts';
import type { LoanPosition, LoanStatus, SettlementQuote } from '../../domain/loans.ts';
import type { LoanRow } from '../../services/loans.ts';
import type { WithdrawalSectionModel } from '../../services/loan-withdrawal.ts';
import { formatDate, formatDuration, formatGbp, formatLoanApr, formatPercent, PRODUCT_NAMES } from '../../web/format.ts';
import { CheckboxField, ErrorSummary, Field, SelectField, type FieldErrors } from '../../web/forms.ts';
import { html, type VNode } from '../../web/html.ts';
import { CsrfField, TableWrap, type Chrome } from '../../web/layout.ts';
import { Pager } from '../../web/paging.ts';
import { codeAsWords } from '../../domain/decision-words.ts';
import { customerName } from '../../domain/customer-name.ts';
import { consolePage, Notices, pageLinks, shortId } from './common.ts';

const TONES: Record<LoanStatus, string> = { active: 'good', in_arrears: 'bad', settled: 'info', withdrawn: 'warn' };

export function LoanStatusTag({ status }: { status: LoanStatus }): VNode {
  return html`<span class="status" data-tone=${TONES[status]} data-loan-status=${status}>${status.replaceAll('_', ' ')}</span>`;
}

export interface LoanListRow {
  loan: LoanRow;
  /** The loan's position on its own today (a sandbox loan on a test clock: its clock's date). */
  position: LoanPosition;
  partnerName: string;
}

export interface LoanListModel {
  rows: LoanListRow[];
  page: Page<unknown>;
  inArrears: boolean;
  /** Why the link's page was not shown (its cursor refused), or null. */
  refused: string | null;
}

/** The loans across every partner, newest first, or those in arrears, the most days past due first; 50 a page. */
export function loanListPage(chrome: Chrome, m: LoanListModel): VNode {
  return consolePage(chrome, m.inArrears ? 'Loans in arrears' : 'Loans', loanListBody(m));
}

function loanListBody(m: LoanListModel): VNode {
  const { rows, inArrears } = m;
  return html`<h1>Loans</h1>
    <form method="get" action="/console/loans" class="filters">
      <${CheckboxField} name="arrears" label="In arrears" checked=${inArrears} />
      <div><button type="submit" class="secondary">Filter</button></div>
    </form>
    <${Notices} problem=${m.refused} />
    <p class="muted">${inArrears ? 'In arrears, the most days past due first.' : 'Newest first.'} A sandbox loan on a test clock is shown on its clock’s date.</p>
    <${TableWrap} label="Loans">
      <table class="dense responsive" id="loans">
        <thead><tr><th scope="col">Company</th><th scope="col">Loan</th><th scope="col">Partner</th><th scope="col">Funded on</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Left to repay</th><th scope="col">Status</th><th scope="col" class="num">Arrears</th><th scope="col" class="num">Days past due</th><th scope="col">Next repayment</th></tr></thead>
        <tbody>
          ${rows.map(
            ({ loan, position, partnerName }) => html`<tr data-loan-id=${loan.id}>
              <td><a href=${`/console/loans/${loan.id}`}>${customerName(loan.company_name, loan.customer_id)}</a></td>
              <td data-label="Loan">${shortId(loan.id)}</td>
              <td data-label="Partner">${partnerName} (${loan.environment})</td>
              <td data-label="Funded on">${formatDate(loan.funded_on)}</td>
              <td class="num" data-label="Amount">${formatGbp(loan.amount_pence)}</td>
              <td class="num" data-label="Left to repay">${formatGbp(position.balance.totalPence)}</td>
              <td class="nowrap" data-label="Status"><${LoanStatusTag} status=${position.status} /></td>
              <td class="num" data-label="Arrears">${formatGbp(position.arrears.amountPence)}</td>
              <td class="num" data-label="Days past due" data-days-past-due=${position.arrears.daysPastDue}>${position.arrears.daysPastDue}</td>
              <td data-label="Next repayment">${position.nextRepayment ? `${formatGbp(position.nextRepayment.amountPence)} on ${formatDate(position.nextRepayment.date)}` : '–'}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
    <${Pager} page=${pageLinks(m.page)} path="/console/loans" filters=${{ arrears: inArrears ? 'yes' : null }} noun=${inArrears ? ARREARS_NOUN : LOANS_NOUN} />`;
}

const LOANS_NOUN = { one: 'loan', many: 'loans' };
const ARREARS_NOUN = { one: 'loan in arrears', many: 'loans in arrears' };

export interface CollectionForm {
  due_date: string;
  outcome: string;
  collected_on: string;
}

export interface ConsoleLoanModel {
  loan: LoanRow;
  position: LoanPosition;
  partnerName: string;
  csrfToken: string;
  /** Underwriters and admins record outcomes and settlements; viewers only read. */
  canRecord: boolean;
  /** The settlement figure for the first day from the loan's today that can be quoted, or why there is none, in words. */
  figureToday: SettlementQuote | string;
  collection: CollectionForm;
  settleOn: string;
  /** Errors beside the fields of the form that was sent. */
  errors: FieldErrors;
  notice: string | null;
  problem: string | null;
  /** The right of withdrawal of a regulated loan, or where the customer's notice stands (section 23). */
  withdrawal: WithdrawalSectionModel;
}

/** The withdrawal row of the facts: the right while it lasts, the notice, or its repayment. */
function withdrawalWords(w: WithdrawalSectionModel): string | null {
  switch (w.state) {
    case 'none':
      return null;
    case 'available':
      return `Regulated: the customer may withdraw until ${formatDate(w.lastDay)}`;
    case 'ended':
      return `Regulated: the right to withdraw ended on ${formatDate(w.lastDay)}`;
    case 'given':
      return `Notice given on ${formatDate(w.noticeGivenOn)}: repay ${formatGbp(w.amountTodayPence)} today (about ${formatGbp(w.dailyInterestPence)} more a day), by ${formatDate(w.repayBy)}; the Direct Debits stop`;
    case 'repaid':
      return `Withdrawn: notice given on ${formatDate(w.noticeGivenOn)}, ${formatGbp(w.paidPence)} repaid on ${formatDate(w.repaidOn)}`;
  }
}

const OUTCOMES = [
  { value: 'collected', label: 'Collected' },
  { value: 'missed', label: 'Missed' },
];

function Facts({ m }: { m: ConsoleLoanModel }): VNode {
  const { loan, position } = m;
  return html`<section class="card" aria-labelledby="h-loan">
    <h2 id="h-loan">Position</h2>
    <dl class="facts" id="loan-facts">
      <dt>Status</dt><dd><${LoanStatusTag} status=${position.status} /></dd>
      <dt>Product</dt><dd>${PRODUCT_NAMES[loan.product_type]}</dd>
      <dt>Amount</dt><dd>${formatGbp(loan.amount_pence)} funded on ${formatDate(loan.funded_on)}</dd>
      <dt>Terms</dt><dd>${formatPercent(loan.monthly_rate_bp)} a month, fee ${formatPercent(loan.fee_bp)}, over ${formatDuration(loan.duration_days)}</dd>
      <dt>APR</dt><dd data-loan="apr">${formatLoanApr(loan)}</dd>
      <dt>Left to repay</dt><dd data-loan="balance">${formatGbp(position.balance.totalPence)} (principal ${formatGbp(position.balance.principalPence)}, interest ${formatGbp(position.balance.interestPence)}, fees ${formatGbp(position.balance.feesPence)})</dd>
      <dt>Next repayment</dt><dd>${position.nextRepayment ? `${formatGbp(position.nextRepayment.amountPence)} on ${formatDate(position.nextRepayment.date)}` : 'None'}</dd>
      <dt>Arrears</dt><dd data-loan="arrears">${formatGbp(position.arrears.amountPence)}${position.arrears.oldestDueDate ? `, oldest due ${formatDate(position.arrears.oldestDueDate)}` : ''}</dd>
      <dt>Days past due</dt><dd data-loan="days-past-due">${position.arrears.daysPastDue}</dd>
      ${withdrawalWords(m.withdrawal) ? html`<dt>Withdrawal</dt><dd data-loan="withdrawal">${withdrawalWords(m.withdrawal)}</dd>` : null}
    </dl>
  </section>`;
}

function Repayments({ loan }: { loan: LoanRow }): VNode {
  return html`<section aria-labelledby="h-repayments">
    <h2 id="h-repayments">Repayments</h2>
    <${TableWrap} label="Repayments">
      <table class="dense responsive" id="repayments">
        <thead><tr><th scope="col">Due</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Principal</th><th scope="col" class="num">Interest</th><th scope="col" class="num">Fees</th><th scope="col">Status</th><th scope="col">Collected on</th></tr></thead>
        <tbody>
          ${loan.repayments.map(
            (r) => html`<tr data-date=${r.date} data-repayment-status=${r.status}>
              <td class="nowrap">${formatDate(r.date)}</td>
              <td class="num" data-label="Amount">${formatGbp(r.amountPence)}</td>
              <td class="num" data-label="Principal">${formatGbp(r.principalPence)}</td>
              <td class="num" data-label="Interest">${formatGbp(r.interestPence)}</td>
              <td class="num" data-label="Fees">${formatGbp(r.feesPence)}</td>
              <td data-label="Status">${codeAsWords(r.status)}${r.settlement ? ' (settlement)' : ''}</td>
              <td data-label="Collected on">${r.collectedOn ? formatDate(r.collectedOn) : ''}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </${TableWrap}>
  </section>`;
}

function errorsOf(errors: FieldErrors, fields: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

function CollectionSection({ m }: { m: ConsoleLoanModel }): VNode {
  const errors = errorsOf(m.errors, ['due_date', 'outcome', 'collected_on']);
  return html`<section class="card" aria-labelledby="h-collection">
    <h2 id="h-collection">Record a collection</h2>
    <p class="hint">A Direct Debit outcome from the bank's report, as the admin API's collections route records it.</p>
    <${ErrorSummary} errors=${errors} />
    <form method="post" action=${`/console/loans/${m.loan.id}/collections`} class="stack" novalidate>
      <${CsrfField} token=${m.csrfToken} />
      <${Field} name="due_date" label="Due date" type="date" value=${m.collection.due_date} error=${errors.due_date} hint="The repayment's date, from the table above" />
      <${SelectField} name="outcome" label="Outcome" options=${OUTCOMES} value=${m.collection.outcome} error=${errors.outcome} />
      <${Field} name="collected_on" label="Collected on" type="date" value=${m.collection.collected_on} error=${errors.collected_on} hint="When the money arrived, for a collected repayment (the due date when empty)" />
      <div><button type="submit">Record collection</button></div>
    </form>
  </section>`;
}

function SettlementSection({ m }: { m: ConsoleLoanModel }): VNode {
  const errors = errorsOf(m.errors, ['on']);
  const figure = m.figureToday;
  const w = m.withdrawal;
  return html`<section class="card" aria-labelledby="h-settlement">
    <h2 id="h-settlement">Record settlement</h2>
    ${
      w.state === 'given'
        ? html`<p class="hint">The customer gave notice of withdrawal: record the day their withdrawal repayment arrived (the amount drawn and the interest to that day, no fee). The loan is then withdrawn.</p>
          <p id="settlement-today">Withdrawal repayment for today: <strong>${formatGbp(w.amountTodayPence)}</strong>.</p>`
        : html`<p class="hint">The customer paid the settlement figure for the day: the repayments from that day are replaced by the one settlement payment, missed ones are collected with it, and the loan is settled.</p>`
    }
    ${
      w.state === 'given'
        ? null
        : typeof figure === 'string'
          ? html`<p class="muted" id="settlement-today">${figure}</p>`
          : html`<p id="settlement-today">Settlement figure for ${formatDate(figure.on)}: <strong>${formatGbp(figure.amountPence)}</strong> (principal ${formatGbp(figure.principalPence)}, interest ${formatGbp(figure.interestPence)}, fees ${formatGbp(figure.feesPence)}, arrears ${formatGbp(figure.arrearsPence)}${figure.rebatePence > 0 ? `, less the early settlement rebate ${formatGbp(figure.rebatePence)}` : ''}).</p>`
    }
    <${ErrorSummary} errors=${errors} />
    <form method="post" action=${`/console/loans/${m.loan.id}/settlement`} class="stack" novalidate>
      <${CsrfField} token=${m.csrfToken} />
      <${Field} name="on" label="Settled on" type="date" value=${m.settleOn} error=${errors.on} hint="The day the settlement figure was paid" />
      <div><button type="submit">Record settlement</button></div>
    </form>
  </section>`;
}

/** One loan: its position, repayments and (for underwriters, while it is open) its forms. */
export function loanPage(chrome: Chrome, m: ConsoleLoanModel): VNode {
  return consolePage(chrome, loanHeading(m.loan), loanBody(m));
}

/** "Loan of £10,000.00 to Hartley Joinery". */
export function loanHeading(loan: LoanRow): string {
  return `Loan of ${formatGbp(loan.amount_pence)} to ${customerName(loan.company_name, loan.customer_id)}`;
}

function loanBody(m: ConsoleLoanModel): VNode {
  const { loan } = m;
  const open = m.position.status === 'active' || m.position.status === 'in_arrears';
  return html`<p><a href="/console/loans">All loans</a></p>
    <h1>${loanHeading(loan)}</h1>
    <p class="small">Loan ${loan.id} · <a href=${`/console/customers/${loan.customer_id}`}>customer ${shortId(loan.customer_id)}</a>${
      loan.application_id
        ? html` · <a href=${`/console/applications/${loan.application_id}`}>application ${shortId(loan.application_id)}</a>`
        : ' · from a pre-approval'
    } · ${m.partnerName} (${loan.environment})</p>
    <${Notices} notice=${m.notice} problem=${m.problem} />
    <${Facts} m=${m} />
    <${Repayments} loan=${loan} />
    ${m.canRecord && open ? html`<div class="columns">${loan.withdrawal ? null : html`<${CollectionSection} m=${m} />`}<${SettlementSection} m=${m} /></div>` : null}
    <p><a href=${`/console/audit?type=loan&target=${loan.id}`}>Audit log of this loan</a></p>`;
}
