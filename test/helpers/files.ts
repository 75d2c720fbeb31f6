/**
 * Real files for the document tests, built byte by byte (no fixtures on disk): each is a
 * structurally valid file of its format, small unless asked otherwise, and unique when given a
 * `seed` (so uploads of "the same kind" are not duplicates of each other).
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { BASE, type PartnerClient, type TestApp } from './app.ts';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A minimal PDF 1.4 (catalog, pages, one page with a text stream) with a correct xref table.
 * `padding` adds that many bytes of binary data in an extra stream object (the file stays a valid
 * PDF); `seed` changes the text so equal-sized files differ.
 */
export function pdf(options: { seed?: string; padding?: number; paddingBytes?: Buffer } = {}): Buffer {
  const text = `BT /F1 12 Tf 72 720 Td (Statement ${options.seed ?? 'sample'}) Tj ET`;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.from(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const padding = options.paddingBytes ?? (options.padding ? randomBytes(options.padding) : null);
  if (padding) {
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${padding.length} >>\nstream\n`), padding, Buffer.from('\nendstream')]));
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    offset += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid 2×2 RGB PNG (signature, IHDR, zlib IDAT, IEND, correct CRCs); `seed` picks the colour. */
export function png(seed = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0); // width
  ihdr.writeUInt32BE(2, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  const row = (r: number) => Buffer.from([0, r, seed & 0xff, 0x40, r, (seed >> 8) & 0xff, 0x80]);
  const raw = Buffer.concat([row(0x10), row(0x90)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JFIF skeleton: SOI, APP0 (JFIF), a comment segment carrying `seed`, EOI. */
export function jpeg(seed = 'jpeg'): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const comment = Buffer.from(seed, 'ascii');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), comment]);
  com.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, com, Buffer.from([0xff, 0xd9])]);
}

/** A little-endian TIFF: header pointing at an IFD at offset 8 describing a 1×1 grey image. */
export function tiff(seed = 0): Buffer {
  const entries: [number, number, number, number][] = [
    // tag, type (3 SHORT, 4 LONG), count, value
    [256, 3, 1, 1], // ImageWidth
    [257, 3, 1, 1], // ImageLength
    [258, 3, 1, 8], // BitsPerSample
    [259, 3, 1, 1], // Compression: none
    [262, 3, 1, 1], // Photometric: black is zero
    [273, 4, 1, 0], // StripOffsets (patched below)
    [278, 3, 1, 1], // RowsPerStrip
    [279, 4, 1, 1], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const pixelAt = 8 + ifdSize;
  const buf = Buffer.alloc(pixelAt + 1);
  buf.write('II', 0, 'ascii');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(8, 4);
  buf.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 10 + i * 12;
    buf.writeUInt16LE(tag, at);
    buf.writeUInt16LE(type, at + 2);
    buf.writeUInt32LE(count, at + 4);
    if (type === 3) buf.writeUInt16LE(value, at + 8);
    else buf.writeUInt32LE(tag === 273 ? pixelAt : value, at + 8);
  });
  buf.writeUInt32LE(0, 10 + entries.length * 12); // no next IFD
  buf[pixelAt] = seed & 0xff;
  return buf;
}

export function csvFile(seed = 'x'): Buffer {
  return Buffer.from(`date,description,amount\n2026-01-02,Invoice ${seed},1200.00\n2026-01-03,Rent,-800.00\n2026-01-09,Sale,55.10\n`);
}

/** A stored (uncompressed) zip with local headers, central directory and end record. */
export function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(0, 8); // method: stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date (1980-01-01)
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/** A minimal XLSX package: content types, workbook and one sheet, in a stored zip. */
export function xlsx(seed = 'x'): Buffer {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  return zip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>'),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: xml(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${seed}</t></is></c></row></sheetData></worksheet>`),
    },
  ]);
}

/** An OLE compound file header (what an .xls starts with) padded to 1 KiB. */
export function xls(seed = 0): Buffer {
  const buf = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf, 0);
  buf.writeUInt16LE(0x003e, 24); // minor version
  buf.writeUInt16LE(0x0003, 26); // major version 3
  buf.writeUInt16LE(0xfffe, 28); // byte order
  buf.writeUInt16LE(9, 30); // sector shift (512)
  buf.writeUInt16LE(6, 32); // mini sector shift
  buf.writeUInt32LE(seed, 600);
  return buf;
}

export interface StatementTx {
  transactionDate: string;
  description: string;
  amount: number | string;
  runningBalance?: number | string;
  startingBalance?: number | string;
  closingBalance?: number | string;
}

/** An open-banking JSON statement (spec, Resources > Document). */
export function statement(
  options: { accountNumber?: string; sortCode?: string; bankName?: string; transactions?: StatementTx[]; accountInfo?: Record<string, unknown> } = {},
) {
  return {
    accountInfo: {
      accountNumber: options.accountNumber ?? '12345678',
      sortCode: options.sortCode ?? '01-02-03',
      accountHolder: 'Acme Widgets Ltd',
      currency: 'GBP',
      bankName: options.bankName ?? 'Example Bank',
      accountType: 'business',
      ...options.accountInfo,
    },
    transactions: options.transactions ?? [
      { transactionDate: '2026-01-05', description: 'Card sales', amount: 1500.25, runningBalance: 2500.25 },
      { transactionDate: '2026-01-06', description: 'Rent', amount: -1000, runningBalance: 1500.25 },
    ],
  };
}

export function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value, null, 2));
}

export interface FilePart {
  filename: string;
  content: Uint8Array;
  type?: string;
}

/** A multipart/form-data body encoded by the platform's own FormData. */
export async function multipartBody(parts: [string, string | FilePart][]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.content)], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') as string };
}

/** POST /document_upload/{customer_id}/ with the given parts (default: document_type then document). */
export async function uploadParts(
  t: TestApp,
  client: Pick<PartnerClient, 'token'>,
  customerId: string,
  parts: [string, string | FilePart][],
  options: { base?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `${options.base ?? BASE}/document_upload/${customerId}/`,
    headers: { authorization: `Bearer ${client.token}`, accept: 'application/json', 'content-type': contentType, ...options.headers },
    payload,
  });
}

export function upload(
  t: TestApp,
  client: Pick<PartnerClient, 'token'>,
  customerId: string,
  documentType: string,
  file: FilePart,
  options: { base?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return uploadParts(
    t,
    client,
    customerId,
    [
      ['document_type', documentType],
      ['document', file],
    ],
    options,
  );
}

/** The stored bytes of a document, its chunks concatenated in `seq` order. */
export async function storedBytes(t: TestApp, documentId: string): Promise<Buffer> {
  const { rows } = await t.testDb.db.query<{ data: Uint8Array }>('SELECT data FROM document_chunks WHERE document_id = $1 ORDER BY seq', [documentId]);
  return Buffer.concat(rows.map((r) => Buffer.from(r.data)));
}

/** A valid PDF of exactly `size` bytes (its padding stream adjusted until the whole file fits). */
export function pdfOfSize(size: number, seed = 'sized'): Buffer {
  let paddingLength = Math.max(0, size - pdf({ seed, paddingBytes: Buffer.alloc(0) }).length);
  for (let i = 0; i < 10; i++) {
    const candidate = pdf({ seed, paddingBytes: Buffer.alloc(paddingLength, 0x20) });
    if (candidate.length === size) return pdf({ seed, paddingBytes: randomBytes(paddingLength) });
    paddingLength += size - candidate.length;
  }
  throw new Error(`cannot build a PDF of exactly ${size} bytes`);
}
