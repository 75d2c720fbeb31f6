import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { documentName, listDocuments, MAX_UPLOAD_BYTES, storeDocument } from '../services/documents.ts';
import { stageStream, type StagedFile } from '../services/staged-file.ts';
import { attempt, type RefusalMap } from '../web/attempt.ts';
import type { FieldErrors } from '../web/forms.ts';
import { portalChrome, portalContext, portalScope } from './context.ts';
import { documentsPage } from './views/documents.ts';

interface UploadBody {
  _csrf?: string;
  document_type?: string;
  document?: { staged: StagedFile; filename: string };
}

/** The upload checks of the partner API, in words beside the form's fields, with the API's status. */
const UPLOAD_REFUSALS: RefusalMap = {
  DuplicateDocument: () => ({ errors: { document: 'You have already uploaded this file' } }),
  UnsupportedMediaType: (error) => ({
    errors: {
      document: error.meta?.accepted_document_types
        ? 'A JSON file can only be uploaded as a bank statement'
        : 'The file must be a PDF, PNG, JPEG, TIFF, CSV, XLS or XLSX file',
    },
  }),
  ParseError: () => ({ errors: { document: 'The bank statement file is not valid JSON' } }),
  PayloadTooLarge: () => ({ errors: { document: 'The file must be smaller than 20 MiB' } }),
  ValidationError: (error) => {
    const errors: FieldErrors = {};
    for (const problem of error.problems) {
      if (problem.source?.parameter === 'document_type') errors.document_type ??= 'Choose the type of document';
      else if (problem.source?.parameter === 'document') errors.document ??= 'Choose a file to upload';
      else errors.document ??= `The bank statement cannot be read: ${problem.detail} (at ${problem.source?.pointer ?? 'the file'})`;
    }
    return { errors };
  },
};

/** Errors of the multipart parser itself, before the handler: the size limit above all. */
const PARSER_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, 'The file must be smaller than 20 MiB'],
  FST_FILES_LIMIT: [400, 'Upload one file at a time'],
  FST_PARTS_LIMIT: [400, 'Upload one file at a time'],
  FST_FIELDS_LIMIT: [400, 'Upload one file at a time'],
};

/** The documents page: the customer's documents, and the upload form with the partner API's checks. */
export const portalDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    form: { document_type: string },
    errors: FieldErrors,
    notice: string | null,
  ) => {
    const scope = portalScope(request);
    const list = await listDocuments(portalContext(request), scope.tenant, scope.customerId);
    return reply.page(status, documentsPage(portalChrome(request, reply, '/portal/documents'), reply.generateCsrf(), list.data, form, errors, notice));
  };

  app.get('/documents', { schema: { querystring: Type.Object({ uploaded: Type.Optional(Type.String()) }) } }, async (request, reply) =>
    render(
      request,
      reply,
      200,
      { document_type: 'bank statement' },
      {},
      request.query.uploaded ? 'Thank you: we have your file and are checking it now.' : null,
    ),
  );

  // Every file staged for a request, removed once it is answered, whatever happened (a file over
  // the limit is staged before the parser reports it; a refused CSRF token comes after staging).
  const staged = new WeakMap<FastifyRequest, StagedFile[]>();

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 10, fieldSize: 1024 },
      attachFieldsToBody: 'keyValues',
      // Files are streamed to a staging file as they arrive, never held whole in memory.
      async onFile(this: FastifyRequest, part: MultipartFile) {
        const file = await stageStream(part.file);
        staged.set(this, [...(staged.get(this) ?? []), file]);
        (part as unknown as { value: unknown }).value = { staged: file, filename: part.filename };
      },
    });
    scope.addHook('onResponse', async (request) => {
      await Promise.all((staged.get(request) ?? []).map((file) => file.remove()));
    });

    const onFormError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const known = error.code ? PARSER_ERRORS[error.code] : undefined;
      if (!known || !request.webSession) return null;
      return render(request, reply, known[0], { document_type: 'bank statement' }, { document: known[1] }, null);
    };

    scope.post('/documents', { config: { onFormError } }, async (request, reply) => {
      const portal = portalScope(request);
      const body = (request.body ?? {}) as UploadBody;
      const documentType = body.document_type ?? '';
      const file = body.document;
      // A form sent without a file chosen carries an empty part with no name.
      const chosen = file && !(file.filename === '' && file.staged.size === 0) ? file : undefined;
      const stored = await attempt(
        () =>
          storeDocument(portalContext(request), portal.tenant, portal.customerId, documentType || undefined, chosen?.staged, documentName(chosen?.filename)),
        UPLOAD_REFUSALS,
      );
      if (!stored.ok) return render(request, reply, stored.refusal.status, { document_type: documentType }, stored.refusal.errors, null);
      return reply.redirect('/portal/documents?uploaded=1', 303);
    });
  });
};
