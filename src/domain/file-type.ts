/**
 * Recognises an uploaded file by its first bytes (docs/behaviour.md, section 11: "recognised by their bytes and not
 * only their declared type"). The caller passes up to the first 8 KiB; nothing here needs more.
 *
 * Binary formats are decided by their signatures. Text formats (JSON, CSV) need the head to be
 * UTF-8 without control characters; UTF-16 text (which has NUL bytes) is therefore refused, as is
 * anything that merely has a .csv or .json name. The declared name is a tie-breaker only: it never
 * turns binary into text, it only lets a single-column CSV (no separator anywhere) through.
 */
import type { DocumentType } from './document-types.ts';

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'xls' | 'xlsx' | 'csv' | 'json';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWith(head: Uint8Array, signature: number[], at = 0): boolean {
  if (head.length < at + signature.length) return false;
  return signature.every((byte, i) => head[at + i] === byte);
}

export function detectFileType(head: Uint8Array, declaredName?: string): FileKind | null {
  if (head.length === 0) return null;
  // The PDF header must open the file: a text file quoting "%PDF-" later is not a PDF.
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)) return 'tiff';
  // An OLE compound file could also be a .doc or .msg; its directory usually lies past the head,
  // so the signature is accepted as XLS and a wrong one fails later in processing as unreadable.
  if (startsWith(head, OLE)) return 'xls';
  if (startsWith(head, ZIP_LOCAL)) return isXlsxZip(head) ? 'xlsx' : null;

  const text = decodeText(head);
  if (text === null) return null;
  const trimmed = text.replace(/^[\t\n\r ]+/, '');
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return 'json';
  const csvName = declaredName !== undefined && /\.csv$/i.test(declaredName.trim());
  return looksLikeCsv(text, csvName) ? 'csv' : null;
}

/**
 * A zip is an XLSX only when an entry it names in the head is a spreadsheet part. Local file
 * headers hold the entry name at offset 30 (length at 26). `[Content_Types].xml` alone is taken as
 * Office Open XML whose parts lie past the head, unless a Word or PowerPoint part shows it is not
 * a spreadsheet. A plain zip of anything else is refused.
 */
function isXlsxZip(head: Uint8Array): boolean {
  const names: string[] = [];
  for (let at = 0; at + 30 <= head.length; at++) {
    if (!startsWith(head, ZIP_LOCAL, at)) continue;
    const nameLength = head[at + 26] | (head[at + 27] << 8);
    const end = Math.min(head.length, at + 30 + nameLength);
    names.push(String.fromCharCode(...head.subarray(at + 30, end)));
  }
  if (names.some((n) => n.startsWith('xl/'))) return true;
  if (names.some((n) => n.startsWith('word/') || n.startsWith('ppt/'))) return false;
  return names.includes('[Content_Types].xml');
}

/**
 * The head as text, or null when it is not UTF-8 text. Streaming mode lets a multi-byte character
 * cut by the 8 KiB boundary pass instead of failing the check; the decoder drops a UTF-8 BOM.
 */
function decodeText(head: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
  // Control characters other than tab, LF, CR (NUL, form feeds, escape…) mean binary data.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return null;
  return text;
}

const SEPARATORS = [',', ';', '\t'] as const;

/**
 * Splits text into records of fields for one separator, honouring double quotes (a quoted field
 * may hold separators and line breaks). Only complete records are returned: the last one is
 * dropped when the text does not end with a line break, since the head may have cut it, unless
 * it is the only record.
 */
function records(text: string, separator: string): number[] {
  const counts: number[] = [];
  let fields = 1;
  let inQuotes = false;
  let lineHasContent = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else inQuotes = false;
      }
      continue;
    }
    if (ch === '"') {
      inQuotes = true;
      lineHasContent = true;
    } else if (ch === separator) {
      fields++;
      lineHasContent = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      if (lineHasContent) counts.push(fields); // blank lines are not records
      fields = 1;
      lineHasContent = false;
    } else if (ch !== ' ') {
      lineHasContent = true;
    }
  }
  const endsCleanly = !inQuotes && /[\r\n]$/.test(text);
  if (lineHasContent && !inQuotes && (endsCleanly || counts.length === 0)) counts.push(fields);
  return counts;
}

/**
 * CSV when, for some separator, the first record has at least two fields and at least 80 % of
 * the complete records have that same field count (a few ragged rows, e.g. trailing comments
 * from a spreadsheet export, are tolerated; prose, whose comma count varies line to line, is not).
 * A file with no separator at all counts only when it is named .csv and has two or more records
 * (a single column, such as a list of external_customer_id values).
 */
function looksLikeCsv(text: string, csvName: boolean): boolean {
  for (const separator of SEPARATORS) {
    const counts = records(text, separator);
    if (counts.length === 0 || counts[0] < 2) continue;
    const matching = counts.filter((c) => c === counts[0]).length;
    if (matching >= Math.ceil(counts.length * 0.8)) return true;
  }
  // The single-column allowance: no separator anywhere, so prose with commas never gets here.
  if (!csvName || /[,;\t]/.test(text)) return false;
  return records(text, ',').length >= 2;
}

const MIME_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  json: 'application/json',
};

/** The Content-Type to store and serve a recognised file with. */
export function mimeTypeOf(kind: FileKind): string {
  return MIME_TYPES[kind];
}

/**
 * docs/behaviour.md, section 11: every recognised kind is fine for every document type, except JSON, which is only
 * an open-banking statement and so only for `bank statement` (not `personal bank statement`).
 */
export function isAllowedForDocumentType(kind: FileKind, documentType: DocumentType): boolean {
  if (kind === 'json') return documentType === 'bank statement';
  return true;
}
