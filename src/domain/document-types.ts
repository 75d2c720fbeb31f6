/**
 * The `document_type` values the upload route accepts: exactly the 22 strings the spec enumerates
 * on the upload endpoint (spec, Resources > Document), in its order. The overview's
 * `bank_statement`, `vat_returns`, `company_accounts` are not upload values (the spec says the
 * enumerated list is the one given on the endpoint), so they are deliberately absent.
 */
export const DOCUMENT_TYPES = [
  'bank statement',
  'business accounts',
  'vat return',
  'invoices',
  'personal id',
  'customer broker consent',
  'balance sheet',
  'profit and loss',
  'company bylaws',
  'nif card',
  'modelo',
  'management accounts',
  'aged debtor report',
  'business plan',
  'self assessment tax return',
  'personal bank statement',
  'other',
  'cash register',
  'cashflow forecast',
  'outstanding debt information',
  'list of shareholders',
  'cbils questionnaire',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const known: ReadonlySet<string> = new Set(DOCUMENT_TYPES);

/** Exact match only (docs/behaviour.md, section 11: "exactly one of the spec's strings"); no case folding. */
export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && known.has(value);
}
