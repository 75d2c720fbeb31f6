import type { RepaymentSchedule } from '../domain/repayment-schedule.ts';
import { formatDate, formatGbp } from './format.ts';
import { html, type VNode } from './html.ts';
import { TableWrap } from './layout.ts';

/** A repayment schedule as a table, each repayment with its parts and the totals: the portal's offer page and the console's preview. */
export function ScheduleTable({ schedule }: { schedule: RepaymentSchedule }): VNode {
  return html`<${TableWrap} label="Repayment schedule">
    <table id="schedule" class="responsive">
      <caption>Repayments for ${formatGbp(schedule.amountBorrowedPence)} drawn today</caption>
      <thead>
        <tr><th scope="col">Date</th><th scope="col" class="num">Payment</th><th scope="col" class="num">Principal</th><th scope="col" class="num">Interest</th><th scope="col" class="num">Fees</th></tr>
      </thead>
      <tbody>
        ${schedule.repayments.map(
          (r) => html`<tr data-date=${r.date}>
            <td>${formatDate(r.date)}</td>
            <td class="num" data-label="Payment">${formatGbp(r.amountPence)}</td>
            <td class="num" data-label="Principal">${formatGbp(r.principalPence)}</td>
            <td class="num" data-label="Interest">${formatGbp(r.interestPence)}</td>
            <td class="num" data-label="Fees">${formatGbp(r.feesPence)}</td>
          </tr>`,
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td class="num" data-label="Payment" data-total="payable">${formatGbp(schedule.totalPayablePence)}</td>
          <td class="num" data-label="Principal">${formatGbp(schedule.totalPrincipalPence)}</td>
          <td class="num" data-label="Interest">${formatGbp(schedule.totalInterestPence)}</td>
          <td class="num" data-label="Fees">${formatGbp(schedule.totalFeesPence)}</td>
        </tr>
      </tfoot>
    </table>
  </${TableWrap}>`;
}
