import { hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Environment, PartnerPrincipal, Scope } from '../domain/tenant.ts';
import { TOKEN_PREFIXES } from '../domain/token-hint.ts';
import type { Queryable } from '../store/db.ts';
import { findTokenByHash, insertToken } from '../store/partners-store.ts';

/** sha256, hex; one-shot (`crypto.hash`), as it runs on every request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** 192 random bits, prefixed by environment; only its hash (and its last four characters, to tell it apart on the pages) is stored. */
export function generateToken(environment: Environment): string {
  return TOKEN_PREFIXES[environment] + randomBytes(24).toString('base64url');
}

export async function issueToken(
  db: Queryable,
  partnerId: string,
  environment: Environment,
  scopes: Scope[],
  name: string | null = null,
): Promise<{ tokenId: string; token: string }> {
  const token = generateToken(environment);
  const tokenId = randomUUID();
  await insertToken(db, { id: tokenId, partnerId, environment, scopes, hash: hashToken(token), lastFour: token.slice(-4), name });
  return { tokenId, token };
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Resolves bearer tokens to principals. Lookups are cached briefly (a hot path on every request);
 * revocation and suspension clear the cache of the node that made them at once, and reach other
 * nodes within `ttlMs`.
 */
export class TokenResolver {
  readonly #db: Queryable;
  readonly #ttlMs: number;
  readonly #cache = new Map<string, { principal: PartnerPrincipal | null; expires: number }>();

  constructor(db: Queryable, ttlMs = 5_000) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  /**
   * The token's principal (null when unknown or revoked): synchronously when the cache holds the
   * token (most requests), so that the authentication hook settles no promise for them.
   */
  lookup(token: string): PartnerPrincipal | null | Promise<PartnerPrincipal | null> {
    const hash = hashToken(token);
    const now = Date.now();
    const cached = this.#cache.get(hash);
    if (cached && cached.expires > now) return cached.principal;
    return this.#load(hash, now);
  }

  async #load(hash: string, now: number): Promise<PartnerPrincipal | null> {
    const row = await findTokenByHash(this.#db, hash);
    const principal =
      row && row.revoked_at === null && constantTimeEqual(row.token_hash, hash)
        ? {
            partnerId: row.partner_id,
            environment: row.environment,
            scopes: row.scopes,
            tokenId: row.token_id,
            partnerActive: row.partner_status === 'active',
          }
        : null;
    if (this.#cache.size > 10_000) this.#cache.clear();
    this.#cache.set(hash, { principal, expires: now + this.#ttlMs });
    return principal;
  }

  invalidate(): void {
    this.#cache.clear();
  }
}
