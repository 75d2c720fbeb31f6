import type { Queryable } from './db.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { TestClockStatus } from '../domain/test-clocks.ts';

/** A sandbox test clock (docs/behaviour.md, section 28) with how many customers are on it. */
export interface TestClockRow {
  id: string;
  partner_id: string;
  name: string | null;
  frozen_on: string;
  reached_at: Date;
  status: TestClockStatus;
  advance_to: string | null;
  missed: string[];
  created_at: Date;
  deleted_at: Date | null;
  customer_count: number;
}

const CLOCK_COLUMNS = `k.id, k.partner_id, k.name, k.frozen_on, k.reached_at, k.status, k.advance_to, k.missed::text[] AS missed,
  k.created_at, k.deleted_at, (SELECT count(*) FROM customers c WHERE c.test_clock_id = k.id)::int AS customer_count`;

export interface NewTestClock {
  id: string;
  name: string | null;
  frozenOn: string;
  now: Date;
}

/** Serialises the clock creations of one partner (the count of its clocks is checked under it). */
export async function lockPartnerClocks(tx: Queryable, partnerId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('test_clocks:' || $1::text))`, [partnerId]);
}

/** The partner's clocks that are not deleted. */
export async function countLiveClocks(db: Queryable, partnerId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_clocks WHERE partner_id = $1 AND deleted_at IS NULL', [partnerId]);
  return rows[0].n;
}

/** A new clock, ready at its date; queued_at is set, since nothing is to be played yet. */
export async function insertTestClock(db: Queryable, tenant: Tenant, clock: NewTestClock): Promise<TestClockRow> {
  await db.query(
    `INSERT INTO test_clocks (id, partner_id, environment, name, frozen_on, reached_at, status, queued_at, created_at)
     VALUES ($1, $2, $3, $4, $5::date, $6, 'ready', $6, $6)`,
    [clock.id, tenant.partnerId, tenant.environment, clock.name, clock.frozenOn, clock.now],
  );
  return (await findTestClock(db, tenant, clock.id)) as TestClockRow;
}

const TENANT_CLOCK = 'k.id = $1 AND k.partner_id = $2 AND k.environment = $3 AND k.deleted_at IS NULL';

/**
 * One clock of the tenant that is not deleted (locked when asked); null otherwise. Locked, it is
 * read in a statement after the lock's: a statement that waited for the lock reads with the
 * snapshot it started with, so its count would miss the customers put on the clock by the
 * transaction it waited for (and a 101st customer could join).
 */
export async function findTestClock(db: Queryable, tenant: Tenant, id: string, forUpdate = false): Promise<TestClockRow | null> {
  const params = [id, tenant.partnerId, tenant.environment];
  if (forUpdate) {
    const locked = await db.query(`SELECT k.id FROM test_clocks k WHERE ${TENANT_CLOCK} FOR UPDATE`, params);
    if (locked.rows.length === 0) return null;
  }
  const { rows } = await db.query<TestClockRow>(`SELECT ${CLOCK_COLUMNS} FROM test_clocks k WHERE ${TENANT_CLOCK}`, params);
  return rows[0] ?? null;
}

/** What the worker's advance reads of a clock. */
export type AdvancingClockRow = Pick<TestClockRow, 'id' | 'partner_id' | 'frozen_on' | 'status' | 'advance_to' | 'missed' | 'deleted_at'>;

/** A clock by id alone, deleted or not, locked (the worker's advance reads it so). */
export async function lockTestClockAnyTenant(db: Queryable, id: string): Promise<AdvancingClockRow | null> {
  const { rows } = await db.query<AdvancingClockRow>(
    `SELECT id, partner_id, frozen_on, status, advance_to, missed::text[] AS missed, deleted_at FROM test_clocks WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** The clocks' order: the newest first, by the sequence each was made in. */
export const TEST_CLOCKS_KEYSET: Keyset = { columns: [{ expr: 'k.seq', type: 'int8' }], order: 'desc' };

/** One page of the tenant's clocks that are not deleted, newest first, read along the partner's clock index. */
export async function listTestClocks(db: Queryable, tenant: Tenant, window: PageWindow): Promise<KeysetWindow<TestClockRow>> {
  return selectPage(db, TEST_CLOCKS_KEYSET, window, {
    select: CLOCK_COLUMNS,
    from: 'test_clocks k',
    where: ['k.partner_id = $1', 'k.environment = $2', 'k.deleted_at IS NULL'],
    params: [tenant.partnerId, tenant.environment],
  });
}

/** A customer on a clock, as the dashboard names it. */
export interface ClockCustomerRow {
  test_clock_id: string;
  id: string;
  external_customer_id: string | null;
  company_name: string | null;
}

/**
 * The newest `perClock` customers of each of the tenant's clocks named (a clock has at most 100,
 * read along the clocks' customer index).
 */
