import { Type } from 'typebox';
import { DOCUMENT_TYPES } from '../domain/document-types.ts';
import { Data, IsoDateTime, StringEnum, Uuid } from './common.ts';
import { PageMeta, PageQueryFields } from './paging.ts';

export const DocumentListQuery = Type.Object(PageQueryFields);

export const UploadResponse = Data(
  Type.Object({ document_id: Uuid, document_name: Type.String(), document_type: StringEnum(DOCUMENT_TYPES), upload_date: IsoDateTime }),
);

/**
 * The upload form, for the OpenAPI document only: the parts are streamed by the route, never parsed
 * into the body, so the schema also admits the empty body the multipart parser leaves.
 */
export const DocumentUploadForm = Type.Unsafe<null | Record<string, unknown>>({
  type: ['object', 'null'],
  required: ['document_type', 'document'],
  properties: {
    document_type: { type: 'string', enum: [...DOCUMENT_TYPES], description: 'Exactly one of the document types' },
    document: {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: 'The file: PDF, PNG, JPEG, TIFF, CSV, XLS or XLSX (JSON only for "bank statement"); at most 20 MiB',
    },
  },
});

export const DocumentListResponse = Type.Object({
  data: Type.Array(
    Type.Object({
      type: Type.Literal('document'),
      id: Uuid,
      attributes: Type.Object({
        document_name: Type.String(),
        document_type: Type.String(),
        upload_date: IsoDateTime,
        status: StringEnum(['pending', 'processing', 'accepted', 'rejected'] as const),
        reject_reason: Type.Union([Type.String(), Type.Null()]),
      }),
      relationships: Type.Object({
        bank_account: Type.Object({ data: Type.Union([Type.Object({ type: Type.Literal('bank_account'), id: Uuid }), Type.Null()]) }),
      }),
    }),
  ),
  included: Type.Array(
    Type.Object({
      type: Type.Literal('bank_account'),
      id: Uuid,
      attributes: Type.Object({ bank_name: Type.String(), account_number: Type.String() }),
    }),
  ),
  meta: PageMeta,
});
