/**
 * Funding accounts (docs/behaviour.md, section 21): where a customer's drawdowns are paid. The
 * whole account number is stored for paying out and never leaves this module: views, audit rows and
 * errors carry the sort code and the last four digits.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { may, type Actor } from '../domain/actors.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import {
  accountNumberEnding,
  expectedAccountNames,
  formatSortCode,
  passesModulusCheck,
  statusFromNameCheck,
  type BankDetails,
} from '../domain/funding-accounts.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { FundingAccountView } from '../schemas/funding-accounts.ts';
import { findCustomer } from '../store/customers-store.ts';
import type { Queryable } from '../store/db.ts';
import {
  findCurrentFundingAccount,
  insertFundingAccount,
  listFundingAccounts,
  replaceCurrentFundingAccount,
  reviewFundingAccount,
  type FundingAccountRow,
} from '../store/funding-accounts-store.ts';
import { actorLabel, appendAudit, audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { contextOfCustomer, wallNow } from './customer-time.ts';
import { payeeNameCheck } from './payee-check.ts';

export function fundingAccountView(row: FundingAccountRow): Static<typeof FundingAccountView> {
  return {
    funding_account_id: row.id,
    account_holder_name: row.account_holder_name,
    sort_code: formatSortCode(row.sort_code),
    account_number_ending: accountNumberEnding(row.account_number),
    name_check: row.name_check,
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/** What an audit row says of an account: never the whole number. */
export function accountSummary(row: FundingAccountRow): Record<string, unknown> {
  return {
    funding_account_id: row.id,
    sort_code: formatSortCode(row.sort_code),
    account_number_ending: accountNumberEnding(row.account_number),
    name_check: row.name_check,
    status: row.status,
  };
}

/**
 * Sets the customer's bank details (already format-checked): the modulus check (400
 * BankDetailsInvalid), the payee name check, then, with the customer locked so that concurrent
 * calls leave one current account, the old account goes to the history and the new one is stored
 * and audited.
 */
export async function putFundingAccount(
  ctx: ServiceContext,
  tenant: Tenant,
  customerId: string,
  details: BankDetails,
  via: 'partner API' | 'customer portal' = 'partner API',
): Promise<FundingAccountRow> {
  const customer = await findCustomer(ctx.db, tenant, customerId);
  if (!customer) throw notFound('customer');
  ctx = await contextOfCustomer(ctx, customer);
  if (!passesModulusCheck(details.sortCode, details.accountNumber)) {
    throw new DomainError(
      'BankDetailsInvalid',
      'account_number and sort_code do not pass the UK modulus check: one of them is mistyped (check both with the customer)',
      { source: { pointer: '/data/account_number' } },
    );
  }
  // The bank's check may take a while: it runs before the transaction, holding no lock.
  const nameCheck = await payeeNameCheck(tenant.environment, {
    accountHolderName: details.accountHolderName,
    sortCode: details.sortCode,
    accountNumber: details.accountNumber,
    expectedNames: expectedAccountNames(customer.company, customer.people),
  });
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (!(await findCustomer(tx, tenant, customerId, true))) throw notFound('customer');
    const previous = await findCurrentFundingAccount(tx, customerId);
    await replaceCurrentFundingAccount(tx, customerId, now);
    const row = await insertFundingAccount(tx, tenant, {
      id: randomUUID(),
      customerId,
      accountHolderName: details.accountHolderName,
      sortCode: details.sortCode,
      accountNumber: details.accountNumber,
      nameCheck,
      status: statusFromNameCheck(nameCheck),
      now,
    });
    await appendAudit(
      tx,
      { kind: 'system', label: via },
      {
        action: 'funding_account.set',
        targetType: 'customer',
        targetId: customerId,
        summary: { partner_id: tenant.partnerId, environment: tenant.environment, ...accountSummary(row), replaced: previous?.id ?? null },
      },
      wallNow(ctx),
    );
    return row;
  });
}

export async function getFundingAccount(ctx: ServiceContext, tenant: Tenant, customerId: string): Promise<FundingAccountRow> {
  if (!(await findCustomer(ctx.db, tenant, customerId))) throw notFound('customer');
  const current = await findCurrentFundingAccount(ctx.db, customerId);
  if (!current) throw notFound('funding account');
  return current;
}

/** The customer's accounts, current first, then those it replaced (the console's history). */
export async function fundingAccountHistory(ctx: ServiceContext, customerId: string): Promise<FundingAccountRow[]> {
  return listFundingAccounts(ctx.db, customerId);
}

/** Where a drawdown is paid: the customer's account, or in the sandbox a simulated one. */
export interface PayoutAccount {
  fundingAccountId: string | null;
  sortCode: string;
  accountEnding: string;
  simulated: boolean;
}

/** The sandbox's simulated account, shown as such. */
export const SIMULATED_ACCOUNT: PayoutAccount = { fundingAccountId: null, sortCode: '000000', accountEnding: '0000', simulated: true };

/**
 * The account a drawdown of the customer is paid into, read in the drawdown's transaction. It must
 * be `verified`: otherwise 400 FundingAccountRequired. In the sandbox a customer without any
 * account is paid to the simulated account (one with an account is held to the same rule as in
 * production, so that a partner can try both).
 */
export async function payoutAccount(tx: Queryable, tenant: Tenant, customerId: string): Promise<PayoutAccount> {
  const current = await findCurrentFundingAccount(tx, customerId);
  if (!current && tenant.environment === 'sandbox') return SIMULATED_ACCOUNT;
  if (current?.status === 'verified') {
    return { fundingAccountId: current.id, sortCode: current.sort_code, accountEnding: accountNumberEnding(current.account_number), simulated: false };
  }
  const why = !current
    ? 'the customer has no funding account: set their bank details first'
    : current.status === 'needs_review'
      ? 'the customer’s funding account is waiting for a review by the lender'
      : 'the customer’s funding account was rejected: set new bank details';
  throw new DomainError('FundingAccountRequired', `funds cannot be paid out: ${why}`, {
    meta: { customer_id: customerId, funding_account_status: current?.status ?? null },
  });
}

/**
 * The lender's review of a `needs_review` account (console "Accept account" / "Reject account";
 * underwriter or admin), audited. Only the customer's current account, and only while it waits.
 */
export async function boReviewFundingAccount(
  ctx: ServiceContext,
  actor: Actor,
  customerId: string,
  accountId: string,
  status: 'verified' | 'rejected',
): Promise<FundingAccountRow> {
  if (!may(actor, 'underwriter')) throw new DomainError('PermissionDenied', 'this needs the underwriter role');
  return audited(
    ctx,
    actor,
    async (_inner, tx) => {
      const current = await findCurrentFundingAccount(tx, customerId, true);
      if (!current || current.id !== accountId) throw new DomainError('InvalidTransition', 'this account is no longer the customer’s current account');
      const reviewed = await reviewFundingAccount(tx, accountId, status, actorLabel(actor), ctx.now());
      if (!reviewed) throw new DomainError('InvalidTransition', `this account is ${current.status}, not waiting for review`);
      return reviewed;
    },
    (row) => ({
      action: status === 'verified' ? 'funding_account.accepted' : 'funding_account.rejected',
      targetType: 'customer',
      targetId: customerId,
      summary: { ...accountSummary(row), from: 'needs_review' },
    }),
  );
}
