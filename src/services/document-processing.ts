import { randomUUID } from 'node:crypto';
import { validateBankStatement } from '../domain/bank-statement.ts';
import { DomainError, invalidAt, notFound } from '../domain/errors.ts';
import type { FileKind } from '../domain/file-type.ts';
import { unreadableReason } from '../domain/readability.ts';
import { decodeUtf8, parseJsonFile } from '../domain/json-text.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from '../store/db.ts';
import { findLatestApplication } from '../store/applications-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import {
  findDocumentAnyTenant,
  markDocumentProcessing,
  readChunks,
  readEdges,
  rejectUnprocessedDocument,
  setDocumentOutcome,
  upsertBankAccount,
  type DocumentRow,
} from '../store/documents-store.ts';
import { moveApplication } from './application-moves.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { HEAD_BYTES, TAIL_BYTES } from './staged-file.ts';

interface Outcome {
  status: 'accepted' | 'rejected';
  rejectReason: string | null;
  statement?: unknown;
  account?: { bankName: string; accountNumber: string; sortCode: string };
}

/** Reads the stored bytes and judges them: readable files are accepted, others rejected with a reason. */
async function judge(db: Queryable, document: DocumentRow): Promise<Outcome> {
  if (document.file_kind === 'json') {
    const parts: Buffer[] = [];
    for await (const chunk of readChunks(db, document.id)) parts.push(chunk);
    const text = decodeUtf8(Buffer.concat(parts));
    const parsed = text === null ? null : parseJsonFile(text, 'the statement');
    if (!parsed?.ok) return { status: 'rejected', rejectReason: 'unreadable: the statement is not valid JSON' };
    const result = validateBankStatement(parsed.value);
    if (!result.ok) return { status: 'rejected', rejectReason: `invalid statement: ${result.problems[0].detail}` };
    const s = result.statement;
    return {
      status: 'accepted',
      rejectReason: null,
      statement: s,
      account: { bankName: s.bankName, accountNumber: s.accountNumber, sortCode: s.sortCode },
    };
  }
  // Only the edges matter.
  const { head, tail } = await readEdges(db, document.id, HEAD_BYTES, TAIL_BYTES);
  const reason = unreadableReason(document.file_kind as FileKind, head, tail, document.size_bytes);
  return reason ? { status: 'rejected', rejectReason: reason } : { status: 'accepted', rejectReason: null };
}

/**
 * An accepted document may be what a decision was waiting for: the customer's `action_required`
 * application moves back to `open` (docs/behaviour.md, section 6).
 */
async function reopenIfWaiting(tx: Queryable, document: DocumentRow, now: Date): Promise<void> {
  const tenant: Tenant = { partnerId: document.partner_id, environment: document.environment };
  const application = await findLatestApplication(tx, tenant, document.customer_id, true);
  if (application?.status !== 'action_required') return;
  const customer = await findCustomer(tx, tenant, document.customer_id);
  await moveApplication(tx, tenant, application, 'customer_data_changed', now, customer?.external_customer_id ?? null);
}

async function settle(tx: Queryable, document: DocumentRow, outcome: Outcome, now: Date, reviewed: boolean): Promise<void> {
  const tenant: Tenant = { partnerId: document.partner_id, environment: document.environment };
  const bankAccountId = outcome.account
    ? await upsertBankAccount(tx, tenant, { id: randomUUID(), customerId: document.customer_id, ...outcome.account })
    : null;
  await setDocumentOutcome(tx, document.id, {
    status: outcome.status,
    rejectReason: outcome.rejectReason,
    bankAccountId,
    statement: outcome.statement,
    now,
    reviewed,
  });
  if (outcome.status === 'accepted') await reopenIfWaiting(tx, document, now);
}

/** Background processing of one document: pending → processing → accepted | rejected. */
export async function processDocument(ctx: ServiceContext, documentId: string): Promise<void> {
  ctx = await customerContext(ctx, 'document', documentId);
  const claimed = await ctx.db.transaction(async (tx) => {
    const document = await findDocumentAnyTenant(tx, documentId, true);
    if (!document || (document.status !== 'pending' && document.status !== 'processing')) return null;
    await markDocumentProcessing(tx, documentId);
    return document;
  });
  if (!claimed) return;
  const outcome = await judge(ctx.db, claimed);
  await ctx.db.transaction(async (tx) => {
    const current = await findDocumentAnyTenant(tx, documentId, true);
    // An operator's review while we worked wins.
    if (!current || current.status !== 'processing') return;
    await settle(tx, current, outcome, ctx.now(), false);
  });
}

/**
 * The last retry of a document's processing failed: the document is rejected with a reason rather
 * than left `processing` for ever; an operator can still accept it with the review route.
 */
export async function giveUpDocument(ctx: ServiceContext, documentId: string, reason = 'the file could not be processed'): Promise<void> {
  ctx = await customerContext(ctx, 'document', documentId);
  await rejectUnprocessedDocument(ctx.db, documentId, `unreadable: ${reason}`, ctx.now());
}

/** The operator overrides the outcome either way (docs/behaviour.md, section 11). */
export async function reviewDocument(
  ctx: ServiceContext,
  documentId: string,
  status: 'accepted' | 'rejected',
  rejectReason: string | null,
): Promise<DocumentRow> {
  if (status === 'rejected' && !rejectReason) throw invalidAt('/reject_reason', 'reject_reason is required when rejecting');
  ctx = await customerContext(ctx, 'document', documentId);
  return ctx.db.transaction(async (tx) => {
    const document = await findDocumentAnyTenant(tx, documentId, true);
    if (!document) throw notFound('document');
    if (status === 'accepted' && document.file_kind === 'json' && document.status !== 'accepted') {
      const outcome = await judge(tx, document);
      if (outcome.status !== 'accepted') {
        throw new DomainError('ValidationError', `this statement cannot be accepted: ${outcome.rejectReason}`);
      }
      await settle(tx, document, outcome, ctx.now(), true);
    } else {
      await settle(tx, document, { status, rejectReason: status === 'rejected' ? rejectReason : null }, ctx.now(), true);
    }
    return (await findDocumentAnyTenant(tx, documentId)) as DocumentRow;
  });
}
