import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { Db } from './store/db.ts';
import { anyOperator } from './store/operators-store.ts';
import { getSetting, putSetting, putSettingOnce } from './store/partners-store.ts';
import { createPartner, createToken } from './services/partners.ts';
import { hashToken } from './services/tokens.ts';
import { createOperator } from './services/operators.ts';
import { issueSetupLink, setupLinkUrl } from './services/operator-two-factor.ts';
import { invitationLink, inviteUser } from './services/partner-users.ts';

/** The demo operator of a fresh embedded start (docs/behaviour.md, section 19). */
export const DEMO_OPERATOR = { email: 'operator@example.com', name: 'Demo Operator', role: 'admin' } as const;

/** The demo partner's first dashboard owner, invited on a fresh embedded start (docs/behaviour.md, section 24). */
export const DEMO_DASHBOARD_OWNER = { email: 'owner@example.com', name: 'Demo Owner', role: 'owner' } as const;

/** The setting that names the demo partner's sandbox token printed last (at the first start or by `npm run operator -- demo`). */
export const DEMO_TOKEN_SETTING = 'demo_sandbox_token_id';

export interface Bootstrap {
  adminTokenHash: string | null;
  /** Secrets generated now, to print once; they are stored only as hashes. */
  generated: {
    adminToken?: string;
    demoPartnerId?: string;
    demoSandboxToken?: string;
    demoOperatorPassword?: string;
    /** The demo operator's two-factor set-up link (single use, 72 hours). */
    demoOperatorSetupLink?: string;
    /** The demo owner's invitation to the partner dashboard (single use, 72 hours). */
    demoDashboardInvitation?: string;
  };
}

/**
 * The operator token: ADMIN_TOKEN when set; otherwise (outside production) one generated on the
 * first start and kept as a hash. On a fresh embedded database outside production, a demo partner
 * with a sandbox token is created so `npm start` gives a working API at once.
 */
/** Demo data is for a fresh embedded data directory outside production (docs/behaviour.md, section 15). */
function wantsDemoData(config: Config): boolean {
  return config.databaseUrl === null && !config.production;
}

/** A new operator token (the admin API's), as a first start generates it when ADMIN_TOKEN is unset. */
export function newAdminToken(): string {
  return `adm_${randomBytes(24).toString('base64url')}`;
}

/** The setting naming the demo partner a first start made. */
export const DEMO_PARTNER_SETTING = 'demo_partner_id';

export async function bootstrap(config: Config, db: Db): Promise<Bootstrap> {
  const generated: Bootstrap['generated'] = {};
  let adminTokenHash = config.adminToken ? hashToken(config.adminToken) : await getSetting(db, 'admin_token_hash');
  if (adminTokenHash === null && !config.production) {
    const token = newAdminToken();
    if (await putSettingOnce(db, 'admin_token_hash', hashToken(token))) {
      generated.adminToken = token;
      adminTokenHash = hashToken(token);
    } else {
      adminTokenHash = await getSetting(db, 'admin_token_hash');
    }
  }
  const demo = wantsDemoData(config);
  if (demo && (await getSetting(db, DEMO_PARTNER_SETTING)) === null) {
    const partner = await createPartner({ db, now: () => new Date() }, 'Demo Partner');
    if (await putSettingOnce(db, DEMO_PARTNER_SETTING, partner.partnerId)) {
      const token = await createToken({ db, now: () => new Date() }, partner.partnerId, 'sandbox');
      await putSetting(db, DEMO_TOKEN_SETTING, token.tokenId);
      generated.demoPartnerId = partner.partnerId;
      generated.demoSandboxToken = token.token;
      const invitation = await inviteUser({ db, now: () => new Date() }, { kind: 'system', label: 'first start' }, partner.partnerId, DEMO_DASHBOARD_OWNER);
      generated.demoDashboardInvitation = invitationLink(config.publicBaseUrl, invitation.token);
    }
  }
  if (demo && !(await anyOperator(db)) && (await putSettingOnce(db, 'demo_operator_created', 'true'))) {
    const ctx = { db, now: () => new Date() };
    const created = await createOperator(ctx, { kind: 'system', label: 'first start' }, DEMO_OPERATOR);
    generated.demoOperatorPassword = created.password;
    generated.demoOperatorSetupLink = setupLinkUrl(config.publicBaseUrl, (await issueSetupLink(ctx, created.operator.id)).token);
  }
  return { adminTokenHash, generated };
}

/**
 * The start-up banner: printed to the terminal, never to the logs, once the server listens. What
 * anyone may read first; the secrets shown once last, so that they are the last lines printed
 * before the first request is logged (docs/behaviour.md, section 31).
 */
export function banner(config: Config, boot: Bootstrap): string {
  const base = `${config.publicBaseUrl}/api/lending/v2.2`;
  const lines = [`Lending Partner API listening: ${base}/`, `OpenAPI document: ${base}/openapi.json`];
  lines.push(`Operator console: ${config.publicBaseUrl}/console/login`, `Partner dashboard: ${config.publicBaseUrl}/dashboard/login`);
  if (boot.adminTokenHash === null) lines.push('Admin API disabled: set ADMIN_TOKEN to enable it.');
  const secrets = secretLines(config, boot.generated);
  if (secrets.length > 0) {
    lines.push('', 'Shown once, stored only as hashes: keep them now (lost? stop the server and run `npm run operator -- demo` for new ones):');
    lines.push(...secrets);
  }
  return `\n${lines.join('\n')}\n\n`;
}

/** The secrets generated now, one line each (with a hint line after some), as the banner and `npm run operator -- demo` print them. */
export function secretLines(config: Config, generated: Bootstrap['generated']): string[] {
  const base = `${config.publicBaseUrl}/api/lending/v2.2`;
  const lines: string[] = [];
  const { adminToken, demoPartnerId, demoSandboxToken, demoDashboardInvitation, demoOperatorPassword, demoOperatorSetupLink } = generated;
  if (adminToken) lines.push(`Admin token (shown once, keep it): ${adminToken}`);
  if (demoSandboxToken) {
    lines.push(`Demo partner ${demoPartnerId}, sandbox token (shown once): ${demoSandboxToken}`);
    lines.push(`  Try: curl -H "Authorization: Bearer ${demoSandboxToken}" ${base}/authentication_check/`);
  }
  if (demoDashboardInvitation) {
    lines.push(`Partner dashboard invitation: ${demoDashboardInvitation}`);
    lines.push(`  (the demo partner's owner ${DEMO_DASHBOARD_OWNER.email}: open it once within 72 hours to choose a password and set up two-factor)`);
  }
  if (demoOperatorPassword) {
    lines.push(`Demo operator (admin) ${DEMO_OPERATOR.email}, password (shown once): ${demoOperatorPassword}`);
    if (demoOperatorSetupLink) lines.push(`  Two-factor set-up (single use, within 72 hours): ${demoOperatorSetupLink}`);
  }
  return lines;
}
