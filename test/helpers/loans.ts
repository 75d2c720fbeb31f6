/**
 * Helpers for the loan tests (docs/behaviour.md, section 22): a funded loan through the sandbox
 * routes, and a small seeded generator so generated cases are the same on every run.
 */
import { expect } from 'vitest';
import type { PartnerClient } from './app.ts';
import { offeredBySandbox, selectOffer, type OfferTermsJson } from './lending.ts';

/** A seeded pseudo-random generator (mulberry32): the same cases on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}

/** A selected offer with the given terms, ready to draw from. */
export async function selectedOffer(partner: PartnerClient, terms: OfferTermsJson): Promise<{ customerId: string; applicationId: string; offerId: string }> {
  const made = await offeredBySandbox(partner, [terms], { application: { amount: Math.min(terms.max_amount, 1000) } });
  const offerId = made.offers[0].offer_id;
  await selectOffer(partner, offerId, 'introducer');
  return { customerId: made.customerId, applicationId: made.applicationId, offerId };
}

/** Draws `amount` in the sandbox; returns the funding (= loan) id. */
export async function fund(partner: PartnerClient, offerId: string, amount: number): Promise<string> {
  const res = await partner.post(`/sandbox/offers/${offerId}/fundings`, { data: { amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.funding_id;
}

export const TEN_THOUSAND: OfferTermsJson = {
  product_type: 'business_loan',
  max_amount: 100000,
  monthly_interest_percentage: 3,
  fee_percentage: 2,
  duration_in_days: 120,
};

/** Half-even division of whole numbers, written apart from the service's money.ts (an independent check). */
export function halfEven(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) return q + 1n;
  return q;
}

/**
 * What a withdrawing borrower repays (docs/behaviour.md, section 23), computed apart from the
 * service: pounds drawn plus pounds × monthly percent ÷ 100 × 12 ÷ 365 for each day, to the penny
 * half-even; in pounds.
 */
export function independentWithdrawalAmount(amountPounds: number, monthlyPercent: number, days: number): number {
  const pence = BigInt(Math.round(amountPounds * 100));
  const hundredthsOfPercent = BigInt(Math.round(monthlyPercent * 100));
  const interest = halfEven(pence * hundredthsOfPercent * 12n * BigInt(days), 100n * 100n * 365n);
  return Number(pence + interest) / 100;
}
