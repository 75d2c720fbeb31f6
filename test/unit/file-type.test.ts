import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, isDocumentType } from '../../src/domain/document-types.ts';
import { detectFileType, isAllowedForDocumentType, mimeTypeOf } from '../../src/domain/file-type.ts';
import type { FileKind } from '../../src/domain/file-type.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}
function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

/** A real (stored, uncompressed) zip archive with local headers, central directory and end record. */
function zip(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const common = [u16(0), u16(0), u16(0), u16(0), u32(crc), u32(data.length), u32(data.length), u16(nameBytes.length), u16(0)];
    const local = Buffer.concat([u32(0x04034b50), u16(20), ...common, nameBytes, data]);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(offset), nameBytes]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(centrals.length), u16(centrals.length), u32(central.length), u32(offset), u16(0)]);
  return Uint8Array.from(Buffer.concat([...locals, central, end]));
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

describe('detectFileType: binary signatures', () => {
  it('recognises a minimal PDF, and only with the header at the start', () => {
    const pdf = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
    expect(detectFileType(text(pdf))).toBe('pdf');
    expect(detectFileType(text(`notes about a file\n${pdf}`))).toBe(null);
  });

  it('recognises PNG from its signature and IHDR chunk', () => {
    const ihdr = bytes(0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0);
    const png = concat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), pngChunk('IHDR', ihdr));
    expect(detectFileType(png)).toBe('png');
    // A broken signature (LF where CR LF is expected, as after a text-mode transfer) is not PNG.
    expect(detectFileType(concat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0a, 0x1a, 0x0a), pngChunk('IHDR', ihdr)))).toBe(null);
  });

  it('recognises a JPEG (JFIF) header', () => {
    const jpeg = concat(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10), text('JFIF\0'), bytes(1, 1, 0, 0, 1, 0, 1, 0, 0));
    expect(detectFileType(jpeg)).toBe('jpeg');
    expect(detectFileType(bytes(0xff, 0xd8))).toBe(null);
  });

  it('recognises TIFF in both byte orders', () => {
    expect(detectFileType(bytes(0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00))).toBe('tiff');
    expect(detectFileType(bytes(0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08))).toBe('tiff');
    // Mixed order is neither.
    expect(detectFileType(bytes(0x49, 0x49, 0x00, 0x2a, 0x08, 0x00, 0x00, 0x00))).toBe(null);
  });

  it('takes an OLE compound file as XLS', () => {
    const ole = concat(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), new Uint8Array(504));
    expect(detectFileType(ole)).toBe('xls');
  });

  it('accepts a zip as XLSX only when it holds spreadsheet parts', () => {
    const xlsx = zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(detectFileType(xlsx)).toBe('xlsx');
    expect(detectFileType(zip({ 'xl/worksheets/sheet1.xml': '<worksheet/>' }))).toBe('xlsx');
    // Content types first, the rest past the head: still Office Open XML.
    expect(detectFileType(zip({ '[Content_Types].xml': '<Types/>' }))).toBe('xlsx');
    expect(detectFileType(zip({ 'hello.txt': 'hello', 'data.csv': 'a,b\n1,2\n' }))).toBe(null);
    expect(detectFileType(zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' }))).toBe(null);
  });

  it('refuses empty input and random binary', () => {
    expect(detectFileType(new Uint8Array(0))).toBe(null);
    let seed = 42;
    const random = new Uint8Array(4096).map(() => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >> 16) & 0xff;
    });
    expect(detectFileType(random)).toBe(null);
    expect(detectFileType(random, 'statement.csv')).toBe(null);
  });
});

