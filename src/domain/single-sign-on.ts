/**
 * What single sign-on reads from the identity provider's ID token (docs/behaviour.md, section 29):
 * the operator's role, from the claim OIDC_ROLE_CLAIM names, either a role itself or a value
 * OIDC_ROLE_MAP maps to one; a claim may hold one value or a list, and the highest role wins.
 */
import { roleAtLeast, type OperatorRole } from './actors.ts';

const ROLES: readonly OperatorRole[] = ['viewer', 'underwriter', 'admin'];

/** The single sign-on settings (OIDC_*), read and checked at start by src/sign-in-config.ts. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the login page: "Sign in with {providerName}". */
  providerName: string;
  /** The ID token claim that holds the role (or the groups OIDC_ROLE_MAP maps to roles). */
  roleClaim: string;
  /** Claim value to role (OIDC_ROLE_MAP); null: the claim holds `viewer`, `underwriter` or `admin` itself. */
  roleMap: Record<string, OperatorRole> | null;
  /** OIDC_ONLY: password login is off. */
  only: boolean;
  /** OIDC_SESSION_MINUTES: how long a console session from the provider lasts before it goes through the provider again. */
  sessionMinutes: number;
  /** OIDC_ACR_VALUES: the authentication context classes asked for, one of which the ID token's `acr` must be; null: none asked. */
  acrValues: string[] | null;
}

/** The default of OIDC_SESSION_MINUTES, and its bounds (at most a console session's 12 hours). */
export const OIDC_SESSION = { defaultMinutes: 60, minMinutes: 1, maxMinutes: 12 * 60 };

/**
 * Whether the ID token's `acr` is one of those asked for (OIDC_ACR_VALUES); any when none is
 * asked. A provider that ignored the request (no `acr`, or another one) is refused.
 */
export function acrAccepted(claims: Readonly<Record<string, unknown>>, acrValues: readonly string[] | null): boolean {
  if (acrValues === null) return true;
  return typeof claims.acr === 'string' && acrValues.includes(claims.acr);
}

/** The role the claim's value gives; null when none of its values is a role (or mapped to one). */
export function roleFromClaim(value: unknown, map: Readonly<Record<string, OperatorRole>> | null): OperatorRole | null {
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  let best: OperatorRole | null = null;
  for (const v of values) {
    const role = map ? (Object.hasOwn(map, v) ? map[v] : null) : (ROLES as readonly string[]).includes(v) ? (v as OperatorRole) : null;
    if (role && (best === null || roleAtLeast(role, best))) best = role;
  }
  return best;
}

/** The email of the claims when the provider says it is verified (`email_verified` exactly true); null otherwise. */
export function verifiedEmail(claims: Readonly<Record<string, unknown>>): string | null {
  const email = claims.email;
  if (typeof email !== 'string' || email.trim().length === 0 || email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return null;
  return claims.email_verified === true ? email.trim() : null;
}
