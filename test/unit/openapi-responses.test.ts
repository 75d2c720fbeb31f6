import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OpenApiResponses, type OpenApiDocument } from '../helpers/openapi-responses.ts';

const partner = JSON.parse(readFileSync('openapi.json', 'utf8')) as OpenApiDocument;
const responses = new OpenApiResponses({ partner });
const BASE = '/api/lending/v2.2';
const JSON_TYPE = 'application/json; charset=utf-8';
const APPLICATION = `${BASE}/customers/:customer_id/applications/latest/`;
const SCHEDULE = `${BASE}/offers/:offer_id/repayment_schedule/`;
const check = (method: string, route: string | null, status: number, type: string | undefined, body: string | null, url = route ?? '') =>
  responses.check(method, url, route, status, type, body);

describe('the response validator of the test apps (docs/behaviour.md, section 26)', () => {
  it('passes answers as the document declares them', () => {
    expect(check('PATCH', APPLICATION, 202, undefined, '')).toBeNull();
    expect(check('GET', SCHEDULE, 200, 'application/pdf', '%PDF-1.7')).toBeNull();
    expect(check('GET', `${BASE}/introducers/`, 200, JSON_TYPE, '{"data":{"introducers":[]}}')).toBeNull();
    expect(check('GET', `${BASE}/introducers/`, 401, JSON_TYPE, '{"errors":[{"code":"AuthenticationFailed","detail":"x"}]}')).toBeNull();
    // The v2.1 alias answers as the document's v2.2 operation.
    expect(check('GET', '/api/lending/v2.1/introducers/', 200, JSON_TYPE, '{"data":{"introducers":[]}}')).toBeNull();
    // No route: the error envelope.
    expect(check('GET', null, 404, JSON_TYPE, '{"errors":[{"code":"NotFound","detail":"no such route"}]}', `${BASE}/nothing/`)).toBeNull();
    // Outside both APIs: not checked.
    expect(check('GET', '/portal/login', 200, 'text/html', '<html>')).toBeNull();
  });

  it('finds drift: an undeclared status, a body on a no-content answer, an undeclared media type, a body off its schema, an undocumented route', () => {
    expect(check('GET', `${BASE}/introducers/`, 418, JSON_TYPE, '{}')).toMatch(/status 418 is not declared/);
    expect(check('PATCH', APPLICATION, 202, JSON_TYPE, '{"data":{}}')).toMatch(/declared without a body/);
    expect(check('GET', `${BASE}/introducers/`, 200, 'text/plain', 'hello')).toMatch(/sent text\/plain, declared application\/json/);
    expect(check('GET', `${BASE}/introducers/`, 200, JSON_TYPE, '{"data":{"introducers":"none"}}')).toMatch(/does not match the declared schema/);
    expect(check('GET', `${BASE}/introducers/`, 200, JSON_TYPE, '')).toMatch(/sent no body/);
    expect(check('GET', `${BASE}/introducers/`, 401, JSON_TYPE, '{"error":"x"}')).toMatch(/does not match/);
    expect(check('GET', `${BASE}/secret/`, 200, JSON_TYPE, '{}')).toMatch(/not in the partner document/);
    expect(check('GET', null, 404, 'text/plain', 'Not Found', `${BASE}/nothing/`)).toMatch(/not the error envelope/);
  });
});
