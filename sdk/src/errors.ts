/**
 * Errors the client throws. Every non-2xx answer becomes a LendingApiError (or one of its
 * subclasses by status) carrying the API's error envelope; a request that never got an answer
 * (after the client's retries) is a LendingConnectionError.
 */

/** One entry of the API's error envelope `{"errors": [...]}` (docs/behaviour.md, section 4). */
export interface ApiErrorObject {
  code: string;
  detail: string;
  meta?: Record<string, unknown>;
  source?: { pointer?: string; parameter?: string };
}

export interface ApiErrorEnvelope {
  errors: ApiErrorObject[];
}

export class LendingApiError extends Error {
  /** HTTP status of the answer. */
  readonly status: number;
  /** The envelope's entries (at least one: the client makes one up when the body was not an envelope). */
  readonly errors: ApiErrorObject[];
  /** X-Request-ID of the answer: quote it to the lender's support. */
  readonly requestId: string | undefined;
  readonly headers: Headers;
  /** Method and path of the request, for messages. */
  readonly request: { method: string; path: string };

  constructor(status: number, envelope: ApiErrorEnvelope, headers: Headers, request: { method: string; path: string }) {
    const first = envelope.errors[0];
    super(`${request.method} ${request.path}: ${status} ${first.code}: ${first.detail}`);
    this.name = new.target.name;
    this.status = status;
    this.errors = envelope.errors;
    this.headers = headers;
    this.requestId = headers.get('x-request-id') ?? undefined;
    this.request = request;
  }

  /** The first entry's code, e.g. `ValidationError`, `NotFound`, `IdempotencyKeyReused`. */
  get code(): string {
    return this.errors[0].code;
  }

  get detail(): string {
    return this.errors[0].detail;
  }
}

/** 400: ValidationError, ParseError or a domain rule; one entry per problem, with `source`. */
export class LendingValidationError extends LendingApiError {}
/** 401 AuthenticationFailed. */
export class LendingAuthenticationError extends LendingApiError {}
/** 403 PermissionDenied (read-only token, production token on a sandbox route, suspended partner). */
export class LendingPermissionError extends LendingApiError {}
/** 404 NotFound (also an id of another partner or environment). */
export class LendingNotFoundError extends LendingApiError {}
/** 409: a state conflict, or IdempotencyKeyInUse. */
export class LendingConflictError extends LendingApiError {}
/** 422 IdempotencyKeyReused: the key was used with another method, path or body. */
export class LendingIdempotencyError extends LendingApiError {}
/** 429 Throttled (after the client's retries). */
export class LendingRateLimitError extends LendingApiError {
  /** Seconds the server asked to wait (Retry-After), when it said. */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers.get('retry-after'));
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  }
}
/** 5xx (after the client's retries). */
export class LendingServerError extends LendingApiError {}

const byStatus: Record<number, typeof LendingApiError> = {
  400: LendingValidationError,
  401: LendingAuthenticationError,
  403: LendingPermissionError,
  404: LendingNotFoundError,
  409: LendingConflictError,
  422: LendingIdempotencyError,
  429: LendingRateLimitError,
};

function isEnvelope(body: unknown): body is ApiErrorEnvelope {
  const errors = (body as ApiErrorEnvelope | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e?.code === 'string' && typeof e?.detail === 'string');
}

/** The typed error for a non-2xx answer whose body (parsed JSON or text) is `body`. */
export function apiError(status: number, body: unknown, headers: Headers, request: { method: string; path: string }): LendingApiError {
  const envelope: ApiErrorEnvelope = isEnvelope(body)
    ? body
    : { errors: [{ code: status >= 500 ? 'ServerError' : `HTTP${status}`, detail: typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${status}` }] };
  const ErrorClass = byStatus[status] ?? (status >= 500 ? LendingServerError : LendingApiError);
  return new ErrorClass(status, envelope, headers, request);
}

/** No answer from the server (refused, reset, timed out), after the client's retries. */
export class LendingConnectionError extends Error {
  readonly request: { method: string; path: string };
  constructor(request: { method: string; path: string }, cause: unknown) {
    super(`${request.method} ${request.path}: no answer from the server (${reasonOf(cause)})`, { cause });
    this.name = 'LendingConnectionError';
    this.request = request;
  }
}

/** The most telling message of a fetch failure (undici hides the socket error in `cause`). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as (Error & { code?: string }) | undefined;
  if (cause instanceof Error) return cause.code ? `${cause.code}: ${cause.message}` : cause.message;
  return error.message;
}