export async function listClockCustomers(db: Queryable, tenant: Tenant, clockIds: readonly string[], perClock: number): Promise<ClockCustomerRow[]> {
  if (clockIds.length === 0) return [];
  const { rows } = await db.query<ClockCustomerRow>(
    `SELECT k.id AS test_clock_id, c.id, c.external_customer_id, c.company_name
       FROM unnest($1::uuid[]) AS k(id)
       CROSS JOIN LATERAL (
         SELECT c.id, c.external_customer_id, c.company ->> 'registered_company_name' AS company_name
           FROM customers c
          WHERE c.test_clock_id = k.id AND c.partner_id = $2 AND c.environment = $3
          ORDER BY c.created_at DESC, c.id LIMIT $4) c`,
    [clockIds, tenant.partnerId, tenant.environment, perClock],
  );
  return rows;
}

/** Starts an advance: the dispatcher turns the unqueued row into the worker's job. */
export async function startAdvance(db: Queryable, id: string, to: string, missed: readonly string[]): Promise<void> {
  await db.query(`UPDATE test_clocks SET status = 'advancing', advance_to = $2::date, missed = $3::date[], queued_at = NULL WHERE id = $1`, [id, to, missed]);
}

/** Deletes the clock: it stops advancing and is no longer listed; its customers keep its date. */
export async function deleteTestClock(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(`UPDATE test_clocks SET deleted_at = $2, status = 'ready', advance_to = NULL, missed = '{}' WHERE id = $1`, [id, now]);
}

/** The clock is on `day`, reached at `reachedAt` (wall clock); `ready` ends the advance. */
export async function setClockDay(db: Queryable, id: string, day: string, reachedAt: Date, ready: boolean): Promise<void> {
  await db.query(
    `UPDATE test_clocks SET frozen_on = $2::date, reached_at = $3${ready ? `, status = 'ready', advance_to = NULL, missed = '{}'` : ''} WHERE id = $1`,
    [id, day, reachedAt],
  );
}

/**
 * Hands an advance whose job died for good (its retries spent) to the dispatcher again: advancing,
 * queued, and no day played for `stalledMs`. Playing a day is idempotent, so a second job is harmless.
 */
