/**
 * How a page tells an API token apart without showing it: its environment's prefix and its last
 * four characters, "sk_sandbox_…a1b2" (docs/decisions.md); the prefix alone for a token made before
 * the last four were kept.
 */
import type { Environment } from './tenant.ts';

export const TOKEN_PREFIXES: Record<Environment, string> = { sandbox: 'sk_sandbox_', production: 'sk_live_' };

export function tokenHint(environment: Environment, lastFour: string | null): string {
  return `${TOKEN_PREFIXES[environment]}…${lastFour ?? ''}`;
}
