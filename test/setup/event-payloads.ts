/**
 * Every event the service records in a test's process is checked against its event type's schema
 * at the outbox write; a test during which one did not match fails with the problems.
 */
import { afterEach, expect } from 'vitest';
import { checkPayloadsWith } from '../../src/store/outbox-store.ts';
import { payloadProblems } from '../helpers/event-payloads.ts';

const mismatches: string[] = [];

checkPayloadsWith((type, payload) => {
  const problems = payloadProblems(type, payload);
  if (problems.length > 0) mismatches.push(`${type}: ${problems.join('; ')}`);
});

afterEach(() => {
  expect(mismatches.splice(0), 'events recorded that do not match their schemas').toEqual([]);
});
