import type { Queryable } from './db.ts';
import type { Environment, Scope, Tenant } from '../domain/tenant.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

export interface TokenRow {
  token_id: string;
  partner_id: string;
  environment: Environment;
  scopes: Scope[];
  revoked_at: Date | null;
  partner_status: 'active' | 'suspended';
}

export async function insertPartner(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('INSERT INTO partners (id, name) VALUES ($1, $2)', [id, name]);
}

export async function findPartner(db: Queryable, id: string): Promise<{ id: string; name: string; status: string } | null> {
  const { rows } = await db.query<{ id: string; name: string; status: string }>('SELECT id, name, status FROM partners WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export interface PartnerRow {
  id: string;
  name: string;
  status: string;
  created_at: Date;
  production_access_at: Date | null;
}

/** Partners newest first (partners_created); a partner's tokens newest first (api_tokens_partner). */
export const PARTNERS_KEYSET: Keyset = {
  columns: [
    { expr: 'created_at', type: 'timestamptz' },
    { expr: 'id', type: 'uuid' },
  ],
  order: 'desc',
};

/** One page of the partners, newest first. */
export async function listPartnersPage(db: Queryable, window: PageWindow): Promise<KeysetWindow<PartnerRow>> {
  return selectPage(db, PARTNERS_KEYSET, window, { select: 'id, name, status, created_at, production_access_at', from: 'partners', where: [], params: [] });
}

/** Every partner, by name (the partner filters' options: a lender has tens). */
export async function listPartners(db: Queryable): Promise<{ id: string; name: string; status: string; created_at: Date }[]> {
  const { rows } = await db.query<{ id: string; name: string; status: string; created_at: Date }>(
    'SELECT id, name, status, created_at FROM partners ORDER BY name, id',
  );
  return rows;
}

export async function setPartnerStatus(db: Queryable, id: string, status: 'active' | 'suspended'): Promise<boolean> {
  const result = await db.query('UPDATE partners SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
  return result.rowCount > 0;
}

export async function insertToken(
  db: Queryable,
  token: { id: string; partnerId: string; environment: Environment; scopes: Scope[]; hash: string; lastFour: string; name?: string | null },
): Promise<void> {
  await db.query('INSERT INTO api_tokens (id, partner_id, environment, scopes, token_hash, name, last_four) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    token.id,
    token.partnerId,
    token.environment,
    token.scopes,
    token.hash,
    token.name ?? null,
    token.lastFour,
  ]);
}

export async function findTokenByHash(db: Queryable, hash: string): Promise<(TokenRow & { token_hash: string }) | null> {
  const { rows } = await db.query<TokenRow & { token_hash: string }>(
    `SELECT t.id AS token_id, t.partner_id, t.environment, t.scopes, t.revoked_at, t.token_hash,
            p.status AS partner_status
       FROM api_tokens t JOIN partners p ON p.id = t.partner_id
      WHERE t.token_hash = $1`,
    [hash],
  );
  return rows[0] ?? null;
}

/** A token's partner and environment; null for an unknown token. */
export async function findTokenOwner(db: Queryable, tokenId: string): Promise<{ partner_id: string; environment: Environment; revoked: boolean } | null> {
  const { rows } = await db.query<{ partner_id: string; environment: Environment; revoked: boolean }>(
    'SELECT partner_id, environment, revoked_at IS NOT NULL AS revoked FROM api_tokens WHERE id = $1',
    [tokenId],
  );
  return rows[0] ?? null;
}

/** The partner a token belongs to; null for an unknown token. */
export async function findTokenPartnerId(db: Queryable, tokenId: string): Promise<string | null> {
  const { rows } = await db.query<{ partner_id: string }>('SELECT partner_id FROM api_tokens WHERE id = $1', [tokenId]);
  return rows[0]?.partner_id ?? null;
}

export interface PartnerTokenRow {
  id: string;
  /** Given in the dashboard; null for tokens made elsewhere. */
  name: string | null;
  environment: string;
  scopes: string[];
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** Its last four characters (null for a token made before they were kept). */
  last_four: string | null;
}

/** What a list shows of a token (never its hash). */
const TOKEN_COLUMNS = 'id, name, environment, scopes, created_at, revoked_at, last_used_at, last_four';

/** One of the tenant's tokens, revoked ones too (never its hash); null for any other id. */
export async function findTenantToken(db: Queryable, tenant: Tenant, tokenId: string): Promise<PartnerTokenRow | null> {
  const { rows } = await db.query<PartnerTokenRow>(`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE id = $1 AND partner_id = $2 AND environment = $3`, [
    tokenId,
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows[0] ?? null;
}

/** One page of a partner's tokens (of one environment, when given), revoked ones too, newest first (never their hashes). */
export async function listPartnerTokensPage(
  db: Queryable,
  partnerId: string,
  environment: Environment | null,
  window: PageWindow,
): Promise<KeysetWindow<PartnerTokenRow>> {
  return selectPage(db, PARTNERS_KEYSET, window, {
    select: TOKEN_COLUMNS,
    from: 'api_tokens',
    where: environment === null ? ['partner_id = $1'] : ['partner_id = $1', 'environment = $2'],
    params: environment === null ? [partnerId] : [partnerId, environment],
  });
}

/** A partner's tokens, revoked ones too, oldest first (never their hashes). */
export async function listPartnerTokens(db: Queryable, partnerId: string): Promise<PartnerTokenRow[]> {
  const { rows } = await db.query<PartnerTokenRow>(`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE partner_id = $1 ORDER BY created_at, id`, [partnerId]);
  return rows;
}

export async function revokeToken(db: Queryable, tokenId: string): Promise<boolean> {
  const result = await db.query('UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1', [tokenId]);
  return result.rowCount > 0;
}

export interface IntroducerRow {
  id: string;
  name: string;
  email: string;
  is_active: boolean;
}

export async function insertIntroducer(db: Queryable, introducer: Tenant & { id: string; name: string; email: string }): Promise<void> {
  await db.query('INSERT INTO introducers (id, partner_id, environment, name, email) VALUES ($1, $2, $3, $4, $5)', [
    introducer.id,
    introducer.partnerId,
    introducer.environment,
    introducer.name,
    introducer.email,
  ]);
}

export async function listIntroducers(db: Queryable, tenant: Tenant): Promise<IntroducerRow[]> {
  const { rows } = await db.query<IntroducerRow>(
    `SELECT id, name, email, is_active FROM introducers
      WHERE partner_id = $1 AND environment = $2 ORDER BY created_at, id`,
    [tenant.partnerId, tenant.environment],
  );
  return rows;
}

export async function findIntroducer(db: Queryable, tenant: Tenant, id: string): Promise<IntroducerRow | null> {
  const { rows } = await db.query<IntroducerRow>('SELECT id, name, email, is_active FROM introducers WHERE id = $1 AND partner_id = $2 AND environment = $3', [
    id,
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows[0] ?? null;
}

export async function getSetting(db: Queryable, key: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

/** Sets a setting, replacing its value. */
export async function putSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [key, value]);
}

/** Sets a setting only when absent; returns whether this call set it. */
export async function putSettingOnce(db: Queryable, key: string, value: string): Promise<boolean> {
  const result = await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
  return result.rowCount > 0;
}
