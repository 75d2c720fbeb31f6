/**
 * Every kind of four-eyes approval, by name (docs/behaviour.md, sections 19 and 21): a kind added to
 * APPROVAL_KINDS (domain/four-eyes.ts) needs its handler here. In a module of its own, apart from
 * the mechanism (four-eyes.ts) that looks kinds up: a kind's own service may then use the mechanism
 * (pre-approvals.ts asks for four eyes above the threshold) without an import cycle.
 */
import type { ApprovalKindName } from '../domain/four-eyes.ts';
import type { ApprovalKind } from './approval-kind.ts';
import { applicationApproval } from './application-approval.ts';
import { preApprovalKind } from './pre-approval-kind.ts';

const KINDS: { [K in ApprovalKindName]: ApprovalKind<unknown> } = {
  application_approval: applicationApproval as ApprovalKind<unknown>,
  pre_approval: preApprovalKind as ApprovalKind<unknown>,
};

export function approvalKind(name: ApprovalKindName): ApprovalKind<unknown> {
  return KINDS[name];
}
