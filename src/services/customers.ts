import { randomUUID } from 'node:crypto';
import { DomainError, notFound, validationFailed, type Problem } from '../domain/errors.ts';
import { checkPeople } from '../domain/customer-rules.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Static } from 'typebox';
import type { CustomerDetailsData, CustomerRecord } from '../schemas/customer.ts';
import { isUniqueViolation } from '../store/db.ts';
import {
  findCustomer,
  findCustomerIdByExternalId,
  insertCustomer,
  insertCustomerUnlessQuoted,
  updateCustomer,
  type CustomerRow,
  type CustomerWrite,
} from '../store/customers-store.ts';
import { findLatestApplication } from '../store/applications-store.ts';
import { clockNow } from '../domain/test-clocks.ts';
import { moveApplication } from './application-moves.ts';
import { wallNow, type ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { linkPrequalificationQuote, matchingQuote } from './prequalification.ts';
import { clockForNewCustomer, TEST_CLOCK_POINTER } from './test-clocks.ts';

function toWrite(details: CustomerDetailsData, more: Problem[] = []): CustomerWrite {
  const problems = [...checkPeople(details.people), ...more];
  if (problems.length > 0) throw validationFailed(problems);
  return {
    externalCustomerId: details.external_customer_id ?? null,
    correlationId: details.correlation_id ?? null,
    company: details.company,
    people: details.people,
    testClockId: details.test_clock_id ?? null,
  };
}

/** A test clock named for a production customer (docs/behaviour.md, section 28). */
function clockProblems(tenant: Tenant, details: CustomerDetailsData): Problem[] {
  if (details.test_clock_id === undefined || tenant.environment === 'sandbox') return [];
  return [{ detail: 'test clocks are for sandbox customers only: leave test_clock_id out in production', source: { pointer: TEST_CLOCK_POINTER } }];
}

function duplicate(customerId: string): DomainError {
  return new DomainError('DuplicateCustomer', 'a customer with this external_customer_id already exists', {
    meta: { customer_id: customerId },
  });
}

export async function createCustomer(ctx: ServiceContext, tenant: Tenant, details: CustomerDetailsData): Promise<string> {
  const write = toWrite(details, clockProblems(tenant, details));
  if (write.testClockId) return createOnClock(ctx, tenant, write);
  const id = randomUUID();
  const now = ctx.now();
  // Most customers match no prequalification quote: they are created in one statement, which also
  // says whether a quote exists for their keys. When one does, a usable quote becomes an indicative
  // offer in the same transaction as the customer.
  const keys = { externalCustomerId: write.externalCustomerId, correlationId: write.correlationId };
  let inserted: string | null;
  if (keys.externalCustomerId === null && keys.correlationId === null) {
    inserted = await insertCustomer(ctx.db, tenant, id, write, now);
  } else {
    const first = await insertCustomerUnlessQuoted(ctx.db, tenant, id, write, now);
    inserted = first.id;
    if (first.quoted) {
      const quote = await matchingQuote(ctx.db, tenant, keys, now);
      inserted = await ctx.db.transaction(async (tx) => {
        const created = await insertCustomer(tx, tenant, id, write, now);
        if (created && quote) await linkPrequalificationQuote(tx, tenant, { id: created, ...keys }, now, quote);
        return created;
      });
    }
  }
  if (inserted) return inserted;
  throw await duplicateOf(ctx, tenant, write);
}

/** The unique index refused the external id: the answer names the customer who holds it. */
async function duplicateOf(ctx: ServiceContext, tenant: Tenant, write: CustomerWrite): Promise<DomainError> {
  const existing = await findCustomerIdByExternalId(ctx.db, tenant, write.externalCustomerId as string);
  return duplicate(existing ?? 'unknown');
}

/**
 * A sandbox customer put on a test clock: in one transaction with the clock locked (at most 100
 * customers a clock), created at the clock's time, with a matching prequalification quote's
 * indicative offer as any customer gets one.
 */
async function createOnClock(ctx: ServiceContext, tenant: Tenant, write: CustomerWrite): Promise<string> {
  const id = randomUUID();
  const keys = { externalCustomerId: write.externalCustomerId, correlationId: write.correlationId };
  const inserted = await ctx.db.transaction(async (tx) => {
    const clock = await clockForNewCustomer(tx, tenant, write.testClockId as string);
    const now = clockNow(clock, wallNow(ctx));
    const quote = keys.externalCustomerId !== null || keys.correlationId !== null ? await matchingQuote(tx, tenant, keys, now) : null;
    const created = await insertCustomer(tx, tenant, id, { ...write, testClockId: clock.id }, now);
    if (created && quote) await linkPrequalificationQuote(tx, tenant, { id: created, ...keys }, now, quote);
    return created;
  });
  if (inserted) return inserted;
  throw await duplicateOf(ctx, tenant, write);
}

export async function getCustomer(ctx: ServiceContext, tenant: Tenant, id: string): Promise<CustomerRow> {
  const customer = await findCustomer(ctx.db, tenant, id);
  if (!customer) throw notFound('customer');
  return customer;
}

/**
 * Replaces the customer's details. New data may be what a decision was waiting for, so an
 * `action_required` application moves back to `open` (docs/behaviour.md, section 6).
 */
export async function replaceCustomer(base: ServiceContext, tenant: Tenant, id: string, details: CustomerDetailsData): Promise<CustomerRow> {
  const write = toWrite(details, clockProblems(tenant, details));
  const ctx = await customerContext(base, 'customer', id, tenant);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const updated = await updateCustomer(tx, tenant, id, write, now);
      if (!updated) throw notFound('customer');
      if (write.testClockId && write.testClockId.toLowerCase() !== updated.test_clock_id) {
        throw validationFailed([
          {
            detail: 'a customer is put on a test clock when it is created, and stays on it: send its test_clock_id or none',
            source: { pointer: TEST_CLOCK_POINTER },
          },
        ]);
      }
      const latest = await findLatestApplication(tx, tenant, id, true);
      if (latest && latest.status === 'action_required') {
        await moveApplication(tx, tenant, latest, 'customer_data_changed', now, updated.external_customer_id);
      }
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'customers_external_id') && write.externalCustomerId) {
      const existing = await findCustomerIdByExternalId(ctx.db, tenant, write.externalCustomerId);
      throw duplicate(existing ?? 'unknown');
    }
    throw error;
  }
}

export function customerView(c: CustomerRow): Static<typeof CustomerRecord>['data'] {
  return {
    customer_id: c.id,
    external_customer_id: c.external_customer_id,
    correlation_id: c.correlation_id,
    company: c.company,
    people: c.people,
    test_clock_id: c.test_clock_id,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
