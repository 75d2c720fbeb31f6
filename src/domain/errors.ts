/**
 * Domain errors are values with a code; `src/schemas/error-status.ts` maps each code to an HTTP
 * status, for the APIs and the web pages alike. The domain never speaks HTTP.
 */

export type ErrorCode =
  | 'ValidationError'
  | 'NotFound'
  | 'PermissionDenied'
  | 'AuthenticationFailed'
  | 'DuplicateCustomer'
  | 'ApplicationAlreadyOpen'
  | 'ReapplicationTooSoon'
  | 'ApplicationClosed'
  | 'InvalidTransition'
  | 'OfferNotSelectable'
  | 'OfferNotConfirmed'
  | 'LoginLinkUnavailable'
  | 'DuplicateDocument'
  | 'DuplicateOperator'
  | 'DuplicatePartnerUser'
  | 'FundingNotAllowed'
  | 'LoanSettled'
  | 'NoRepaymentOnDate'
  | 'RepaymentAlreadyCollected'
  | 'RepaymentOutcomePending'
  | 'LoanNotRegulated'
  | 'LoanWithdrawn'
  | 'WithdrawalPeriodEnded'
  | 'WithdrawalNoticeGiven'
  | 'BankDetailsInvalid'
  | 'FundingAccountRequired'
  | 'TestClockAdvancing'
  | 'TestClockLimit'
  | 'UnsupportedMediaType'
  | 'ParseError'
  | 'PayloadTooLarge'
  | 'Throttled';

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
}

export interface Problem {
  detail: string;
  source?: ErrorSource;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly meta?: Record<string, unknown>;
  readonly problems: Problem[];

  constructor(code: ErrorCode, detail: string, options: { meta?: Record<string, unknown>; source?: ErrorSource; problems?: Problem[] } = {}) {
    super(detail);
    this.name = 'DomainError';
    this.code = code;
    this.detail = detail;
    this.meta = options.meta;
    this.problems = options.problems ?? [{ detail, source: options.source }];
  }
}

export function notFound(what: string): DomainError {
  return new DomainError('NotFound', `${what} not found`);
}

/** A 400 listing every problem found, each with its pointer or parameter. */
export function validationFailed(problems: Problem[]): DomainError {
  return new DomainError('ValidationError', problems[0]?.detail ?? 'invalid request', { problems });
}

export function invalidAt(pointer: string, detail: string): DomainError {
  return validationFailed([{ detail, source: { pointer } }]);
}
