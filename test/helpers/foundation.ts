import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BASE, type TestApp } from './app.ts';

/** A request with exactly the headers given (no defaults added). */
export function raw(t: TestApp, method: InjectOptions['method'], url: string, headers: Record<string, string> = {}, payload?: string | Buffer) {
  return t.app.inject({ method, url: url.startsWith('/api') || url.startsWith('/admin') ? url : `${BASE}${url}`, headers, payload });
}

export interface ErrorEntry {
  code: string;
  detail: string;
  meta?: Record<string, unknown>;
  source?: { pointer?: string; parameter?: string };
}

/**
 * Asserts the error envelope of docs/behaviour.md, section 4: status, `{errors: [...]}` and nothing else,
 * every entry with a string code (the given one) and a non-empty detail, and only the allowed keys.
 */
export function expectError(res: LightMyRequestResponse, status: number, code: string): ErrorEntry[] {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['errors']);
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const entry of body.errors as ErrorEntry[]) {
    expect(entry.code).toBe(code);
    expect(typeof entry.detail).toBe('string');
    expect(entry.detail.length).toBeGreaterThan(0);
    for (const key of Object.keys(entry)) expect(['code', 'detail', 'meta', 'source']).toContain(key);
    if (entry.source !== undefined) {
      for (const key of Object.keys(entry.source)) expect(['pointer', 'parameter']).toContain(key);
    }
    if (entry.meta !== undefined) expect(typeof entry.meta).toBe('object');
    // Never a stack trace or SQL in an answer.
    expect(entry.detail).not.toMatch(/\bat .+\.ts:\d+|SELECT |INSERT |UPDATE .* SET/);
  }
  return body.errors as ErrorEntry[];
}

/** A 400 ValidationError; returns the pointers reported, in order. */
export function expectValidation(res: LightMyRequestResponse): string[] {
  const errors = expectError(res, 400, 'ValidationError');
  return errors.map((e) => e.source?.pointer ?? e.source?.parameter ?? '');
}

/** A 400 ValidationError whose entries point at exactly `pointers` (in any order). */
export function expectPointers(res: LightMyRequestResponse, pointers: string[]): ErrorEntry[] {
  const found = expectValidation(res);
  expect([...found].sort()).toEqual([...pointers].sort());
  return res.json().errors;
}

/** A UUID as the API writes one (lower case); UUID_TEXT places one inside a larger pattern. */
export const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const UUID = new RegExp(`^${UUID_TEXT}$`);

export const UNKNOWN_UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

export async function countRows(t: TestApp, table: string, where = 'TRUE', params: unknown[] = []): Promise<number> {
  const { rows } = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
  return rows[0].n;
}
