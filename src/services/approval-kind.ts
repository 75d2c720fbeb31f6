/**
 * What a kind of four-eyes approval tells the mechanism of four-eyes.ts. The mechanism stores the
 * pending approval, refuses the maker's own confirmation and the admin token's, settles it once,
 * and writes the audit rows with maker and checker; the kind says what is approved and how it is
 * made. application-approval.ts is the first kind; docs/decisions.md says how to add another.
 */
import type { ApprovalKindName } from '../domain/four-eyes.ts';
import type { AuditAction } from '../domain/audit-actions.ts';
import type { AuditTargetType } from '../domain/audit-targets.ts';
import type { Queryable } from '../store/db.ts';
import type { ServiceContext } from './context.ts';

/** A prefix whose `_requested` and `_confirmed` actions both have words (src/domain/audit-actions.ts). */
type PrefixOf<A> = A extends `${infer P}_requested` ? (`${P}_confirmed` extends AuditAction ? P : never) : never;
export type ApprovalActionPrefix = PrefixOf<AuditAction>;

export interface ApprovalKind<Terms> {
  readonly name: ApprovalKindName;
  /** The audit rows' target type; their target id is the subject's id. */
  readonly targetType: AuditTargetType;
  /** The audit actions' prefix: `application.approval` gives `application.approval_requested` and `application.approval_confirmed`. */
  readonly actionPrefix: ApprovalActionPrefix;
  /** The console page of the subject, where the waiting approval is shown and confirmed. */
  consolePath(subjectId: string): string;
  /** The application the approval is about, for kinds whose subject is one (stored for its foreign key); else null. */
  applicationIdOf(subjectId: string): string | null;
  /** The customer the approval is about, for kinds whose subject is one (stored for its foreign key); else null. */
  customerIdOf(subjectId: string): string | null;
  /** The amount compared with the threshold. */
  largestPence(terms: Terms): number;
  /** The terms as the audit log and the admin API show them (never a secret). */
  summary(terms: Terms): unknown;
  /** The stored terms (JSON) back as the kind's terms. */
  fromStored(stored: unknown): Terms;
  /**
   * Locks the subject (the order every change of it uses) and throws a DomainError when it can no
   * longer be approved. Runs when the approval is asked for and again when it is confirmed, in
   * that transaction.
   */
  lockAndCheck(tx: Queryable, subjectId: string): Promise<void>;
  /** Makes what was approved, in the confirmation's transaction (`ctx.db` is that transaction). */
  apply(ctx: ServiceContext, subjectId: string, terms: Terms): Promise<void>;
}
