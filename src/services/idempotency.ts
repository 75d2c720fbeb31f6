/**
 * Idempotency keys (docs/behaviour.md, section 16): a request with a key claims it, its answer is kept for
 * 24 hours, and a retry with the same key is answered from what was kept.
 */
import type { Tenant } from '../domain/tenant.ts';
import { claimKey, completeKey, findKey, releaseKey, type KeptAnswer } from '../store/idempotency-store.ts';
import type { ServiceContext } from './context.ts';

export type { KeptAnswer };

export const KEY_TTL_MS = 24 * 3_600_000;
/** A claim older than this whose request never finished (its node stopped) may be taken over. */
export const STALE_CLAIM_MS = 10 * 60_000;

/**
 * Claims `key` for a new request with this fingerprint: true when claimed (a new key, an expired
 * one, or a stale claim taken over); false when another request holds it (read it with findIdempotencyKey).
 */
export async function claimIdempotencyKey(ctx: ServiceContext, tenant: Tenant, key: string, fingerprint: string): Promise<boolean> {
  const now = ctx.now();
  return claimKey(ctx.db, tenant, key, fingerprint, now, new Date(now.getTime() + KEY_TTL_MS), new Date(now.getTime() - STALE_CLAIM_MS));
}

/** What the key holds: its fingerprint, and the answer once its request has answered; null when released meanwhile. */
export async function findIdempotencyKey(ctx: ServiceContext, tenant: Tenant, key: string): Promise<KeptAnswer | null> {
  return findKey(ctx.db, tenant, key);
}

/** Keeps the answer of the request that claimed the key. */
export async function completeIdempotencyKey(
  ctx: ServiceContext,
  tenant: Tenant,
  key: string,
  answer: { status: number; headers: Record<string, string>; body: string },
): Promise<void> {
  await completeKey(ctx.db, tenant, key, answer);
}

/** Forgets a running claim (5xx, 429, or no answer sent): a retry runs again. */
export async function releaseIdempotencyKey(ctx: ServiceContext, tenant: Tenant, key: string): Promise<void> {
  await releaseKey(ctx.db, tenant, key);
}
