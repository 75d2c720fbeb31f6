/**
 * `npm run operator -- demo` (docs/behaviour.md, section 31): the secrets a first start prints once
 * are stored only as hashes, so "again" means new ones, each replacing the one printed before:
 * - the generated admin token (unless ADMIN_TOKEN is set, which is used as it is);
 * - the demo partner's sandbox token; the demo token printed before is revoked (tokens made in the
 *   dashboard or through the admin API are left alone);
 * - the demo owner's dashboard invitation, while the owner has not finished setting up (the earlier
 *   link stops working);
 * - the demo operator's password and two-factor set-up link, while it has not set up two-factor.
 * An account already set up is left as it is, and the answer says so.
 */
import { DEMO_DASHBOARD_OWNER, DEMO_OPERATOR, DEMO_PARTNER_SETTING, DEMO_TOKEN_SETTING, newAdminToken, type Bootstrap } from './bootstrap.ts';
import type { Config } from './config.ts';
import { DomainError } from './domain/errors.ts';
import { findOperatorByEmail, updateOperator } from './store/operators-store.ts';
import { getSetting, putSetting, revokeToken } from './store/partners-store.ts';
import type { ServiceContext } from './services/context.ts';
import { issueSetupLink, setupLinkUrl } from './services/operator-two-factor.ts';
import { generatePassword, hashPassword } from './services/passwords.ts';
import { createToken } from './services/partners.ts';
import { invitationLink, inviteUser } from './services/partner-users.ts';
import { hashToken } from './services/tokens.ts';

export interface DemoSecrets {
  generated: Bootstrap['generated'];
  /** What was not issued again, and why, in words. */
  notes: string[];
}

const COMMAND = { kind: 'system', label: 'command line' } as const;

/** New demo secrets, replacing those printed before; throws when this data has no demo partner. */
export async function reissueDemoSecrets(config: Config, ctx: ServiceContext): Promise<DemoSecrets> {
  const partnerId = await getSetting(ctx.db, DEMO_PARTNER_SETTING);
  if (partnerId === null) {
    throw new Error('there is no demo partner here: it is made on the first start of a fresh embedded data directory (DATA_DIR), outside production');
  }
  const generated: Bootstrap['generated'] = { demoPartnerId: partnerId };
  const notes: string[] = [];
  if (config.adminToken) {
    notes.push('Admin token: the ADMIN_TOKEN you set (unchanged).');
  } else {
    generated.adminToken = newAdminToken();
    await putSetting(ctx.db, 'admin_token_hash', hashToken(generated.adminToken));
  }

  const earlier = await getSetting(ctx.db, DEMO_TOKEN_SETTING);
  if (earlier !== null) await revokeToken(ctx.db, earlier);
  const token = await createToken(ctx, partnerId, 'sandbox');
  await putSetting(ctx.db, DEMO_TOKEN_SETTING, token.tokenId);
  generated.demoSandboxToken = token.token;

  try {
    const invitation = await inviteUser(ctx, COMMAND, partnerId, DEMO_DASHBOARD_OWNER);
    generated.demoDashboardInvitation = invitationLink(config.publicBaseUrl, invitation.token);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'DuplicatePartnerUser')) throw error;
    notes.push(`Partner dashboard: ${DEMO_DASHBOARD_OWNER.email} has set up two-factor already; sign in at ${config.publicBaseUrl}/dashboard/login.`);
  }

  const operator = await findOperatorByEmail(ctx.db, DEMO_OPERATOR.email);
  if (!operator || !operator.active || operator.password_hash === null) {
    notes.push(`Demo operator: ${DEMO_OPERATOR.email} is not an active password operator here; create one with npm run operator -- create.`);
  } else if (operator.two_factor_enabled_at !== null) {
    notes.push(`Demo operator: ${DEMO_OPERATOR.email} has set up two-factor already; sign in at ${config.publicBaseUrl}/console/login.`);
  } else {
    const password = generatePassword();
    await updateOperator(ctx.db, operator.id, { passwordHash: await hashPassword(password) }, ctx.now());
    generated.demoOperatorPassword = password;
    generated.demoOperatorSetupLink = setupLinkUrl(config.publicBaseUrl, (await issueSetupLink(ctx, operator.id)).token);
  }
  return { generated, notes };
}
