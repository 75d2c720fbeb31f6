import type { Queryable } from './db.ts';
import type { Environment, Tenant } from '../domain/tenant.ts';
import type { LoanRepayment, RepaymentStatus } from '../domain/loans.ts';
import type { WithdrawalNotice } from '../domain/loan-withdrawal.ts';
import type { OfferRow } from './offers-store.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

/** A loan with its repayments, read in one statement. */
export interface LoanRow {
  id: string;
  partner_id: string;
  environment: Environment;
  customer_id: string;
  application_id: string | null;
  offer_id: string;
  funded_on: string;
  amount_pence: number;
  monthly_rate_bp: number;
  fee_bp: number;
  duration_days: number;
  created_at: Date;
  external_customer_id: string | null;
  company_name: string | null;
  /** Whether the Consumer Credit Act regulated the drawdown (section 23), as judged then. */
  regulated: boolean;
  /** The product of the offer drawn from, for the pages (the customer knows the loan by it). */
  product_type: OfferRow['product_type'];
  repayments: LoanRepayment[];
  /** The customer's notice of withdrawal (section 23), or null. */
  withdrawal: WithdrawalNotice | null;
}

export interface NewLoan {
  id: string;
  customerId: string;
  applicationId: string | null;
  offerId: string;
  fundedOn: string;
  amountPence: number;
  monthlyRateBp: number;
  feeBp: number;
  durationDays: number;
  regulated: boolean;
  now: Date;
}

/** The repayments as one JSON array, in date order, shaped as the domain's LoanRepayment. */
const REPAYMENTS = `COALESCE((SELECT json_agg(json_build_object(
    'date', r.due_date, 'amountPence', r.amount_pence, 'feesPence', r.fees_pence, 'interestPence', r.interest_pence,
    'principalPence', r.principal_pence, 'status', r.status, 'collectedOn', r.collected_on, 'settlement', r.settlement)
    ORDER BY r.due_date) FROM loan_repayments r WHERE r.loan_id = l.id), '[]') AS repayments`;

/** The notice of withdrawal, shaped as the domain's WithdrawalNotice, or null. */
const WITHDRAWAL = `(SELECT json_build_object('noticeGivenOn', w.notice_given_on, 'repaidOn', w.repaid_on)
    FROM loan_withdrawals w WHERE w.loan_id = l.id) AS withdrawal`;

const LOAN_COLUMNS = `l.id, l.partner_id, l.environment, l.customer_id, l.application_id, l.offer_id, l.funded_on, l.amount_pence,
  l.monthly_rate_bp, l.fee_bp, l.duration_days, l.created_at, c.external_customer_id,
  c.company->>'registered_company_name' AS company_name, l.regulated,
  (SELECT o.product_type FROM offers o WHERE o.id = l.offer_id) AS product_type, ${REPAYMENTS}, ${WITHDRAWAL}`;

