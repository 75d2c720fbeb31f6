/**
 * Four eyes (docs/behaviour.md, section 19): a change above FOUR_EYES_THRESHOLD is made by one
 * person (the maker) and takes effect only once a different operator (the checker) confirms it.
 * The rules here hold for every kind of approval; what a kind approves and how it is made is the
 * kind's (src/services/approval-kind.ts).
 */
import type { Actor } from './actors.ts';

/**
 * The kinds of approval that wait for a second operator. A new kind is added here and given a
 * handler in the registry of src/services/four-eyes.ts (the compiler asks for one).
 */
export const APPROVAL_KINDS = ['application_approval'] as const;
export type ApprovalKindName = (typeof APPROVAL_KINDS)[number];

export function isApprovalKind(value: string): value is ApprovalKindName {
  return (APPROVAL_KINDS as readonly string[]).includes(value);
}

/** Above the threshold (not at it) a second operator must confirm. */
export function needsSecondOperator(largestPence: number, thresholdPence: number): boolean {
  return largestPence > thresholdPence;
}

/** The largest amount of a set of offers: what the threshold is compared with. */
export function largestAmountPence(offers: readonly { maxAmountPence: number }[]): number {
  return offers.reduce((largest, o) => Math.max(largest, o.maxAmountPence), 0);
}

/**
 * Why `checker` may not confirm an approval made by `makerOperatorId` (null: the admin token),
 * or null when they may. Only an operator confirms (in the console), never the admin token, and
 * never the operator who made it.
 */
export function confirmationRefusal(makerOperatorId: string | null, checker: Actor): string | null {
  if (checker.kind !== 'operator') return 'an approval is confirmed by an operator in the console, never with the admin token';
  if (makerOperatorId === checker.operatorId) return 'the operator who approved cannot confirm their own approval';
  return null;
}
