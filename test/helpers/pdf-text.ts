/** The text of a PDF, read back with pdf-parse (what a reader of the PDF would see). */
import { PDFParse } from 'pdf-parse';

export async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
