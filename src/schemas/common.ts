import { Type, type TSchema } from 'typebox';

/** A string enum as a plain JSON Schema `enum` (one clear error instead of one per branch). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** GBP as a JSON number with at most two decimals. */
export function Money(options: Record<string, unknown> = {}) {
  return Type.Number({ multipleOf: 0.01, ...options });
}

export const Uuid = Type.String({ format: 'uuid' });
export const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const IsoDateTime = Type.String({ format: 'date-time' });

/** A closed object: unknown properties are a 400 with their pointer. */
export function Closed<P extends Record<string, TSchema>>(properties: P, options: Record<string, unknown> = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** `{ data: <schema> }`, the wrapper of every partner request and answer. */
export function Data<S extends TSchema>(schema: S, options: Record<string, unknown> = {}) {
  return Closed({ data: schema }, options);
}

export const ErrorEnvelope = Type.Object(
  {
    errors: Type.Array(
      Type.Object({
        code: Type.String(),
        detail: Type.String(),
        meta: Type.Optional(Type.Object({}, { additionalProperties: true })),
        source: Type.Optional(Type.Object({ pointer: Type.Optional(Type.String()), parameter: Type.Optional(Type.String()) })),
      }),
    ),
  },
  { $id: 'ErrorEnvelope', title: 'Error envelope' },
);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: validation or domain error (source points at the problem)',
  401: 'AuthenticationFailed: missing, malformed, unknown or revoked token',
  403: 'PermissionDenied: read-only token, sandbox route with a production token, or suspended partner',
  404: 'NotFound: no such resource for this partner and environment',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable: Accept does not admit application/json',
  409: 'Conflict: the code says which',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'Throttled',
};

/** Response schemas of the listed error statuses, for the OpenAPI document. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const status of statuses) {
    out[status] = { description: ERROR_DESCRIPTIONS[status] ?? 'Error', $ref: 'ErrorEnvelope#' };
  }
  return out;
}

/** For 202/204 answers: no body is sent. */
export const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'No body' });
