import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_ADMIN_TOKEN, startChildServer, type ChildServer } from '../helpers/child-server.ts';
import { writePristineDataDir } from '../helpers/db.ts';

const API = '/api/lending/v2.2';

async function json(base: string, path: string, init: { method?: string; token: string; body?: unknown }) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, string> } };
}

/** Whether a request on a new connection (no keep-alive) to 127.0.0.1:`port` is refused. */
function newConnectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ host: '127.0.0.1', port, path: '/health/live', agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    probe.on('error', () => resolve(true));
    probe.end();
  });
}

describe('graceful shutdown on SIGTERM', () => {
  const children: ChildServer[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const child of children) child.kill();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops accepting, finishes the request in flight, closes the database', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lending-shutdown-'));
    await writePristineDataDir(dataDir);
    const server = await startChildServer({ DATA_DIR: dataDir, ROLE: 'api' });
    children.push(server);
    const partner = await json(server.base, '/admin/v1/partners', { method: 'POST', token: CHILD_ADMIN_TOKEN, body: { name: 'Shutdown' } });
    const token = (
      await json(server.base, `/admin/v1/partners/${partner.body.data.partner_id}/tokens`, {
        method: 'POST',
        token: CHILD_ADMIN_TOKEN,
        body: { environment: 'sandbox' },
      })
    ).body.data.token;
    const customer = await json(server.base, `${API}/customers/`, {
      method: 'POST',
      token,
      body: { data: { company: {}, people: [{ roles: ['applicant', 'director', 'guarantor'] }] } },
    });
    const customerId = customer.body.data.customer_id;

    // An upload that is still arriving when SIGTERM comes: the server has taken the request (it
    // answered 100 Continue to its headers) and has the head of its body; the rest comes only once
    // the server refuses new connections.
    const boundary = 'shutdown-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nbusiness accounts\r\n--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const tail = `1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n\r\n--${boundary}--\r\n`;
    let answered = false;
    const upload = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: `${API}/document_upload/${customerId}/`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, expect: '100-continue' },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (res) => {
        answered = true;
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      upload.on('error', reject);
    });
    const taken = once(upload, 'continue');
    upload.flushHeaders();
    await taken;
    upload.write(head);

    server.kill('SIGTERM');
    // No new connections once the signal has been handled, however long that takes on a busy
    // machine: a request is refused within a few seconds, while the upload is still unanswered.
    const deadline = Date.now() + 10_000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      refused = await newConnectionRefused(server.port);
      if (!refused) await new Promise((r) => setTimeout(r, 20));
    }
    expect(refused, 'a new connection is refused after SIGTERM').toBe(true);
    expect(answered, 'the upload in flight is not cut short').toBe(false);
    upload.end(tail);

    const result = await answer;
    expect(result.status).toBe(201);
    expect(await server.exited).toBe(0);

    // The database was closed cleanly: a new process opens it and finds the upload.
    const again = await startChildServer({ DATA_DIR: dataDir, ROLE: 'api' });
    children.push(again);
    const list = await fetch(`${again.base}${API}/document_upload/${customerId}/`, { headers: { authorization: `Bearer ${token}` } });
    const documents = (await list.json()) as { data: { id: string }[] };
    expect(documents.data.map((d) => d.id)).toEqual([JSON.parse(result.body).data.document_id]);
    again.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
