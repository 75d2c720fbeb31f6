/** Partner dashboard users, their invitations and recovery codes, and requests for production access. */
import type { PartnerRole } from '../domain/partner-users.ts';
import type { Queryable } from './db.ts';

export interface PartnerUserRow {
  id: string;
  partner_id: string;
  email: string;
  name: string;
  role: PartnerRole;
  password_hash: string | null;
  totp_secret_enc: string | null;
  totp_last_step: string | null;
  two_factor_enabled_at: Date | null;
  removed_at: Date | null;
  created_at: Date;
  partner_status: 'active' | 'suspended';
}

const USER_COLUMNS = `u.id, u.partner_id, u.email, u.name, u.role, u.password_hash, u.totp_secret_enc,
  u.totp_last_step::text AS totp_last_step, u.two_factor_enabled_at, u.removed_at, u.created_at, p.status AS partner_status`;

export async function insertPartnerUser(
  db: Queryable,
  user: { id: string; partnerId: string; email: string; emailKey: string; name: string; role: PartnerRole; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO partner_users (id, partner_id, email, email_key, name, role, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [user.id, user.partnerId, user.email, user.emailKey, user.name, user.role, user.now],
  );
}

export async function findPartnerUser(db: Queryable, id: string, forUpdate = false): Promise<PartnerUserRow | null> {
  const { rows } = await db.query<PartnerUserRow>(
    `SELECT ${USER_COLUMNS} FROM partner_users u JOIN partners p ON p.id = u.partner_id WHERE u.id = $1${forUpdate ? ' FOR UPDATE OF u' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findPartnerUserByEmail(db: Queryable, emailKey: string): Promise<PartnerUserRow | null> {
  const { rows } = await db.query<PartnerUserRow>(`SELECT ${USER_COLUMNS} FROM partner_users u JOIN partners p ON p.id = u.partner_id WHERE u.email_key = $1`, [
    emailKey,
  ]);
  return rows[0] ?? null;
}

/** A partner's users (removed ones too), oldest first. */
export async function listPartnerUsers(db: Queryable, partnerId: string): Promise<PartnerUserRow[]> {
  const { rows } = await db.query<PartnerUserRow>(
    `SELECT ${USER_COLUMNS} FROM partner_users u JOIN partners p ON p.id = u.partner_id WHERE u.partner_id = $1 ORDER BY u.created_at, u.id`,
    [partnerId],
  );
  return rows;
}

export async function updatePartnerUser(
  db: Queryable,
  id: string,
  change: {
    passwordHash?: string;
    role?: PartnerRole;
    removedAt?: Date;
  },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE partner_users SET
        password_hash = COALESCE($2, password_hash),
        role = COALESCE($3, role),
        removed_at = COALESCE($4, removed_at),
        updated_at = $5
      WHERE id = $1`,
    [id, change.passwordHash ?? null, change.role ?? null, change.removedAt ?? null, now],
  );
}

/**
 * Makes a user invited afresh (a new invitation to someone removed, or who never finished): new
 * name and role, no password, no two-factor, no recovery codes, not removed.
 */
export async function resetPartnerUser(db: Queryable, id: string, change: { name: string; role: PartnerRole }, now: Date): Promise<void> {
  await db.query(
    `UPDATE partner_users SET name = $2, role = $3, password_hash = NULL, totp_secret_enc = NULL,
            totp_last_step = NULL, two_factor_enabled_at = NULL, removed_at = NULL, updated_at = $4
      WHERE id = $1`,
    [id, change.name, change.role, now],
  );
  await db.query('DELETE FROM partner_user_recovery_codes WHERE partner_user_id = $1', [id]);
}

export interface InvitationRow {
  id: string;
  partner_user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertInvitation(
  db: Queryable,
  invitation: { id: string; userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO partner_user_invitations (id, partner_user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    invitation.id,
    invitation.userId,
    invitation.tokenHash,
    invitation.now,
    invitation.expiresAt,
  ]);
}

export async function findInvitation(db: Queryable, tokenHash: string, forUpdate = false): Promise<InvitationRow | null> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT id, partner_user_id, expires_at, used_at FROM partner_user_invitations WHERE token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function markInvitationUsed(db: Queryable, id: string, now: Date): Promise<boolean> {
  const result = await db.query('UPDATE partner_user_invitations SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [id, now]);
  return result.rowCount > 0;
}

/** Ends the user's invitations that are still open (a new one replaces them; removal ends them). */
export async function closeOpenInvitations(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE partner_user_invitations SET expires_at = LEAST(expires_at, $2) WHERE partner_user_id = $1 AND used_at IS NULL', [userId, now]);
}

// --- Production access ---

export interface ProductionAccessRow {
  id: string;
  partner_id: string;
  requested_by: string;
  requester_email: string;
  company_website: string;
  description: string;
  status: 'pending' | 'approved' | 'declined';
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
}

export async function insertProductionAccessRequest(
  db: Queryable,
  request: { id: string; partnerId: string; userId: string; website: string; description: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO production_access_requests (id, partner_id, requested_by, company_website, description, status, requested_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6)`,
    [request.id, request.partnerId, request.userId, request.website, request.description, request.now],
  );
}

/** The partner's requests, newest first. */
export async function listProductionAccessRequests(db: Queryable, partnerId: string): Promise<ProductionAccessRow[]> {
  const { rows } = await db.query<ProductionAccessRow>(
    `SELECT r.id, r.partner_id, r.requested_by, u.email AS requester_email, r.company_website, r.description, r.status,
            r.requested_at, r.decided_at, r.decided_by
       FROM production_access_requests r JOIN partner_users u ON u.id = r.requested_by
      WHERE r.partner_id = $1 ORDER BY r.requested_at DESC, r.id`,
    [partnerId],
  );
  return rows;
}

/** Settles the partner's pending request, if any; returns its id. */
export async function decidePendingRequest(
  db: Queryable,
  partnerId: string,
  status: 'approved' | 'declined',
  decidedBy: string,
  now: Date,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE production_access_requests SET status = $2, decided_by = $3, decided_at = $4
      WHERE partner_id = $1 AND status = 'pending' RETURNING id`,
    [partnerId, status, decidedBy, now],
  );
  return rows[0]?.id ?? null;
}

export async function productionAccessSince(db: Queryable, partnerId: string): Promise<Date | null> {
  const { rows } = await db.query<{ production_access_at: Date | null }>('SELECT production_access_at FROM partners WHERE id = $1', [partnerId]);
  return rows[0]?.production_access_at ?? null;
}

export async function setProductionAccess(db: Queryable, partnerId: string, at: Date | null): Promise<void> {
  await db.query('UPDATE partners SET production_access_at = $2, updated_at = $3 WHERE id = $1', [partnerId, at, at ?? new Date()]);
}
