import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { multipartError } from '../multipart-errors.ts';
import { DomainError, validationFailed } from '../../domain/errors.ts';
import { detectFileType } from '../../domain/file-type.ts';
import { errorResponses } from '../../schemas/common.ts';
import {
  PrequalificationAccepted,
  PrequalificationJsonBody,
  PrequalificationMultipartBody,
  PrequalificationQuery,
  PrequalificationResponse,
} from '../../schemas/prequalification.ts';
import { getPrequalification, submitPrequalification } from '../../services/prequalification.ts';
import { stageStream, type StagedFile } from '../../services/staged-file.ts';
import type { PrequalificationFormat } from '../../services/prequalification.ts';
import { tenantOf } from '../auth.ts';
import { idParam } from '../../domain/ids.ts';
import { MAX_UPLOAD_BYTES } from '../../services/documents.ts';
import { parseJsonFile } from '../../domain/json-text.ts';
import { rejectUnstorableStrings } from '../validation.ts';

const tags = ['Prequalification'];

function unsupported(detail: string): DomainError {
  return new DomainError('UnsupportedMediaType', detail);
}

/**
 * The uploaded file as text with its format, recognised by its bytes (a PDF named .csv is
 * refused). The whole file must be UTF-8 text without NUL characters: it is stored as text (a 400
 * naming the line otherwise).
 */
async function fileContent(file: StagedFile, fileName: string): Promise<{ format: PrequalificationFormat; content: string }> {
  if (file.size === 0) throw validationFailed([{ detail: 'file is empty', source: { parameter: 'file' } }]);
  const kind = detectFileType(file.head, fileName);
  if (kind !== 'csv' && kind !== 'json') throw unsupported('the file must be a CSV file with a header row, or a JSON file');
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(await readAll(file));
  } catch {
    throw unsupported('the file must be UTF-8 text');
  }
  const nul = content.indexOf('\u0000');
  if (nul >= 0) {
    const line = content.slice(0, nul).split('\n').length;
    throw validationFailed([{ detail: `file must be text without NUL characters (line ${line} has one)`, source: { parameter: 'file' } }]);
  }
  const text = content.replace(/^\uFEFF/, '');
  if (kind === 'json') {
    // Text PostgreSQL cannot store (a "\u0000" escape, an unpaired surrogate) is refused here, with
    // its pointer into the file; a file that does not parse is left to the background, which
    // settles it as failed with the reason.
    const parsed = parseJsonFile(text, 'the file');
    if (parsed.ok) rejectUnstorableStrings(parsed.value);
  }
  return { format: kind, content: text };
}

async function readAll(file: StagedFile): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of file.chunks(1024 * 1024)) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * POST /prequalification_data (a multipart file part `file`, or a JSON body) and
 * GET /prequalification_data?prequalification_data_id=. Registered in the partner API, whose
 * scope applies authentication, negotiation and the (upload) rate limits.
 */
export const prequalificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 10, fieldSize: 1024 } });

  app.post(
    '/prequalification_data',
    {
      bodyLimit: MAX_UPLOAD_BYTES,
      config: { consumes: ['application/json', 'multipart/form-data'], upload: true },
      schema: {
        tags,
        operationId: 'createPrequalification',
        summary: 'Send prospective customers to prequalify: a CSV or JSON file (multipart part file) or a JSON body',
        description:
          'Answers 202 at once; the file is quoted in the background. Each unique external_customer_id gets a quote (the last row wins). ' +
          'Follow the prequalification_202505 / prequalification_data_file_processed_202510 webhooks, or poll GET /prequalification_data.',
        consumes: ['application/json', 'multipart/form-data'],
        body: {
          content: {
            'application/json': { schema: PrequalificationJsonBody },
            'multipart/form-data': { schema: PrequalificationMultipartBody },
          },
        },
        response: { 202: PrequalificationAccepted, ...errorResponses(400, 401, 403, 406, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      let submitted: { format: PrequalificationFormat; content: string };
      if (request.isMultipart()) {
        let staged: StagedFile | undefined;
        let fileName = 'prequalification';
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== 'file' || staged) {
              part.file.resume();
              continue;
            }
            fileName = (part.filename || fileName).slice(0, 255);
            staged = await stageStream(part.file);
          }
          if (!staged) throw validationFailed([{ detail: 'file (the file part) is required', source: { parameter: 'file' } }]);
          submitted = await fileContent(staged, fileName);
        } catch (error) {
          throw multipartError(error, 'file');
        } finally {
          await staged?.remove();
        }
      } else {
        // A JSON body was validated by PrequalificationJsonBody ({"data": {"customers": [objects]}});
        // a request without any body reaches here with none.
        if (request.body === undefined || request.body === null) {
          throw validationFailed([
            { detail: 'data is required: send {"data": {"customers": [...]}} or a multipart file part file', source: { pointer: '/data' } },
          ]);
        }
        submitted = { format: 'json', content: JSON.stringify(request.body) };
      }
      const file = await submitPrequalification(app.ctx, tenant, submitted.format, submitted.content);
      return reply.code(202).send({ data: { prequalification_data_id: file.id, status: 'processing' as const } });
    },
  );

  app.get(
    '/prequalification_data',
    {
      schema: {
        tags,
        operationId: 'getPrequalification',
        summary: 'Read the status and quotes of a prequalification file',
        querystring: PrequalificationQuery,
        response: { 200: PrequalificationResponse, ...errorResponses(400, 401, 403, 404, 406) },
      },
    },
    async (request) => {
      const id = idParam(request.query.prequalification_data_id, 'prequalification data');
      return { data: await getPrequalification(app.ctx, tenantOf(request), id) };
    },
  );
};
