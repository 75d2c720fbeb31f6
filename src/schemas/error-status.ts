/**
 * The one table from error code to HTTP status, beside the wire schemas: the partner and admin
 * APIs (src/http) answer with it, and the web pages give a refusal the same status (src/web).
 * Every code has its status: a code added to the domain without one here does not compile.
 */
import type { ErrorCode } from '../domain/errors.ts';

/** The codes only the HTTP layer raises (routing, negotiation, idempotency, limits), never the domain. */
export type HttpErrorCode =
  'MethodNotAllowed' | 'NotAcceptable' | 'IdempotencyKeyInUse' | 'IdempotencyKeyReused' | 'HeaderFieldsTooLarge' | 'ServerError' | 'NotImplemented';

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
  PayloadTooLarge: 413,
  IdempotencyKeyReused: 422,
  UnsupportedMediaType: 415,
  Throttled: 429,
  HeaderFieldsTooLarge: 431,
  ServerError: 500,
  NotImplemented: 501,
};
