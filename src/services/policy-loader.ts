import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DecisionPolicy } from '../domain/decision-policy.ts';
import { setDecisionPolicy } from './decisions.ts';

/**
 * Replaces the automated decision policy with the operator's own: DECISION_POLICY_MODULE names an
 * ES module whose default export is a DecisionPolicy ({ name, decide(inputs, options) }), for
 * example one built with createDecisionPolicy(overrides). See docs/decision-policy.md.
 */
export async function loadDecisionPolicy(modulePath: string): Promise<DecisionPolicy> {
  const loaded = (await import(pathToFileURL(resolve(modulePath)).href)) as { default?: unknown };
  const policy = loaded.default as Partial<DecisionPolicy> | undefined;
  if (!policy || typeof policy.decide !== 'function' || typeof policy.name !== 'string') {
    throw new Error(`DECISION_POLICY_MODULE ${modulePath} must export default a policy { name: string, decide(inputs, options) }`);
  }
  setDecisionPolicy(policy as DecisionPolicy);
  return policy as DecisionPolicy;
}
