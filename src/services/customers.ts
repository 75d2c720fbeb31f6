import { randomUUID } from 'node:crypto';
import { DomainError, notFound, validationFailed } from '../domain/errors.ts';
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
import { moveApplication } from './application-moves.ts';
import type { ServiceContext } from './context.ts';
import { linkPrequalificationQuote, matchingQuote } from './prequalification.ts';

function toWrite(details: CustomerDetailsData): CustomerWrite {
  const problems = checkPeople(details.people);
  if (problems.length > 0) throw validationFailed(problems);
  return {
    externalCustomerId: details.external_customer_id ?? null,
    correlationId: details.correlation_id ?? null,
    company: details.company,
    people: details.people,
  };
}

function duplicate(customerId: string): DomainError {
  return new DomainError('DuplicateCustomer', 'a customer with this external_customer_id already exists', {
    meta: { customer_id: customerId },
  });
}

export async function createCustomer(ctx: ServiceContext, tenant: Tenant, details: CustomerDetailsData): Promise<string> {
  const write = toWrite(details);
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
  // The unique index refused the external id: answer with the customer who holds it.
  const existing = await findCustomerIdByExternalId(ctx.db, tenant, write.externalCustomerId as string);
  throw duplicate(existing ?? 'unknown');
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
export async function replaceCustomer(ctx: ServiceContext, tenant: Tenant, id: string, details: CustomerDetailsData): Promise<CustomerRow> {
  const write = toWrite(details);
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const updated = await updateCustomer(tx, tenant, id, write, now);
      if (!updated) throw notFound('customer');
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
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
