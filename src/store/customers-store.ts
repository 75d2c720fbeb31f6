import { isUniqueViolation, type Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { CompanyData, PersonData } from '../schemas/customer.ts';

export interface CustomerRow {
  id: string;
  partner_id: string;
  environment: string;
  external_customer_id: string | null;
  correlation_id: string | null;
  company: CompanyData;
  people: PersonData[];
  /** The sandbox test clock the customer is on (docs/behaviour.md, section 28), or null. */
  test_clock_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CustomerWrite {
  externalCustomerId: string | null;
  correlationId: string | null;
  company: CompanyData;
  people: PersonData[];
  /** Set at creation only: a customer is put on a test clock when it is created. */
  testClockId?: string | null;
}

/**
 * Inserts the customer unless its external_customer_id is taken in the tenant. The unique index
 * decides, so twenty concurrent duplicates still create exactly one customer.
 * Returns the new id, or null when the external id was taken.
 */
export async function insertCustomer(db: Queryable, tenant: Tenant, id: string, c: CustomerWrite, now: Date = new Date()): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO customers (id, partner_id, environment, external_customer_id, correlation_id, company, people, created_at, updated_at, test_clock_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)
     ON CONFLICT (partner_id, environment, external_customer_id) WHERE external_customer_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      id,
      tenant.partnerId,
      tenant.environment,
      c.externalCustomerId,
      c.correlationId,
      JSON.stringify(c.company),
      JSON.stringify(c.people),
      now,
      c.testClockId ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * The common create in one statement: inserts the customer unless a prequalification quote exists
 * for its external_customer_id or correlation_id (then nothing is inserted and `quoted` is true: the
 * caller checks the quote and creates the customer with its indicative offer in one transaction).
 * `id` is null when nothing was inserted: quoted, or the external id is taken in the tenant (the
 * unique index refuses the row; caught here, outside any transaction). Each key is looked up with an
 * index of its own, and a plain INSERT costs the database less than ON CONFLICT's speculative one.
 */
export async function insertCustomerUnlessQuoted(
  db: Queryable,
  tenant: Tenant,
  id: string,
  c: CustomerWrite,
  now: Date = new Date(),
): Promise<{ id: string | null; quoted: boolean }> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO customers (id, partner_id, environment, external_customer_id, correlation_id, company, people, created_at, updated_at)
       SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::uuid, $6::jsonb, $7::jsonb, $8::timestamptz, $8::timestamptz
        WHERE NOT EXISTS (SELECT 1 FROM prequalification_quotes
                           WHERE partner_id = $2::uuid AND environment = $3::text AND external_customer_id = $4::text)
          AND NOT EXISTS (SELECT 1 FROM prequalification_quotes
                           WHERE correlation_id = $5::uuid AND partner_id = $2::uuid AND environment = $3::text)
       RETURNING id`,
      [id, tenant.partnerId, tenant.environment, c.externalCustomerId, c.correlationId, JSON.stringify(c.company), JSON.stringify(c.people), now],
    );
    return rows.length === 1 ? { id: rows[0].id, quoted: false } : { id: null, quoted: true };
  } catch (error) {
    if (isUniqueViolation(error, 'customers_external_id')) return { id: null, quoted: false };
    throw error;
  }
}

export async function findCustomerIdByExternalId(db: Queryable, tenant: Tenant, externalId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM customers WHERE partner_id = $1 AND environment = $2 AND external_customer_id = $3', [
    tenant.partnerId,
    tenant.environment,
    externalId,
  ]);
  return rows[0]?.id ?? null;
}

export async function findCustomer(db: Queryable, tenant: Tenant, id: string, forUpdate = false): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(
    `SELECT * FROM customers WHERE id = $1 AND partner_id = $2 AND environment = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, tenant.partnerId, tenant.environment],
  );
  return rows[0] ?? null;
}

export async function updateCustomer(db: Queryable, tenant: Tenant, id: string, c: CustomerWrite, now: Date = new Date()): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(
    `UPDATE customers
        SET external_customer_id = $4, correlation_id = $5, company = $6, people = $7, updated_at = $8
      WHERE id = $1 AND partner_id = $2 AND environment = $3
      RETURNING *`,
    [id, tenant.partnerId, tenant.environment, c.externalCustomerId, c.correlationId, JSON.stringify(c.company), JSON.stringify(c.people), now],
  );
  return rows[0] ?? null;
}
