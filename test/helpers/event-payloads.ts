/**
 * The webhook payloads as their schemas (src/schemas/events.ts) say: tests check recorded and
 * delivered payloads with these instead of writing the fields out.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { EventType } from '../../src/domain/event-types.ts';
import { configureAjv } from '../../src/http/validation.ts';
import { EVENT_PAYLOADS } from '../../src/schemas/events.ts';

// The server's Ajv settings: strict UUIDs, and multipleOf decided on exact decimals (1234567.89
// is a multiple of 0.01).
const ajv = new Ajv2020({ allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
configureAjv(ajv);
const validators = new Map(Object.entries(EVENT_PAYLOADS).map(([type, schema]) => [type, ajv.compile(schema)]));

/** What is wrong with the payload for its event type; empty when it matches the schema. */
export function payloadProblems(type: string, payload: unknown): string[] {
  const validate = validators.get(type);
  if (!validate) return [`${type} is not an event type`];
  return validate(payload) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}

/** The payload's fields as its schema lists them, sorted; `absent` names optional fields left out. */
export function payloadKeys(type: EventType, absent: string[] = []): string[] {
  return Object.keys(EVENT_PAYLOADS[type].properties)
    .filter((key) => !absent.includes(key))
    .sort();
}
