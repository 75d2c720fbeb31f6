import type { FundingAccountStatus, NameCheckResult } from '../domain/funding-accounts.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from './db.ts';

export interface FundingAccountRow {
  id: string;
  partner_id: string;
  environment: 'sandbox' | 'production';
  customer_id: string;
  account_holder_name: string;
  sort_code: string;
  /** Kept for paying out; never shown, logged or sent (only its last four digits are). */
  account_number: string;
  name_check: NameCheckResult;
  status: FundingAccountStatus;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  replaced_at: Date | null;
  created_at: Date;
}

export interface FundingAccountInsert {
  id: string;
  customerId: string;
  accountHolderName: string;
  sortCode: string;
  accountNumber: string;
  nameCheck: NameCheckResult;
  status: FundingAccountStatus;
  now: Date;
}

/** Marks the customer's current account (if any) replaced; the caller holds the customer's lock. */
export async function replaceCurrentFundingAccount(db: Queryable, customerId: string, now: Date): Promise<void> {
  await db.query('UPDATE funding_accounts SET replaced_at = $2 WHERE customer_id = $1 AND replaced_at IS NULL', [customerId, now]);
}

export async function insertFundingAccount(db: Queryable, tenant: Tenant, a: FundingAccountInsert): Promise<FundingAccountRow> {
  const { rows } = await db.query<FundingAccountRow>(
    `INSERT INTO funding_accounts (id, partner_id, environment, customer_id, account_holder_name, sort_code, account_number, name_check, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [a.id, tenant.partnerId, tenant.environment, a.customerId, a.accountHolderName, a.sortCode, a.accountNumber, a.nameCheck, a.status, a.now],
  );
  return rows[0];
}

export async function findCurrentFundingAccount(db: Queryable, customerId: string, forUpdate = false): Promise<FundingAccountRow | null> {
  const { rows } = await db.query<FundingAccountRow>(
    `SELECT * FROM funding_accounts WHERE customer_id = $1 AND replaced_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [customerId],
  );
  return rows[0] ?? null;
}

export async function findFundingAccountById(db: Queryable, id: string, forUpdate = false): Promise<FundingAccountRow | null> {
  const { rows } = await db.query<FundingAccountRow>(`SELECT * FROM funding_accounts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Every account the customer has had, newest first (the current one, then its history). */
export async function listFundingAccounts(db: Queryable, customerId: string): Promise<FundingAccountRow[]> {
  const { rows } = await db.query<FundingAccountRow>('SELECT * FROM funding_accounts WHERE customer_id = $1 ORDER BY created_at DESC, id', [customerId]);
  return rows;
}

/** An operator's review of a needs_review account; answers the row, or null when it was not waiting. */
export async function reviewFundingAccount(
  db: Queryable,
  id: string,
  status: 'verified' | 'rejected',
  reviewedBy: string,
  now: Date,
): Promise<FundingAccountRow | null> {
  const { rows } = await db.query<FundingAccountRow>(
    `UPDATE funding_accounts SET status = $2, reviewed_by = $3, reviewed_at = $4
      WHERE id = $1 AND status = 'needs_review' AND replaced_at IS NULL RETURNING *`,
    [id, status, reviewedBy, now],
  );
  return rows[0] ?? null;
}
