/**
 * Malformed HTTP on a real socket (issue 12, item 4): every answer is the error envelope with the
 * right status, also when Node's parser refuses the request before any route runs; and logs at
 * `trace` never hold credentials or personal data, whatever the route (item 3).
 */
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { ADMIN_TOKEN, BASE, customerBody, LogSink, usePartner, useTestApp } from '../helpers/app.ts';
import { multipartBody, pdf } from '../helpers/files.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as bytes and reads the answer until the server closes or the body is complete. */
function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const done = () => {
      const text = data.toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const lines = head.split('\r\n');
      const status = Number(lines[0].split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, split));
      if (split >= 0 && length && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])) {
        socket.destroy();
        done();
      }
    });
    socket.on('close', () => (data.length > 0 ? done() : reject(new Error('closed without an answer'))));
    socket.on('error', () => undefined);
    socket.write(request);
  });
}

function expectEnvelope(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { errors: { code: string; detail: string }[] };
  expect(Object.keys(body)).toEqual(['errors']);
  expect(body.errors[0].code).toBe(code);
  expect(body.errors[0].detail.length).toBeGreaterThan(0);
}

describe.each(BACKENDS)('malformed HTTP and logs on %s', (backend) => {
  const sink = new LogSink();
  const t = useTestApp(backend, { env: { LOG_LEVEL: 'trace' }, logStream: sink });
  const partner = usePartner(t);
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  const auth = () => `Authorization: Bearer ${partner.token}\r\n`;
  const path = `${BASE}/customers/`;

  it('item 4: answers malformed requests with the envelope and the right status', async () => {
    const cases: [string, string | Buffer, number, string][] = [
      [
        'bad chunking',
        `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        400,
        'ParseError',
      ],
      [
        'Content-Length and Transfer-Encoding',
        `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
        400,
        'ParseError',
      ],
      ['an invalid header name', `GET ${BASE}/authentication_check/ HTTP/1.1\r\nHost: x\r\n${auth()}Bad Header: 1\r\n\r\n`, 400, 'ParseError'],
      ['an unknown method', `FROB ${BASE}/authentication_check/ HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`, 501, 'NotImplemented'],
      [
        'headers over 16 KiB',
        `GET ${BASE}/authentication_check/ HTTP/1.1\r\nHost: x\r\n${auth()}X-Padding: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
        431,
        'HeaderFieldsTooLarge',
      ],
      ['a missing Host', `GET ${BASE}/authentication_check/ HTTP/1.1\r\n${auth()}\r\n`, 400, 'ParseError'],
    ];
    for (const [name, request, status, code] of cases) {
      const answer = await rawRequest(port, request);
      expect(answer.status, name).toBe(status);
      expectEnvelope(answer, status, code);
    }
    // The well-formed request still works, and HTTP/1.0 needs no Host.
    expect((await rawRequest(port, `GET ${BASE}/authentication_check/ HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`)).status).toBe(200);
    expect((await rawRequest(port, `GET ${BASE}/authentication_check/ HTTP/1.0\r\n${auth()}\r\n`)).status).toBe(200);
  });

  it('item 3: no log line at trace holds a token, a cookie, a header or personal data, on JSON, multipart, portal and admin routes', async () => {
    const body = customerBody({ external_customer_id: 'ext-hardening-log-1' });
    body.data.people[0].first_name = 'Philomena';
    body.data.people[0].last_name = 'Cartwright';
    const created = await partner.post('/customers/', body);
    expect(created.statusCode).toBe(201);
    const customerId = created.json().data.customer_id;
    expect((await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 1000 } })).statusCode).toBe(201);

    const cookie = 'portal_session=cookie-secret-value-123';
    const { payload, contentType } = await multipartBody([
      ['document_type', 'business accounts'],
      ['document', { filename: 'Philomena-passport.pdf', content: pdf({ seed: 'log' }) }],
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${BASE}/document_upload/${customerId}/`,
      headers: { authorization: `Bearer ${partner.token}`, 'content-type': contentType, cookie },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const preq = await multipartBody([['file', { filename: 'customers.csv', content: Buffer.from('external_customer_id\nPhilomena-1\n') }]]);
    const preqRes = await t.app.inject({
      method: 'POST',
      url: `${BASE}/prequalification_data`,
      headers: { authorization: `Bearer ${partner.token}`, 'content-type': preq.contentType, cookie },
      payload: preq.payload,
    });
    expect(preqRes.statusCode).toBe(202);

    const link = new URL((await partner.get(`/customers/${customerId}/login_link/`)).json().data.login_link);
    const loginToken = link.searchParams.get('token') as string;
    const login = await t.app.inject({ method: 'GET', url: `/portal/login?token=${loginToken}` });
    const sessionCookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await t.app.inject({ method: 'GET', url: '/portal/', headers: { cookie: sessionCookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/applications', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, cookie } })).statusCode).toBe(
      200,
    );
    await t.app.inject({ method: 'GET', url: `${BASE}/authentication_check/`, headers: { authorization: 'Bearer sk_sandbox_guessed-token-xyz' } });

    const log = sink.text;
    expect(log).toContain('"level":10'); // trace lines were written
    expect(log).toContain('Providing options to busboy');
    for (const secret of [
      partner.token,
      ADMIN_TOKEN,
      loginToken,
      'cookie-secret-value-123',
      sessionCookie.split('=')[1],
      'sk_sandbox_guessed-token-xyz',
      'Bearer',
      '"authorization"',
      '"cookie"',
      'Philomena',
      'Cartwright',
      'ext-hardening-log-1',
    ]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });
});
