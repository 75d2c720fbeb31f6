import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode, type ErrorSource } from '../domain/errors.ts';
import { problemsFromValidation } from './validation.ts';

/** The codes only the HTTP layer raises (routing, negotiation, idempotency, limits), never the domain. */
export type HttpErrorCode =
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'IdempotencyKeyInUse'
  | 'IdempotencyKeyReused'
  | 'Throttled'
  | 'HeaderFieldsTooLarge'
  | 'ServerError'
  | 'NotImplemented';

/**
 * The one table from error code to HTTP status, for the API and the web pages alike. Every code
 * has its status: a code added to the domain without one here does not compile.
 */
export const STATUS_BY_CODE: Record<ErrorCode | HttpErrorCode, number> = {
  ValidationError: 400,
  ParseError: 400,
  ApplicationClosed: 400,
  OfferNotSelectable: 400,
  OfferNotConfirmed: 400,
  LoginLinkUnavailable: 400,
  FundingNotAllowed: 400,
  LoanSettled: 400,
  NoRepaymentOnDate: 400,
  RepaymentOutcomePending: 400,
  LoanNotRegulated: 400,
  LoanWithdrawn: 400,
  WithdrawalPeriodEnded: 400,
  BankDetailsInvalid: 400,
  FundingAccountRequired: 400,
  TestClockLimit: 400,
  AuthenticationFailed: 401,
  PermissionDenied: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  DuplicateCustomer: 409,
  ApplicationAlreadyOpen: 409,
  ReapplicationTooSoon: 409,
  InvalidTransition: 409,
  IdempotencyKeyInUse: 409,
  DuplicateDocument: 409,
  DuplicateOperator: 409,
  RepaymentAlreadyCollected: 409,
  WithdrawalNoticeGiven: 409,
  DuplicatePartnerUser: 409,
  TestClockAdvancing: 409,
  PayloadTooLarge: 413,
  IdempotencyKeyReused: 422,
  UnsupportedMediaType: 415,
  Throttled: 429,
  HeaderFieldsTooLarge: 431,
  ServerError: 500,
  NotImplemented: 501,
};

export interface ErrorEntry {
  code: string;
  detail: string;
  meta?: Record<string, unknown>;
  source?: ErrorSource;
}

/** An error raised by the HTTP layer itself (negotiation, auth), with its code. */
export class HttpError extends Error {
  readonly code: ErrorCode | HttpErrorCode;
  readonly detail: string;
  readonly headers: Record<string, string>;
  readonly source?: ErrorSource;
  constructor(code: ErrorCode | HttpErrorCode, detail: string, options: { headers?: Record<string, string>; source?: ErrorSource } = {}) {
    super(detail);
    this.code = code;
    this.detail = detail;
    this.headers = options.headers ?? {};
    this.source = options.source;
  }
}

export function sendErrors(reply: FastifyReply, status: number, errors: ErrorEntry[]): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ errors });
}

function fromDomain(error: DomainError): ErrorEntry[] {
  return error.problems.map((p) => ({
    code: error.code,
    detail: p.detail,
    ...(error.meta ? { meta: error.meta } : {}),
    ...(p.source ? { source: p.source } : {}),
  }));
}

/** Fastify's own client errors, by their code. Anything not listed is a server error. */
const FASTIFY_CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UnsupportedMediaType', 'Content-Type must be application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['ParseError', 'Content-Length does not match the body'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PayloadTooLarge', 'the request body is larger than allowed'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['ValidationError', 'a JSON body is required'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['ParseError', 'the body is not valid JSON'],
  FST_REQ_FILE_TOO_LARGE: ['PayloadTooLarge', 'the file is larger than 20 MiB; nothing was stored'],
  FST_PARTS_LIMIT: ['PayloadTooLarge', 'the upload has too many parts'],
  FST_FILES_LIMIT: ['PayloadTooLarge', 'send one file per request'],
  FST_FIELDS_LIMIT: ['PayloadTooLarge', 'the upload has too many fields'],
  FST_PROTO_VIOLATION: ['ValidationError', 'a field name is not allowed'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['UnsupportedMediaType', 'Content-Type must be multipart/form-data'],
  FST_MP_PREMATURE_CLOSE: ['ParseError', 'the upload ended before it was complete'],
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      return sendErrors(reply, STATUS_BY_CODE[error.code], fromDomain(error));
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendErrors(reply, STATUS_BY_CODE[error.code], [{ code: error.code, detail: error.detail, ...(error.source ? { source: error.source } : {}) }]);
    }
    if (error.validation) {
      const problems = problemsFromValidation(error.validation, error.validationContext ?? 'body');
      return sendErrors(
        reply,
        400,
        problems.map((p) => ({ code: 'ValidationError', ...p })),
      );
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [code, detail] = known;
      const entry: ErrorEntry = { code, detail };
      if (code === 'ValidationError') entry.source = { pointer: '' };
      return sendErrors(reply, STATUS_BY_CODE[code], [entry]);
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return sendErrors(reply, 400, [{ code: 'ParseError', detail: 'the body is not valid JSON' }]);
    }
    if (error.statusCode === 429) {
      return sendErrors(reply, 429, [{ code: 'Throttled', detail: error.message || 'too many requests' }]);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A client error from a plugin we did not map: keep its status, never leak internals.
      request.log.warn({ code: error.code, name: error.name, statusCode: error.statusCode }, 'unmapped client error');
      return sendErrors(reply, error.statusCode, [{ code: 'BadRequest', detail: 'the request could not be processed' }]);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendErrors(reply, 500, [{ code: 'ServerError', detail: 'an unexpected error occurred', meta: { request_id: String(request.id) } }]);
  });
}

/** Known paths with a wrong method answer 405 with Allow; unknown paths 404. */
export function installNotFoundHandler(app: FastifyInstance, allowedMethods: (path: string) => string[]): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = allowedMethods(path);
    // The router found no route although the method is listed for this path shape (an id too long
    // for the router, say): that names nothing, so 404 rather than a 405 listing the method itself.
    const listed = allowed.includes(request.method) || (request.method === 'HEAD' && allowed.includes('GET'));
    if (allowed.length > 0 && !listed) {
      reply.header('Allow', allowed.join(', '));
      return sendErrors(reply, 405, [{ code: 'MethodNotAllowed', detail: `${request.method} is not allowed here; allowed: ${allowed.join(', ')}` }]);
    }
    return sendErrors(reply, 404, [{ code: 'NotFound', detail: 'no such route' }]);
  });
}
