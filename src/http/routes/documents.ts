import { Readable } from 'node:stream';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { multipartError } from '../multipart-errors.ts';
import { errorResponses } from '../../schemas/common.ts';
import { CustomerIdParams } from '../../schemas/customer.ts';
import { DocumentListQuery, DocumentListResponse, DocumentUploadForm, UploadResponse } from '../../schemas/documents.ts';
import { pageRequestOf } from '../../schemas/paging.ts';
import { documentName, listDocuments, MAX_UPLOAD_BYTES, requireCustomer, storeDocument, uploadView } from '../../services/documents.ts';
import { stageStream, type StagedFile } from '../../services/staged-file.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';

const tags = ['Documents'];

/** The upload routes; registered in the scope that also applies the upload rate limit. */
export const documentUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 10, fieldSize: 1024 } });

  app.post(
    '/document_upload/:customer_id/',
    {
      config: { consumes: ['multipart/form-data'], upload: true },
      schema: {
        tags,
        operationId: 'uploadDocument',
        summary: 'Upload a document (multipart: text part document_type, file part document)',
        consumes: ['multipart/form-data'],
        params: CustomerIdParams,
        body: { content: { 'multipart/form-data': { schema: DocumentUploadForm } } },
        response: { 201: UploadResponse, ...errorResponses(400, 401, 403, 404, 406, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const customerId = idParam(request.params.customer_id, 'customer');
      await requireCustomer(app.ctx, tenant, customerId);
      let documentType: string | undefined;
      let staged: StagedFile | undefined;
      let fileName = 'document';
      try {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'document' || staged) {
                part.file.resume();
                continue;
              }
              fileName = documentName(part.filename);
              staged = await stageStream(part.file);
            } else if (part.fieldname === 'document_type') {
              documentType = String(part.value);
            }
          }
        } catch (error) {
          throw multipartError(error, 'document');
        }
        const document = await storeDocument(app.ctx, tenant, customerId, documentType, staged, fileName);
        return reply.code(201).send({ data: uploadView(document) });
      } finally {
        await staged?.remove();
      }
    },
  );

  app.post(
    '/bank_statements/:customer_id/',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      config: { upload: true },
      schema: {
        tags,
        operationId: 'submitBankStatements',
        summary: 'Upload an open-banking JSON bank statement as the body (optionally wrapped in data)',
        params: CustomerIdParams,
        body: Type.Object({}, { additionalProperties: true, description: 'The open-banking statement: accountInfo and transactions' }),
        response: { 201: UploadResponse, ...errorResponses(400, 401, 403, 404, 406, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const customerId = idParam(request.params.customer_id, 'customer');
      await requireCustomer(app.ctx, tenant, customerId);
      const staged = await stageStream(Readable.from([Buffer.from(JSON.stringify(request.body))]));
      try {
        const document = await storeDocument(app.ctx, tenant, customerId, 'bank statement', staged, 'bank-statement.json');
        return reply.code(201).send({ data: uploadView(document) });
      } finally {
        await staged.remove();
      }
    },
  );
};

export const documentListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/document_upload/:customer_id/',
    {
      schema: {
        tags,
        operationId: 'listDocuments',
        summary: "List the customer's documents with their status and bank accounts, newest first (paged)",
        params: CustomerIdParams,
        querystring: DocumentListQuery,
        response: { 200: DocumentListResponse, ...errorResponses(400, 401, 403, 404, 406) },
      },
    },
    async (request) => listDocuments(app.ctx, tenantOf(request), idParam(request.params.customer_id, 'customer'), pageRequestOf(request.query)),
  );
};
