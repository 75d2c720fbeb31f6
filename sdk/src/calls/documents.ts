/** Documents and bank statements (docs/behaviour.md, section 11). */
import type { PageQuery } from '../paging.ts';
import type { AnswerOf, BodyOf, CallOptions, UploadDocumentInput } from '../client-types.ts';
import { enc, transportOf } from '../transport.ts';

/** Media types by extension of the files the upload route accepts. */
const MEDIA_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  csv: 'text/csv',
  json: 'application/json',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function mediaTypeOf(filename: string): string {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return MEDIA_TYPES[ext] ?? 'application/octet-stream';
}

export class DocumentCalls {
  listDocuments(customerId: string, query: PageQuery = {}, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/document_upload/{customer_id}/', 'get'>>(
      { method: 'GET', path: `/document_upload/${enc(customerId)}/`, query: { ...query } },
      call,
    );
  }

  /** POST /document_upload/{customer_id}/ (multipart), reporting progress as the body is sent. */
  async uploadDocument(customerId: string, input: UploadDocumentInput, call?: CallOptions) {
    const file = input.content instanceof Blob ? input.content : new Blob([input.content as Uint8Array<ArrayBuffer>]);
    const form = new FormData();
    form.set('document_type', input.document_type);
    form.set('document', new File([file], input.filename, { type: input.contentType ?? mediaTypeOf(input.filename) }));
    // Serialise the form once, then send its bytes through a stream that counts what is read.
    const encoded = new Response(form);
    const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const chunkSize = 64 * 1024;
    return transportOf(this).json<AnswerOf<'/document_upload/{customer_id}/', 'post'>>(
      {
        method: 'POST',
        path: `/document_upload/${enc(customerId)}/`,
        body: () => {
          let offset = 0;
          input.onProgress?.({ sent: 0, total: bytes.length });
          const stream = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (offset >= bytes.length) return controller.close();
              const chunk = bytes.subarray(offset, offset + chunkSize);
              offset += chunk.length;
              controller.enqueue(chunk);
              input.onProgress?.({ sent: offset, total: bytes.length });
            },
          });
          return { body: stream, headers: { 'content-type': contentType } };
        },
      },
      call,
    );
  }

  submitBankStatements(customerId: string, body: BodyOf<'/bank_statements/{customer_id}/', 'post'>, call?: CallOptions) {
    return transportOf(this).json<AnswerOf<'/bank_statements/{customer_id}/', 'post'>>(
      { method: 'POST', path: `/bank_statements/${enc(customerId)}/`, json: body },
      call,
    );
  }
}