describe('detectFileType: text formats', () => {
  it('recognises JSON objects and arrays, after a BOM and whitespace', () => {
    expect(detectFileType(text('{"accountInfo": {}, "transactions": []}'))).toBe('json');
    expect(detectFileType(concat(bytes(0xef, 0xbb, 0xbf), text('\n  [1, 2, 3]')))).toBe('json');
  });

  it('refuses JSON-looking data that is not UTF-8', () => {
    expect(detectFileType(bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d))).toBe(null); // {"a":"é"} in Latin-1
    expect(detectFileType(Uint8Array.from(Buffer.from('{"a": 1}', 'utf16le')))).toBe(null);
  });

  it('recognises CSV with commas, semicolons or tabs', () => {
    expect(detectFileType(text('external_customer_id,company_name,requested_amount\nA1,Acme Ltd,5000\nA2,Beta Ltd,7000\n'))).toBe('csv');
    expect(detectFileType(text('date;description;amount\r\n2025-01-02;Coffee;-3,20\r\n2025-01-03;Sale;120,00\r\n'))).toBe('csv');
    expect(detectFileType(text('a\tb\tc\n1\t2\t3\n'))).toBe('csv');
    expect(detectFileType(concat(bytes(0xef, 0xbb, 0xbf), text('a,b\n1,2')))).toBe('csv');
  });

  it('counts quoted separators and line breaks as part of a field', () => {
    const csv = 'id,name,notes\n1,"Smith, Jones & Co","two\nlines, with commas"\n2,Acme,none\n';
    expect(detectFileType(text(csv))).toBe('csv');
  });

  it('tolerates a cut last line and a multi-byte character split by the head boundary', () => {
    const full = text('name,city\nJosé,Zürich\nRenée,Genève\nAndré,Bâle\n');
    const cut = full.length - 4; // inside "â" of "Bâle"
    expect(full[cut - 1]).toBeGreaterThanOrEqual(0xc0);
    expect(detectFileType(full.subarray(0, cut))).toBe('csv');
  });

  it('refuses prose, ragged separators and control characters', () => {
    const prose = 'Dear Sir,\nThank you for your letter. We are pleased, as always, to help you.\nYours faithfully\nJohn Smith\n';
    expect(detectFileType(text(prose), 'letter.txt')).toBe(null);
    expect(detectFileType(text(prose), 'letter.csv')).toBe(null);
    expect(detectFileType(text('Just a single line of notes without separators\n'))).toBe(null);
    expect(detectFileType(text('a,b,c\n1\n2,3,4,5,6\n7\n'))).toBe(null);
    expect(detectFileType(text('a,b\n1,\u00012\n'))).toBe(null);
    expect(detectFileType(text('a,b\0\n1,2\n'))).toBe(null);
  });

  it('takes a separator-free file as single-column CSV only when it is named .csv', () => {
    const ids = 'external_customer_id\nCUST-1\nCUST-2\n';
    expect(detectFileType(text(ids), 'customers.CSV')).toBe('csv');
    expect(detectFileType(text(ids), 'customers.txt')).toBe(null);
    expect(detectFileType(text(ids))).toBe(null);
  });

  it('does not let a name make binary into CSV or JSON', () => {
    expect(detectFileType(bytes(0, 1, 2, 3, 0x2c, 0x0a), 'x.csv')).toBe(null);
  });
});

describe('document types and storage', () => {
  it('lists the 22 upload types of the spec exactly', () => {
    expect(DOCUMENT_TYPES).toHaveLength(22);
    expect(DOCUMENT_TYPES[0]).toBe('bank statement');
    expect(DOCUMENT_TYPES[21]).toBe('cbils questionnaire');
    expect(isDocumentType('self assessment tax return')).toBe(true);
    expect(isDocumentType('bank_statement')).toBe(false);
    expect(isDocumentType('Bank Statement')).toBe(false);
  });

  it('maps kinds to MIME types', () => {
    const expected: Record<FileKind, string> = {
      pdf: 'application/pdf',
      png: 'image/png',
      jpeg: 'image/jpeg',
      tiff: 'image/tiff',
      xls: 'application/vnd.ms-excel',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      csv: 'text/csv',
      json: 'application/json',
    };
    for (const [kind, mime] of Object.entries(expected)) expect(mimeTypeOf(kind as FileKind)).toBe(mime);
  });

  it('allows JSON only for bank statements', () => {
    expect(isAllowedForDocumentType('json', 'bank statement')).toBe(true);
    expect(isAllowedForDocumentType('json', 'personal bank statement')).toBe(false);
    expect(isAllowedForDocumentType('json', 'invoices')).toBe(false);
    expect(isAllowedForDocumentType('pdf', 'invoices')).toBe(true);
    expect(isAllowedForDocumentType('csv', 'bank statement')).toBe(true);
  });
});