export async function requeueStalledAdvances(db: Queryable, stalledBefore: Date): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE test_clocks SET queued_at = NULL
      WHERE status = 'advancing' AND deleted_at IS NULL AND queued_at < $1 AND reached_at < $1`,
    [stalledBefore],
  );
  return rowCount;
}

// --- The clock of a customer's data ---

/** The clock's time fields, for the services' context. */
export interface ClockTimeRow {
  id: string;
  frozen_on: string;
  reached_at: Date;
}

/** How each kind of record leads to its customer. */
const CUSTOMER_OF = {
  customer: '$1::uuid',
  application: '(SELECT customer_id FROM applications WHERE id = $1)',
  offer: '(SELECT customer_id FROM offers WHERE id = $1)',
  loan: '(SELECT customer_id FROM loans WHERE id = $1)',
  funding: '(SELECT customer_id FROM fundings WHERE id = $1)',
  document: '(SELECT customer_id FROM documents WHERE id = $1)',
} as const;

export type ClockedRecord = keyof typeof CUSTOMER_OF;

/**
 * The test clock of the customer a record belongs to (deleted or not): `found` false when there is
 * no such record, else `clock` null when the customer is on no clock.
 */
export async function findClockOf(db: Queryable, record: ClockedRecord, id: string): Promise<{ found: boolean; clock: ClockTimeRow | null }> {
  const { rows } = await db.query<{ test_clock_id: string | null; frozen_on: string | null; reached_at: Date | null }>(
    `SELECT c.test_clock_id, k.frozen_on, k.reached_at FROM customers c LEFT JOIN test_clocks k ON k.id = c.test_clock_id WHERE c.id = ${CUSTOMER_OF[record]}`,
    [id],
  );
  const row = rows[0];
  if (!row) return { found: false, clock: null };
  if (row.test_clock_id === null) return { found: true, clock: null };
  return { found: true, clock: { id: row.test_clock_id, frozen_on: row.frozen_on as string, reached_at: row.reached_at as Date } };
}

// --- The work of one day on a clock (services/test-clock-days.ts) ---

/** The clock's `offered` applications whose open confirmed offers have all expired by `cutoff`, with when the last of them expired. */
export async function clockApplicationsExpiring(db: Queryable, clockId: string, cutoff: Date): Promise<{ id: string; expired_at: Date }[]> {
  const { rows } = await db.query<{ id: string; expired_at: Date }>(
    `SELECT a.id, max(o.expires_at) AS expired_at
       FROM customers c JOIN applications a ON a.customer_id = c.id
       JOIN offers o ON o.application_id = a.id AND o.offer_type = 'confirmed' AND o.status IN ('available', 'selected')
      WHERE c.test_clock_id = $1 AND a.status = 'offered'
      GROUP BY a.id HAVING max(o.expires_at) <= $2
      ORDER BY max(o.expires_at), a.id`,
    [clockId, cutoff],
  );
  return rows;
}

/** The clock's open applications whose last activity was at or before `cutoff`, oldest first. */
export async function clockApplicationsInactive(db: Queryable, clockId: string, cutoff: Date): Promise<{ id: string; last_activity_at: Date }[]> {
  const { rows } = await db.query<{ id: string; last_activity_at: Date }>(
    `SELECT a.id, a.last_activity_at FROM customers c JOIN applications a ON a.customer_id = c.id
      WHERE c.test_clock_id = $1 AND a.status IN ('open', 'action_required', 'awaiting_underwriter', 'in_underwriting') AND a.last_activity_at <= $2
      ORDER BY a.last_activity_at, a.id`,
    [clockId, cutoff],
  );
  return rows;
}

/**
 * The loans on the clock with a repayment due on or before `day` still scheduled (a day passed over
 * has none), and no notice of withdrawal (its Direct Debits stopped).
 */
export async function clockLoansDue(db: Queryable, clockId: string, day: string): Promise<{ loan_id: string; due_date: string }[]> {
  const { rows } = await db.query<{ loan_id: string; due_date: string }>(
    `SELECT l.id AS loan_id, r.due_date FROM customers c JOIN loans l ON l.customer_id = c.id
       JOIN loan_repayments r ON r.loan_id = l.id AND r.due_date <= $2::date AND r.status = 'scheduled'
      WHERE c.test_clock_id = $1 AND NOT EXISTS (SELECT 1 FROM loan_withdrawals w WHERE w.loan_id = l.id)
      ORDER BY r.due_date, l.created_at, l.id`,
    [clockId, day],
  );
  return rows;
}

/**
 * The days after `after` and on or before `through` on which a scheduled repayment of a loan on the
 * clock (with no notice of withdrawal) falls due: the days an advance may mark as missed.
 */
export async function clockRepaymentDays(db: Queryable, clockId: string, after: string, through: string): Promise<string[]> {
  const { rows } = await db.query<{ due_date: string }>(
    `SELECT DISTINCT r.due_date::text AS due_date FROM customers c JOIN loans l ON l.customer_id = c.id
       JOIN loan_repayments r ON r.loan_id = l.id AND r.due_date > $2::date AND r.due_date <= $3::date AND r.status = 'scheduled'
      WHERE c.test_clock_id = $1 AND NOT EXISTS (SELECT 1 FROM loan_withdrawals w WHERE w.loan_id = l.id)
      ORDER BY 1`,
    [clockId, after, through],
  );
  return rows.map((row) => row.due_date);
}

/** The first day on which each kind of work falls due for a clock's customers (null: none will). */
export interface ClockWorkDays {
  repayment: string | null;
  expiry: string | null;
  inactivity: string | null;
}

/**
 * When the clock's customers next have work: the earliest scheduled repayment (of a loan with no
 * notice of withdrawal), the day an offered application's last open offer expires, and the day an
 * open application reaches `inactivityMs` without activity (each instant's UTC date: a clock's
 * times fall between noon and 22:00 UTC, the same date in London).
 */
export async function nextClockWorkDays(db: Queryable, clockId: string, inactivityMs: number): Promise<ClockWorkDays> {
  const { rows } = await db.query<ClockWorkDays>(
    `SELECT
       (SELECT min(r.due_date) FROM customers c JOIN loans l ON l.customer_id = c.id
          JOIN loan_repayments r ON r.loan_id = l.id AND r.status = 'scheduled'
         WHERE c.test_clock_id = $1 AND NOT EXISTS (SELECT 1 FROM loan_withdrawals w WHERE w.loan_id = l.id)) AS repayment,
       (SELECT min(last_expiry) FROM (
          SELECT (max(o.expires_at) AT TIME ZONE 'UTC')::date AS last_expiry
            FROM customers c JOIN applications a ON a.customer_id = c.id
            JOIN offers o ON o.application_id = a.id AND o.offer_type = 'confirmed' AND o.status IN ('available', 'selected')
           WHERE c.test_clock_id = $1 AND a.status = 'offered' GROUP BY a.id) expiring) AS expiry,
       (SELECT min(((a.last_activity_at + $2 * interval '1 millisecond') AT TIME ZONE 'UTC')::date)
          FROM customers c JOIN applications a ON a.customer_id = c.id
         WHERE c.test_clock_id = $1 AND a.status IN ('open', 'action_required', 'awaiting_underwriter', 'in_underwriting')) AS inactivity`,
    [clockId, inactivityMs],
  );
  return rows[0];
}
