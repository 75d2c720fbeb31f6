/** Every partner-owned thing lives inside one (partner, environment): the tenant. */

export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const SCOPES = ['read', 'write'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Tenant {
  partnerId: string;
  environment: Environment;
}

export interface PartnerPrincipal extends Tenant {
  tokenId: string;
  scopes: Scope[];
  partnerActive: boolean;
}
