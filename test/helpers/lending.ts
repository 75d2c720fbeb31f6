/**
 * Helpers for the lending-core integration tests (decisions, offers, selection, schedules,
 * fundings, operator and sandbox routes, events). Everything goes through the HTTP API except the
 * direct SQL reads used to check what was stored.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createCustomer, type PartnerClient, type TestApp } from './app.ts';

export interface OfferJson {
  offer_id: string;
  offer_type: 'indicative' | 'confirmed';
  product_type: 'flexi_loan' | 'business_loan';
  max_amount: number;
  monthly_interest_percentage: number;
  fee_percentage: number;
  duration: { amount: number; unit: 'days' };
  duration_in_days: number;
  /** On confirmed offers only (docs/behaviour.md, section 23). */
  apr?: number;
  is_suggested: boolean;
  status: string;
  expires_at: string;
  data_requirements: { category: string; actions: { name: string }[] }[];
}

export interface OfferTermsJson {
  product_type: 'flexi_loan' | 'business_loan';
  max_amount: number;
  monthly_interest_percentage: number;
  fee_percentage: number;
  duration_in_days: number;
}

/** Creates an application (201 expected) and returns its id. */
export async function apply(partner: PartnerClient, customerId: string, data: Record<string, unknown> = { amount: 25000 }): Promise<string> {
  const res = await partner.post(`/customers/${customerId}/applications/`, { data });
  if (res.statusCode !== 201) throw new Error(`application create failed: ${res.statusCode} ${res.body}`);
  return res.json().data.application_id;
}

/** A new customer with an open application. */
export async function customerWithApplication(
  partner: PartnerClient,
  options: { customer?: Record<string, unknown>; company?: Record<string, unknown>; application?: Record<string, unknown> } = {},
): Promise<{ customerId: string; applicationId: string }> {
  const customerId = await createCustomer(partner, options.customer ?? {}, options.company ?? {});
  const applicationId = await apply(partner, customerId, options.application ?? { amount: 25000 });
  return { customerId, applicationId };
}

export async function getOffers(partner: PartnerClient, applicationId: string) {
  const res = await partner.get(`/applications/${applicationId}/offers/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { offer_creation_status: string; offers: OfferJson[]; data_requirements: unknown[] };
}

/** A customer whose application the default policy approves (turnover 250,000: limit 50,000 at 3.0 %). */
export async function offeredByPolicy(partner: PartnerClient, options: Parameters<typeof customerWithApplication>[1] = {}) {
  const ids = await customerWithApplication(partner, options);
  const answer = await getOffers(partner, ids.applicationId);
  expect(answer.offer_creation_status).toBe('offers_available');
  return { ...ids, offers: answer.offers };
}

/** A sandbox approval with offers of the given terms (sandbox token required). */
export async function offeredBySandbox(partner: PartnerClient, offers: OfferTermsJson[], options: Parameters<typeof customerWithApplication>[1] = {}) {
  const ids = await customerWithApplication(partner, options);
  const res = await partner.post(`/sandbox/applications/${ids.applicationId}/decision`, { data: { outcome: 'offered', offers } });
  expect(res.statusCode, res.body).toBe(200);
  const answer = await getOffers(partner, ids.applicationId);
  return { ...ids, offers: answer.offers };
}

export async function selectOffer(partner: PartnerClient, offerId: string, entity: 'customer' | 'introducer' = 'customer') {
  const res = await partner.post(`/offers/${offerId}/select/`, { data: { entity_to_contact: entity } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { login_link?: string };
}

export async function latestApplication(partner: PartnerClient, customerId: string) {
  const res = await partner.get(`/customers/${customerId}/applications/latest/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export interface StoredEvent {
  id: string;
  event_type: string;
  payload: Record<string, unknown>;
  partner_id: string;
  environment: string;
  created_at: Date;
}

/** Outbox events about one application (or customer), oldest first. */
export async function eventsFor(t: TestApp, key: { applicationId?: string; customerId?: string }, type?: string): Promise<StoredEvent[]> {
  const { rows } = await t.testDb.db.query<StoredEvent>(
    `SELECT id, event_type, payload, partner_id, environment, created_at FROM outbox_events
      WHERE ($1::text IS NULL OR payload->>'application_id' = $1)
        AND ($2::text IS NULL OR payload->>'customer_id' = $2)
        AND ($3::text IS NULL OR event_type = $3)
      ORDER BY seq`,
    [key.applicationId ?? null, key.customerId ?? null, type ?? null],
  );
  return rows;
}

export async function decisionRows(t: TestApp, applicationId: string) {
  const { rows } = await t.testDb.db.query<{
    id: string;
    decided_by: string;
    policy: string | null;
    inputs: Record<string, unknown> | null;
    outcome: Record<string, unknown>;
  }>('SELECT id, decided_by, policy, inputs, outcome FROM decisions WHERE application_id = $1 ORDER BY created_at, id', [applicationId]);
  return rows;
}

export async function storedStatus(t: TestApp, applicationId: string): Promise<string> {
  const { rows } = await t.testDb.db.query<{ status: string }>('SELECT status FROM applications WHERE id = $1', [applicationId]);
  return rows[0].status;
}

export async function storedOfferStatuses(t: TestApp, applicationId: string): Promise<Record<string, string>> {
  const { rows } = await t.testDb.db.query<{ id: string; status: string }>('SELECT id, status FROM offers WHERE application_id = $1', [applicationId]);
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

/** Puts an application into `status` with direct SQL (for states the API reaches only through long paths). */
export async function forceStatus(t: TestApp, applicationId: string, status: string): Promise<void> {
  await t.testDb.db.query('UPDATE applications SET status = $2 WHERE id = $1', [applicationId, status]);
}

/** Inserts an indicative offer for the customer (what a matched prequalification quote makes). */
export async function insertIndicativeOffer(
  t: TestApp,
  partner: PartnerClient,
  customerId: string,
  applicationId: string | null,
  environment = 'sandbox',
): Promise<string> {
  const id = randomUUID();
  await t.testDb.db.query(
    `INSERT INTO offers (id, partner_id, environment, customer_id, application_id, offer_type, product_type, max_amount_pence,
                         monthly_rate_bp, fee_bp, duration_days, is_suggested, status, expires_at, source, created_at)
     VALUES ($1, $2, $3, $4, $5, 'indicative', 'flexi_loan', 2000000, 300, 0, 365, false, 'available', $6, 'prequalification', $7)`,
    [id, partner.partnerId, environment, customerId, applicationId, new Date(t.clock.now().getTime() + 30 * 86_400_000), t.clock.now()],
  );
  return id;
}

export const DAY_MS = 86_400_000;
