import { DomainError } from '../domain/errors.ts';

/** What the multipart parser (busboy) throws for a body that is malformed or cut short: a 400, never a 500. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot)/;

/**
 * Turns the multipart parser's complaints about a request into the client errors they are: a
 * second file is a 400 naming the file part, a malformed body a 400 ParseError. Anything else
 * (ours, or a size limit the error handler maps to 413) passes through unchanged.
 */
export function multipartError(error: unknown, filePart: string): unknown {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === 'FST_FILES_LIMIT') {
    return new DomainError('ValidationError', `send one file per request, in the part named ${filePart}`, { source: { parameter: filePart } });
  }
  if (e?.code === undefined && typeof e?.message === 'string' && MALFORMED_MULTIPART.test(e.message)) {
    return new DomainError('ParseError', 'the multipart/form-data body is malformed or incomplete');
  }
  return error;
}
