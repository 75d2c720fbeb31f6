/** Notices of withdrawal from regulated loans and their repayment (docs/behaviour.md, section 23). */
import type { Queryable } from './db.ts';

export async function insertWithdrawalNotice(
  db: Queryable,
  notice: { loanId: string; noticeGivenOn: string; givenThrough: 'portal' | 'operator'; givenBy: string | null; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO loan_withdrawals (loan_id, notice_given_on, given_at, given_through, given_by)
     VALUES ($1, $2::date, $3, $4, $5)`,
    [notice.loanId, notice.noticeGivenOn, notice.now, notice.givenThrough, notice.givenBy],
  );
}

/** Records that the withdrawal repayment was made on `repaidOn`. */
export async function setWithdrawalRepaid(
  db: Queryable,
  loanId: string,
  repaid: { repaidOn: string; through: 'operator' | 'sandbox'; now: Date },
): Promise<void> {
  await db.query('UPDATE loan_withdrawals SET repaid_on = $2::date, repaid_at = $3, repaid_through = $4 WHERE loan_id = $1', [
    loanId,
    repaid.repaidOn,
    repaid.now,
    repaid.through,
  ]);
}
