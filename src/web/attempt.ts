/**
 * Running a service action from a page: its value, or the refusal a form shows (docs/behaviour.md,
 * section 19). A page lists the domain refusals it shows itself, each with how it reads (beside
 * the fields, or in words above the form); the status is the one the APIs give the refusal's code
 * (STATUS_BY_CODE). Anything else (an error not listed, a refusal of another code) goes on to the
 * surface's error pages, as it would without the page.
 */
import { DomainError, type ErrorCode } from '../domain/errors.ts';
import { STATUS_BY_CODE } from '../schemas/error-status.ts';
import { inWords } from './format.ts';
import { fieldErrorsFrom, type FieldErrors } from './forms.ts';

/** How one refusal reads on the page: errors beside fields, a problem above the form, or both. */
export interface RefusalWords {
  errors?: FieldErrors;
  problem?: string | null;
}

/** The refusals a page shows, by code, each with its words. */
export type RefusalMap = Partial<Record<ErrorCode, (error: DomainError) => RefusalWords>>;

/** A refusal ready for the view: the status to answer with and the words to show. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  errors: FieldErrors;
  problem: string | null;
}

export type Attempted<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** The refusal `error` is for a page showing `refusals`, or null when the page does not show it. */
export function refusalOf(error: unknown, refusals: RefusalMap): Refusal | null {
  if (!(error instanceof DomainError)) return null;
  const words = refusals[error.code];
  if (!words) return null;
  const shown = words(error);
  return {
    status: STATUS_BY_CODE[error.code],
    code: error.code,
    errors: shown.errors ?? {},
    problem: shown.problem === undefined || shown.problem === null ? null : inWords(shown.problem),
  };
}

/** Runs `action`: its value, or the refusal of a listed code; any other error is thrown on. */
export async function attempt<T>(action: () => T | Promise<T>, refusals: RefusalMap): Promise<Attempted<T>> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    const refusal = refusalOf(error, refusals);
    if (!refusal) throw error;
    return { ok: false, refusal };
  }
}

/** The same words for each of `codes`. */
export function refusing(codes: readonly ErrorCode[], words: (error: DomainError) => RefusalWords): RefusalMap {
  return Object.fromEntries(codes.map((code) => [code, words]));
}

/** The console's words for a refused action: "Not done: <why>." above the page. */
export function notDone(error: DomainError): RefusalWords {
  return { problem: `Not done: ${error.detail}.` };
}

/** Each problem beside the field its pointer names (else `fallbackField`), as a sentence. */
export function besideFields(fieldOfPointer: Record<string, string>, fallbackField: string): (error: DomainError) => RefusalWords {
  return (error) => ({ errors: fieldErrorsFrom(error.problems, fieldOfPointer, fallbackField) });
}

/** Fixed words above the form, whatever the refusal's detail. */
export function saying(problem: string): () => RefusalWords {
  return () => ({ problem });
}
