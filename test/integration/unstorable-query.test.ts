/**
 * Text PostgreSQL cannot store (a NUL, an unpaired surrogate) in a URL (docs/behaviour.md,
 * section 4): in an API's query string it is a 400 `ValidationError` naming the parameter, on every
 * route; in a path it names nothing (404); on a page it is read as absent. Never a 500.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BASE, createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';
import { signedInPartnerUser } from '../helpers/dashboard.ts';
import { BACKENDS } from '../helpers/db.ts';
import { countRows, expectError } from '../helpers/foundation.ts';
import { customerWithApplication } from '../helpers/lending.ts';
import type { OpenApiDocument } from '../helpers/openapi-responses.ts';
import { signedInCustomer } from '../helpers/web-user.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';
/** As a URL carries them: a NUL alone, a NUL inside text, and the same inside a repeated parameter. */
const NUL_VALUES = ['%00', 'abc%00def'];

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: { enum?: string[] };
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The media types of its body, if it takes one. */
  bodyTypes: string[];
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: ((operation as { parameters?: Parameter[] }).parameters ?? []).filter((p) => p.in !== 'header'),
      bodyTypes: Object.keys((operation as { requestBody?: { content: Record<string, unknown> } }).requestBody?.content ?? {}),
    })),
  );
}

describe.each(BACKENDS)('text PostgreSQL cannot store, in URLs, on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t, { name: 'Nul Partner' });

  const documents = () => {
    const app = t.app as unknown as { swagger(): OpenApiDocument; adminSwagger(): OpenApiDocument };
    return [
      { operations: operationsOf(app.swagger()), token: partner.token },
      { operations: operationsOf(app.adminSwagger()), token: ADMIN_TOKEN },
    ];
  };
  /** A request to the operation with a body of the kind it takes (JSON, or an empty multipart form), which it may refuse later. */
  const call = (operation: Operation, url: string, token: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let payload: string | undefined;
    if (operation.bodyTypes.includes('multipart/form-data')) {
      headers['content-type'] = 'multipart/form-data; boundary=b';
      payload = '--b--\r\n';
    } else if (operation.bodyTypes.length > 0) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify({ data: {} });
    }
    return t.app.inject({ method: operation.method as 'GET', url, headers, payload });
  };
  /** The query parameters a route requires, with a value it takes (an enum's first). */
  const required = (operation: Operation) =>
    operation.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${p.schema?.enum?.[0] ?? 'x'}`)
      .join('&');

  it('refuses a NUL in any query parameter of either API with 400 ValidationError naming it, before the route reads it', async () => {
    await createCustomer(partner);
    const customers = await countRows(t, 'customers');
    let checked = 0;
    for (const { operations, token } of documents()) {
      for (const operation of operations) {
        const path = operation.path.replace(/\{[^}]+\}/g, SOME_ID);
        // Each parameter the route declares, and one it does not read.
        const names = [...operation.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'unread'];
        for (const name of names) {
          for (const value of NUL_VALUES) {
            const [error] = expectError(await call(operation, `${path}?${name}=${value}`, token), 400, 'ValidationError');
            expect(error).toEqual({
              code: 'ValidationError',
              detail: `${name} must not contain NUL characters or unpaired surrogates`,
              source: { parameter: name },
            });
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(await countRows(t, 'customers')).toBe(customers);
  });

  it('answers the reviewed searches and filters, a repeated parameter and a NUL in a name alike', async () => {
    for (const url of ['/admin/v1/customers?q=%00', '/admin/v1/customers?q=abc%00def', '/admin/v1/audit?target_id=%00', '/admin/v1/customers?q=ok&q=a%00']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      const name = url.includes('target_id') ? 'target_id' : 'q';
      expect(expectError(res, 400, 'ValidationError')[0].source).toEqual({ parameter: name });
    }
    const [named] = expectError(await partner.get('/events/?%00=1'), 400, 'ValidationError');
    expect(named).toEqual({
      code: 'ValidationError',
      detail: 'a parameter name must not contain NUL characters or unpaired surrogates',
      source: { parameter: '\u0000' },
    });
    // Authentication comes first: without a token it is 401, as any request.
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/customers?q=%00' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/request_log/?status=%00` })).statusCode).toBe(401);
    // Text that is storable still reaches the route: a search that finds nothing.
    const fine = await t.admin('GET', '/customers?q=%E2%80%8B');
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('answers a NUL in any path parameter of either API as naming nothing (404, or the body refused first), never a 500', async () => {
    let checked = 0;
    for (const { operations, token } of documents()) {
      for (const operation of operations) {
        for (const { name } of operation.parameters.filter((p) => p.in === 'path')) {
          for (const value of NUL_VALUES) {
            const url = `${operation.path.replace(`{${name}}`, value).replace(/\{[^}]+\}/g, SOME_ID)}?${required(operation)}`;
            const res = await call(operation, url, token);
            // A GET or DELETE has no body to refuse first: the id names nothing.
            if (operation.method === 'GET') expectError(res, 404, 'NotFound');
            else expect([400, 404], `${operation.method} ${url}: ${res.body}`).toContain(res.statusCode);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(80);
  });

  it('reads such a value as absent on the pages: the dashboard, the console and the portal answer, never a 500', async () => {
    const { customerId } = await customerWithApplication(partner);
    const { user: operator } = await signedInOperator(t, 'admin');
    const { user: developer } = await signedInPartnerUser(t, partner.partnerId, 'developer');
    const customer = await signedInCustomer(t, partner, customerId);
    for (const value of NUL_VALUES) {
      // The search reads as no search: every customer is listed.
      const search = await developer.get(`/dashboard/customers?q=${value}`);
      expect(search.statusCode).toBe(200);
      expect(search.body).toContain('Acme Widgets Ltd');
      for (const path of [
        `/dashboard/test-clocks?cursor=${value}`,
        `/dashboard/logs?failed=${value}`,
        `/dashboard/events?type=${value}&after=${value}`,
        `/dashboard/?done=${value}&${value}=1`,
      ]) {
        expect((await developer.get(path)).statusCode, path).toBe(200);
      }
      for (const path of [
        `/console/audit?operator=${value}&type=${value}&target=${value}`,
        `/console/applications?status=${value}`,
        `/console/loans?arrears=${value}`,
      ]) {
        expect((await operator.get(path)).statusCode, path).toBe(200);
      }
      expect((await customer.get(`/portal/documents?uploaded=${value}`)).statusCode).toBe(200);
      // In a path, as any id that is not one: not found.
      expect((await developer.get(`/dashboard/events/${value}`)).statusCode).toBe(404);
      expect((await operator.get(`/console/customers/${value}`)).statusCode).toBe(404);
      expect((await customer.get(`/portal/loans/${value}`)).statusCode).toBe(404);
    }
  });
});
