/**
 * Every answer a test app sends from the partner or admin API is checked against the OpenAPI
 * documents (test/helpers/openapi-responses.ts); a test during which one drifted fails with the problems.
 */
import { afterEach, expect } from 'vitest';
import { responseProblems } from '../helpers/openapi-responses.ts';

afterEach(() => {
  expect(responseProblems.splice(0), 'answers that differ from the OpenAPI documents').toEqual([]);
});