function repaymentValues(loanId: string, repayments: readonly LoanRepayment[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [loanId];
  const rows = repayments.map((r) => {
    const at = params.length;
    params.push(r.date, r.amountPence, r.feesPence, r.interestPence, r.principalPence, r.status, r.collectedOn, r.settlement);
    return `($1, $${at + 1}::date, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7}::date, $${at + 8})`;
  });
  return {
    sql: `INSERT INTO loan_repayments (loan_id, due_date, amount_pence, fees_pence, interest_pence, principal_pence, status, collected_on, settlement)
          VALUES ${rows.join(', ')}`,
    params,
  };
}

export async function insertLoan(db: Queryable, tenant: Tenant, loan: NewLoan, repayments: readonly LoanRepayment[]): Promise<void> {
  await db.query(
    `INSERT INTO loans (id, partner_id, environment, customer_id, application_id, offer_id, funded_on, amount_pence, monthly_rate_bp, fee_bp, duration_days, created_at, regulated)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      loan.id,
      tenant.partnerId,
      tenant.environment,
      loan.customerId,
      loan.applicationId,
      loan.offerId,
      loan.fundedOn,
      loan.amountPence,
      loan.monthlyRateBp,
      loan.feeBp,
      loan.durationDays,
      loan.now,
      loan.regulated,
    ],
  );
  const insert = repaymentValues(loan.id, repayments);
  await db.query(insert.sql, insert.params);
}

/** One loan with its repayments; confined to `tenant` when given (operators see every tenant). */
export async function findLoan(db: Queryable, tenant: Tenant | null, id: string): Promise<LoanRow | null> {
  const { rows } = tenant
    ? await db.query<LoanRow>(
        `SELECT ${LOAN_COLUMNS} FROM loans l JOIN customers c ON c.id = l.customer_id WHERE l.id = $1 AND l.partner_id = $2 AND l.environment = $3`,
        [id, tenant.partnerId, tenant.environment],
      )
    : await db.query<LoanRow>(`SELECT ${LOAN_COLUMNS} FROM loans l JOIN customers c ON c.id = l.customer_id WHERE l.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks the loan row: collections and settlement of one loan are serialised. */
export async function lockLoan(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT id FROM loans WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0;
}

/** Loans newest first: a customer's (loans_customer), everyone's (loans_created). */
export const LOANS_KEYSET: Keyset = {
  columns: [
    { expr: 'l.created_at', type: 'timestamptz' },
    { expr: 'l.id', type: 'uuid' },
  ],
  order: 'desc',
};

/**
 * Loans in arrears, the most days past due first: by the due date of each loan's oldest missed
 * repayment (loan_repayments_missed, read in its order; a loan's later missed repayments are passed
 * over), then the loan.
 */
export const ARREARS_KEYSET: Keyset = {
  columns: [
    { expr: 'm.due_date', type: 'date' },
    { expr: 'm.loan_id', type: 'uuid' },
  ],
  order: 'asc',
};

/** One page of a customer's loans, newest first. */
export async function listCustomerLoans(db: Queryable, tenant: Tenant, customerId: string, window: PageWindow): Promise<KeysetWindow<LoanRow>> {
  return selectPage(db, LOANS_KEYSET, window, {
    select: LOAN_COLUMNS,
    from: 'loans l JOIN customers c ON c.id = l.customer_id',
    where: ['l.customer_id = $1', 'l.partner_id = $2', 'l.environment = $3'],
    params: [customerId, tenant.partnerId, tenant.environment],
  });
}

/** A loan of the console's lists: with its partner's name and its customer's test clock (the loan's own today), if any. */
export interface OperatorLoanRow extends LoanRow {
  partner_name: string;
  clock_id: string | null;
  clock_frozen_on: string | null;
  clock_reached_at: Date | null;
}

/** What the console's lists read of each loan: the loan, its partner's name, its customer's clock (each by its key). */
const OPERATOR_LOAN = {
  select: `${LOAN_COLUMNS}, p.name AS partner_name, k.id AS clock_id, k.frozen_on AS clock_frozen_on, k.reached_at AS clock_reached_at`,
  joins: 'JOIN customers c ON c.id = l.customer_id JOIN partners p ON p.id = l.partner_id LEFT JOIN test_clocks k ON k.id = c.test_clock_id',
};

/** One page of every tenant's loans (the console), newest first. */
export async function listLoansForOperators(db: Queryable, window: PageWindow): Promise<KeysetWindow<OperatorLoanRow>> {
  return selectPage(db, LOANS_KEYSET, window, { select: OPERATOR_LOAN.select, from: `loans l ${OPERATOR_LOAN.joins}`, where: [], params: [] });
}

/** One page of every tenant's loans in arrears (a missed repayment), the most days past due first. */
export async function listLoansInArrears(db: Queryable, window: PageWindow): Promise<KeysetWindow<OperatorLoanRow>> {
  return selectPage(db, ARREARS_KEYSET, window, {
    select: OPERATOR_LOAN.select,
    from: `loan_repayments m JOIN loans l ON l.id = m.loan_id ${OPERATOR_LOAN.joins}`,
    where: [
      "m.status = 'missed'",
      "NOT EXISTS (SELECT 1 FROM loan_repayments earlier WHERE earlier.loan_id = m.loan_id AND earlier.status = 'missed' AND earlier.due_date < m.due_date)",
    ],
    params: [],
  });
}

export async function setRepaymentStatus(db: Queryable, loanId: string, dueDate: string, status: RepaymentStatus, collectedOn: string | null): Promise<void> {
  await db.query('UPDATE loan_repayments SET status = $3, collected_on = $4::date WHERE loan_id = $1 AND due_date = $2::date', [
    loanId,
    dueDate,
    status,
    collectedOn,
  ]);
}

/** Replaces every repayment of the loan with `repayments` (a settlement rewrites the tail of the schedule). */
export async function replaceRepayments(db: Queryable, loanId: string, repayments: readonly LoanRepayment[]): Promise<void> {
  await db.query('DELETE FROM loan_repayments WHERE loan_id = $1', [loanId]);
  const insert = repaymentValues(loanId, repayments);
  await db.query(insert.sql, insert.params);
}

/** Fundings recorded before loans existed, which have no loan yet (started at boot). */
export async function fundingsWithoutLoan(db: Queryable, limit: number): Promise<{ id: string }[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT f.id FROM fundings f WHERE NOT EXISTS (SELECT 1 FROM loans l WHERE l.id = f.id) ORDER BY f.created_at LIMIT $1',
    [limit],
  );
  return rows;
}
