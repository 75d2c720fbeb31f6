/**
 * One PDF document of the service, drawn into memory: A4, built-in Helvetica, the service as its
 * creator, and a fixed creation date (the generation day) so the output, and pdfkit's file ID
 * derived from the info dictionary, are stable for the same inputs.
 */
import PDFDocument from 'pdfkit';
import type { IsoDate } from '../domain/dates.ts';

export type Doc = PDFKit.PDFDocument;

export interface PdfInfo {
  title: string;
  subject: string;
  generatedOn: IsoDate;
  margin: number;
  /** Keep every page in memory, so `draw` can go back to them (page numbers). */
  bufferPages?: boolean;
}

export function renderPdf(info: PdfInfo, draw: (doc: Doc) => void): Promise<Buffer> {
  const stamp = new Date(`${info.generatedOn}T00:00:00Z`);
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margin: info.margin,
    bufferPages: info.bufferPages ?? false,
    info: {
      Title: info.title,
      Subject: info.subject,
      Creator: 'Lending Partner API',
      Producer: 'Lending Partner API',
      CreationDate: stamp,
      ModDate: stamp,
    },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
