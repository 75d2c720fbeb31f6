/**
 * The settings of staff sign-in (docs/behaviour.md, section 29), read with the others by
 * config.ts: which proxies' X-Forwarded-For is believed, and single sign-on through the lender's
 * OpenID Provider.
 */
import { isIP } from 'node:net';
import type { OperatorRole } from './domain/actors.ts';
import { OIDC_SESSION, type OidcConfig } from './domain/single-sign-on.ts';

export type { OidcConfig };

/** false (no proxy), true (any peer), a hop count, or addresses and ranges, as Fastify's trustProxy takes them. */
export type TrustProxy = boolean | number | string[];

const STAFF_ROLES: readonly string[] = ['viewer', 'underwriter', 'admin'];

/** proxy-addr's names for ranges, beside addresses and CIDR ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry) || isIP(entry) !== 0) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (rest.length > 0 || version === 0 || !/^\d{1,3}$/.test(bits ?? '')) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or `false`, `true`, a hop count (1 to 10), or addresses and ranges separated
 * by commas. `true` is refused in production (section 31): it believes every X-Forwarded-For
 * entry, so a client behind a proxy that appends to the header names its own address to the
 * sign-in throttle and the lock-out.
 */
export function readTrustProxy(raw: string | null, problems: string[], production: boolean): TrustProxy {
  if (raw === null || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') {
    if (!production) return true;
    problems.push(
      'TRUST_PROXY=true is refused when NODE_ENV is production: it believes every X-Forwarded-For entry, so a client could choose the address the sign-in throttle and lock-out count. Set TRUST_PROXY to the number of proxies in front of the service (for example 1) or to their addresses and ranges (for example 10.0.0.0/8) instead',
    );
    return false;
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
    problems.push(`TRUST_PROXY as a hop count must be from 1 to 10 (got "${raw}")`);
    return false;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length === 0) return entries;
  problems.push(
    `TRUST_PROXY must be true, false, a hop count, or addresses and ranges (10.0.0.0/8, loopback, ...) separated by commas (not: ${wrong.map((w) => `"${w}"`).join(', ')})`,
  );
  return false;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** OIDC_ROLE_MAP: `claim value=role` pairs separated by commas. */
function readRoleMap(raw: string, problems: string[]): Record<string, OperatorRole> {
  const map: Record<string, OperatorRole> = {};
  for (const pair of raw.split(',').map((p) => p.trim())) {
    const at = pair.lastIndexOf('=');
    const value = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at <= 0 || value.length === 0 || !STAFF_ROLES.includes(role)) {
      problems.push(`OIDC_ROLE_MAP must be pairs like "lending-admins=admin" separated by commas, each role viewer, underwriter or admin (not: "${pair}")`);
      continue;
    }
    map[value] = role as OperatorRole;
  }
  return map;
}

/** OIDC_SESSION_MINUTES: whole minutes from 1 to 720, 60 when unset. */
function readSessionMinutes(raw: string | null, problems: string[]): number {
  if (raw === null) return OIDC_SESSION.defaultMinutes;
  const minutes = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (minutes >= OIDC_SESSION.minMinutes && minutes <= OIDC_SESSION.maxMinutes) return minutes;
  problems.push(`OIDC_SESSION_MINUTES must be a whole number of minutes from ${OIDC_SESSION.minMinutes} to ${OIDC_SESSION.maxMinutes} (got "${raw}")`);
  return OIDC_SESSION.defaultMinutes;
}

/** OIDC_ACR_VALUES: authentication context class references separated by spaces or commas; null when unset. */
function readAcrValues(raw: string | null, problems: string[]): string[] | null {
  if (raw === null) return null;
  const values = raw.split(/[\s,]+/).filter((value) => value.length > 0);
  const wrong = values.filter((value) => value.length > 200 || !/^[\x21-\x7e]+$/.test(value) || value.includes('"') || value.includes('\\'));
  if (values.length === 0 || wrong.length > 0) {
    problems.push('OIDC_ACR_VALUES must be one or more authentication context classes (such as "urn:lender:mfa" or "phr") separated by spaces or commas');
    return null;
  }
  return [...new Set(values)];
}

/** The single sign-on settings; null when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all unset. */
export function readOidc(env: NodeJS.ProcessEnv, read: { production: boolean; bool: (name: string) => boolean }, problems: string[]): OidcConfig | null {
  const value = (name: string): string | null => (env[name] === undefined || env[name] === '' ? null : (env[name] as string));
  const issuer = value('OIDC_ISSUER');
  const clientId = value('OIDC_CLIENT_ID');
  const clientSecret = value('OIDC_CLIENT_SECRET');
  const only = read.bool('OIDC_ONLY');
  if (issuer === null && clientId === null && clientSecret === null) {
    if (only) problems.push('OIDC_ONLY=true needs single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    return null;
  }
  const missing = Object.entries({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret })
    .filter(([, v]) => v === null)
    .map(([name]) => name);
  if (missing.length > 0) problems.push(`single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together (missing: ${missing.join(', ')})`);
  let url: URL | null = null;
  try {
    url = issuer === null ? null : new URL(issuer);
  } catch {
    problems.push(`OIDC_ISSUER must be a URL (got "${issuer}")`);
  }
  if (url && url.protocol !== 'https:') {
    const allowed = url.protocol === 'http:' && isLoopbackHost(url.hostname) && !read.production;
    if (!allowed) problems.push('OIDC_ISSUER must be https (http only on a loopback address, outside production)');
  }
  const providerName = value('OIDC_PROVIDER_NAME') ?? 'single sign-on';
  if (providerName.length > 60) problems.push('OIDC_PROVIDER_NAME must be at most 60 characters');
  const roleMapRaw = value('OIDC_ROLE_MAP');
  return {
    issuer: issuer ?? '',
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    providerName,
    roleClaim: value('OIDC_ROLE_CLAIM') ?? 'roles',
    roleMap: roleMapRaw === null ? null : readRoleMap(roleMapRaw, problems),
    only,
    sessionMinutes: readSessionMinutes(value('OIDC_SESSION_MINUTES'), problems),
    acrValues: readAcrValues(value('OIDC_ACR_VALUES'), problems),
  };
}
