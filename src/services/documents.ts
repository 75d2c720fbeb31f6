import { randomUUID } from 'node:crypto';
import { validateBankStatement } from '../domain/bank-statement.ts';
import { DOCUMENT_TYPES, isDocumentType, type DocumentType } from '../domain/document-types.ts';
import { decodeUtf8, parseJsonFile } from '../domain/json-text.ts';
import { DomainError, notFound, validationFailed } from '../domain/errors.ts';
import { detectFileType, isAllowedForDocumentType, mimeTypeOf } from '../domain/file-type.ts';
import type { Tenant } from '../domain/tenant.ts';
import { PAGE_SIZE_MAX } from '../domain/cursor.ts';
import type { Static } from 'typebox';
import type { UploadResponse } from '../schemas/documents.ts';
import { isUniqueViolation } from '../store/db.ts';
import { findCustomer } from '../store/customers-store.ts';
import {
  findDocumentAnyTenant,
  findDocumentIdBySha,
  insertChunks,
  insertDocument,
  listBankAccounts,
  DOCUMENTS_KEYSET,
  listCustomerDocumentsPage,
  readChunks,
  type DocumentRow,
} from '../store/documents-store.ts';
import { wakeDispatcher } from '../store/outbox-store.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import type { StagedFile } from './staged-file.ts';
import { readPage, tenantOwner, type PageRequest } from './paging.ts';

/** Uploads larger than this are refused (413) and store nothing. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * The file name to keep: at most 255 characters (never half a character), without control
 * characters, which PostgreSQL cannot store (NUL) and no file name needs.
 */
export function documentName(filename: string | undefined): string {
  const cleaned = [...(filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(0, 255).join('');
  return cleaned === '' ? 'document' : cleaned.toWellFormed();
}

/** Stored chunk size: large enough to be fast, small enough to keep memory flat. */
const CHUNK_BYTES = 1024 * 1024;

export async function requireCustomer(ctx: ServiceContext, tenant: Tenant, customerId: string): Promise<void> {
  if (!(await findCustomer(ctx.db, tenant, customerId))) throw notFound('customer');
}

function unsupported(detail: string, meta?: Record<string, unknown>): DomainError {
  return new DomainError('UnsupportedMediaType', detail, { meta });
}

export type { DocumentRow };

/**
 * Stores an uploaded file: its type recognised by its bytes, a JSON bank statement validated
 * (400 with pointers into the file), the same bytes twice refused (409, by a unique index), the
 * bytes written in chunks in one short transaction. Processing happens in the background.
 */
export async function storeDocument(
  ctx: ServiceContext,
  tenant: Tenant,
  customerId: string,
  documentType: string | undefined,
  file: StagedFile | undefined,
  fileName: string,
): Promise<DocumentRow> {
  const problems = [];
  if (documentType === undefined) problems.push({ detail: 'document_type is required', source: { parameter: 'document_type' } });
  else if (!isDocumentType(documentType)) {
    problems.push({ detail: `document_type must be one of: ${DOCUMENT_TYPES.join(', ')}`, source: { parameter: 'document_type' } });
  }
  if (!file) problems.push({ detail: 'document (the file part) is required', source: { parameter: 'document' } });
  if (problems.length > 0 || !file) throw validationFailed(problems);
  const type = documentType as DocumentType;
  const kind = detectFileType(file.head, fileName);
  if (kind === null) throw unsupported('the file is not a PDF, PNG, JPEG, TIFF, CSV, XLS, XLSX or JSON file');
  if (!isAllowedForDocumentType(kind, type))
    throw unsupported('JSON files are accepted only as an open-banking "bank statement"', { accepted_document_types: ['bank statement'] });
  if (kind === 'json') {
    // A byte order mark is not JSON, but detectFileType lets it through (Windows tools write it).
    const text = decodeUtf8(await file.bytes());
    if (text === null) throw new DomainError('ParseError', 'the bank statement file is not valid UTF-8');
    const parsed = parseJsonFile(text, 'the bank statement file');
    if (!parsed.ok) throw parsed.error;
    const result = validateBankStatement(parsed.value);
    if (!result.ok) {
      throw validationFailed(
        result.problems.map((p) => ({ detail: `${p.pointer.split('/').pop() || 'statement'} ${p.detail}`, source: { pointer: p.pointer } })),
      );
    }
  }
  const now = (await customerContext(ctx, 'customer', customerId, tenant)).now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const document = await insertDocument(tx, tenant, {
        id: randomUUID(),
        customerId,
        documentType: type,
        documentName: fileName,
        fileKind: kind,
        mimeType: mimeTypeOf(kind),
        sizeBytes: file.size,
        sha256: file.sha256,
        now,
      });
      await insertChunks(tx, document.id, file.chunks(CHUNK_BYTES));
      await wakeDispatcher(tx);
      return document;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'documents_customer_sha256')) {
      const existing = await findDocumentIdBySha(ctx.db, customerId, file.sha256);
      throw new DomainError('DuplicateDocument', 'this file was already uploaded for this customer', { meta: { document_id: existing } });
    }
    throw error;
  }
}

/** A document of any tenant (for the console); null when unknown. */
export async function getDocumentAnyTenant(ctx: ServiceContext, documentId: string): Promise<DocumentRow | null> {
  return findDocumentAnyTenant(ctx.db, documentId);
}

/** The document's bytes, a chunk at a time. */
export function documentContent(ctx: ServiceContext, documentId: string): AsyncGenerator<Buffer> {
  return readChunks(ctx.db, documentId);
}

export function uploadView(d: DocumentRow): Static<typeof UploadResponse>['data'] {
  return { document_id: d.id, document_name: d.document_name, document_type: d.document_type as DocumentType, upload_date: d.uploaded_at.toISOString() };
}

/**
 * A page of GET /document_upload/{customer_id}/ in the documented JSON:API shape (docs/behaviour.md,
 * sections 11 and 27), newest first; without a request, the first 200 (the portal's page: a customer has a few).
 */
export async function listDocuments(ctx: ServiceContext, tenant: Tenant, customerId: string, request: PageRequest = { limit: PAGE_SIZE_MAX, cursor: null }) {
  await requireCustomer(ctx, tenant, customerId);
  const scope = { list: 'customer_documents', owner: tenantOwner(tenant), filters: { customer: customerId } };
  const page = await readPage(request, scope, DOCUMENTS_KEYSET, (window) => listCustomerDocumentsPage(ctx.db, tenant, customerId, window));
  const documents = page.items;
  const accountIds = [...new Set(documents.map((d) => d.bank_account_id).filter((id): id is string => id !== null))];
  const accounts = await listBankAccounts(ctx.db, accountIds);
  return {
    data: documents.map((d) => ({
      type: 'document' as const,
      id: d.id,
      attributes: {
        document_name: d.document_name,
        document_type: d.document_type,
        upload_date: d.uploaded_at.toISOString(),
        status: d.status,
        reject_reason: d.reject_reason,
      },
      relationships: { bank_account: { data: d.bank_account_id ? { type: 'bank_account' as const, id: d.bank_account_id } : null } },
    })),
    included: accounts.map((a) => ({ type: 'bank_account' as const, id: a.id, attributes: { bank_name: a.bank_name, account_number: a.account_number } })),
    meta: { next_cursor: page.nextCursor, previous_cursor: page.previousCursor },
  };
}
