/**
 * The settings of staff sign-in (docs/behaviour.md, section 29), validated at start with the
 * others: TRUST_PROXY, an https PUBLIC_BASE_URL in production, and single sign-on.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { acrAccepted, roleFromClaim, verifiedEmail } from '../../src/domain/single-sign-on.ts';

const PRODUCTION = { NODE_ENV: 'production', ADMIN_TOKEN: 'a-long-admin-token-123', DASHBOARD_SECRET_KEY: 'k'.repeat(32) };
const OIDC = { OIDC_ISSUER: 'https://lender.okta.com/oauth2/default', OIDC_CLIENT_ID: 'console', OIDC_CLIENT_SECRET: 'a-secret' };

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('sign-in settings', () => {
  it('reads TRUST_PROXY as Fastify takes it: off, true, a hop count, or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
    expect(problems({ TRUST_PROXY: '0' })).toEqual(['TRUST_PROXY as a hop count must be from 1 to 10 (got "0")']);
    expect(problems({ TRUST_PROXY: 'caddy, 10.0.0.0/33' })[0]).toContain('(not: "caddy", "10.0.0.0/33")');
  });

  it('refuses TRUST_PROXY=true in production, naming what to set instead; a hop count or addresses start', () => {
    expect(problems({ ...PRODUCTION, PUBLIC_BASE_URL: 'https://lending.example', TRUST_PROXY: 'TRUE' })).toEqual([
      'TRUST_PROXY=true is refused when NODE_ENV is production: it believes every X-Forwarded-For entry, so a client could choose the address the sign-in throttle and lock-out count. Set TRUST_PROXY to the number of proxies in front of the service (for example 1) or to their addresses and ranges (for example 10.0.0.0/8) instead',
    ]);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: 'https://lending.example', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: 'https://lending.example', TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('refuses an http PUBLIC_BASE_URL in production unless ALLOW_INSECURE_PUBLIC_URL=true; https turns HSTS on', () => {
    expect(problems({ ...PRODUCTION, PUBLIC_BASE_URL: 'http://lending.example' })).toEqual([
      'PUBLIC_BASE_URL must be https when NODE_ENV is production (set ALLOW_INSECURE_PUBLIC_URL=true to serve plain http behind a proxy you trust)',
    ]);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: 'http://lending.example', ALLOW_INSECURE_PUBLIC_URL: 'true' }).httpsOnly).toBe(false);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_BASE_URL: 'https://lending.example' }).httpsOnly).toBe(true);
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:8080' }).httpsOnly).toBe(false);
  });

  it('reads single sign-on: the three settings together, the role claim or map, the provider name', () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig({ ...OIDC, OIDC_ROLE_MAP: 'lending-admins=admin, credit team=underwriter', OIDC_ROLE_CLAIM: 'groups', OIDC_ONLY: 'true' }).oidc).toEqual({
      issuer: OIDC.OIDC_ISSUER,
      clientId: 'console',
      clientSecret: 'a-secret',
      providerName: 'single sign-on',
      roleClaim: 'groups',
      roleMap: { 'lending-admins': 'admin', 'credit team': 'underwriter' },
      only: true,
      sessionMinutes: 60,
      acrValues: null,
    });
    expect(loadConfig({ ...OIDC, OIDC_PROVIDER_NAME: 'Okta' }).oidc).toMatchObject({ providerName: 'Okta', roleClaim: 'roles', roleMap: null, only: false });
    expect(problems({ OIDC_ISSUER: OIDC.OIDC_ISSUER })).toEqual([
      'single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (missing: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    ]);
    expect(problems({ OIDC_ONLY: 'true' })).toEqual(['OIDC_ONLY=true needs single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET']);
    expect(problems({ ...OIDC, OIDC_ROLE_MAP: 'admins=root,=viewer' })).toHaveLength(2);
  });

  it('reads how long a session from the provider lasts (60 minutes unless set) and the acr values to ask for', () => {
    expect(loadConfig({ ...OIDC, OIDC_SESSION_MINUTES: '15', OIDC_ACR_VALUES: 'urn:lender:mfa, phr  urn:lender:mfa' }).oidc).toMatchObject({
      sessionMinutes: 15,
      acrValues: ['urn:lender:mfa', 'phr'],
    });
    expect(problems({ ...OIDC, OIDC_SESSION_MINUTES: '0' })).toEqual(['OIDC_SESSION_MINUTES must be a whole number of minutes from 1 to 720 (got "0")']);
    expect(problems({ ...OIDC, OIDC_SESSION_MINUTES: '721' })).toHaveLength(1);
    expect(problems({ ...OIDC, OIDC_SESSION_MINUTES: '1.5' })).toHaveLength(1);
    expect(problems({ ...OIDC, OIDC_ACR_VALUES: ' , ' })[0]).toContain('OIDC_ACR_VALUES must be');
    expect(problems({ ...OIDC, OIDC_ACR_VALUES: 'urn:"quoted"' })).toHaveLength(1);
  });

  it("checks the ID token's acr against those asked for, and any when none is asked", () => {
    expect(acrAccepted({ acr: 'urn:lender:mfa' }, ['phr', 'urn:lender:mfa'])).toBe(true);
    expect(acrAccepted({ acr: 'urn:lender:password' }, ['urn:lender:mfa'])).toBe(false);
    expect(acrAccepted({}, ['urn:lender:mfa'])).toBe(false);
    expect(acrAccepted({ acr: ['urn:lender:mfa'] }, ['urn:lender:mfa'])).toBe(false);
    expect(acrAccepted({}, null)).toBe(true);
  });

  it('accepts an http issuer only on a loopback address outside production', () => {
    for (const issuer of ['http://127.0.0.1:4000', 'http://localhost:4000/realms/x', 'http://[::1]:4000'])
      expect(problems({ ...OIDC, OIDC_ISSUER: issuer })).toEqual([]);
    const refused = 'OIDC_ISSUER must be https (http only on a loopback address, outside production)';
    expect(problems({ ...OIDC, OIDC_ISSUER: 'http://idp.lender.example' })).toEqual([refused]);
    expect(problems({ ...PRODUCTION, PUBLIC_BASE_URL: 'https://lending.example', ...OIDC, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toEqual([refused]);
    expect(problems({ ...OIDC, OIDC_ISSUER: 'not a url' })).toEqual(['OIDC_ISSUER must be a URL (got "not a url")']);
  });

  it('takes the highest role of the claim, or of the groups the map names, and only a verified email', () => {
    expect(roleFromClaim('underwriter', null)).toBe('underwriter');
    expect(roleFromClaim(['viewer', 'admin', 'superuser'], null)).toBe('admin');
    expect(roleFromClaim(['superuser'], null)).toBeNull();
    expect(roleFromClaim(undefined, null)).toBeNull();
    expect(roleFromClaim(['staff', 'lending-underwriters'], { 'lending-underwriters': 'underwriter', 'lending-viewers': 'viewer' })).toBe('underwriter');
    expect(roleFromClaim('admin', { 'lending-admins': 'admin' })).toBeNull();
    expect(roleFromClaim('toString', { 'lending-admins': 'admin' })).toBeNull();
    expect(verifiedEmail({ email: 'sam@lender.example', email_verified: true })).toBe('sam@lender.example');
    expect(verifiedEmail({ email: 'sam@lender.example', email_verified: 'true' })).toBeNull();
    expect(verifiedEmail({ email: 'sam@lender.example' })).toBeNull();
    expect(verifiedEmail({ email_verified: true })).toBeNull();
  });
});
