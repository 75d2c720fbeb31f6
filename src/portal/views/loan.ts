/**
 * A loan's page in the portal: a list of small sections, each a component of the one page model,
 * drawn in order. A new part of the page (a withdrawal, say) is one more section in
 * LOAN_PAGE_SECTIONS, with what it needs added to the model.
 */
import type { IsoDate } from '../../domain/dates.ts';
import type { LoanPosition, SettlementQuote } from '../../domain/loans.ts';
import type { LoanRow } from '../../services/loans.ts';
import { formatGbp, PRODUCT_NAMES } from '../../web/format.ts';
import { html, type VNode } from '../../web/html.ts';
import { Page, type Chrome } from '../../web/layout.ts';
import { RepaymentsSection, SettlementSection, StatementSection, SummarySection } from './loan-sections.ts';
import { WithdrawalLoanSection } from './loan-withdrawal.ts';
import type { WithdrawalSectionModel } from '../../services/loan-withdrawal.ts';

export interface SettlementForm {
  /** The "Settle on" field as typed (or, before anything is asked, the first day a figure can be given). */
  input: string;
  /** The first and last days a figure can be asked for (after the last repayment recorded; 28 days ahead at most, and not after the last repayment). */
  earliest: IsoDate | null;
  latest: IsoDate | null;
  figure: SettlementQuote | null;
  error: string | null;
  /** Why no figure can be given from today, in the customer's words (null when one can). */
  unavailable: string | null;
}

export interface LoanPageModel {
  loan: LoanRow;
  position: LoanPosition;
  today: IsoDate;
  lender: string;
  /** For a section whose form changes something. */
  csrfToken: string;
  settlement: SettlementForm;
  /** The right of withdrawal of a regulated loan (section 23), or where it stands. */
  withdrawal: WithdrawalSectionModel;
}

/** One part of the loan page: null when it has nothing to show for this loan. */
export type LoanSection = (m: LoanPageModel) => VNode | null;

export const LOAN_PAGE_SECTIONS: readonly LoanSection[] = [SummarySection, WithdrawalLoanSection, RepaymentsSection, SettlementSection, StatementSection];

export function loanTitle(loan: LoanRow): string {
  return `Your ${PRODUCT_NAMES[loan.product_type].toLowerCase()} of ${formatGbp(loan.amount_pence)}`;
}

export function loanPage(chrome: Chrome, m: LoanPageModel, sections: readonly LoanSection[] = LOAN_PAGE_SECTIONS): VNode {
  const title = loanTitle(m.loan);
  return html`<${Page} chrome=${chrome} title=${title}>
    <p><a href="/portal/loans">Back to your loans</a></p>
    <h1>${title}</h1>
    ${sections.map((section) => section(m))}
  </${Page}>`;
}
