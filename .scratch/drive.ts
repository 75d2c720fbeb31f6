import { spawn } from 'node:child_process';
import { customerBody } from '../test/helpers/app.ts';
import { multipartBody, pdfOfSize } from '../test/helpers/files.ts';
const port = 18000 + Math.floor(Math.random() * 1000);
const ADMIN = 'admin-token-0123456789abcdef';
const env: Record<string, string> = { PATH: process.env.PATH!, PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn', UPLOAD_RATE_LIMIT_PER_MINUTE: '1000', DATA_DIR: '/tmp/memdata-' + port };
if (process.env.DBURL) env.DATABASE_URL = process.env.DBURL;
if (process.env.ROLE) env.ROLE = process.env.ROLE;
const child = spawn('node_modules/.bin/node', [...(process.env.NODEFLAGS ? process.env.NODEFLAGS.split(' ') : []), process.env.MAIN ?? '.scratch/mem-main.ts'], { env, stdio: ['ignore', 'inherit', 'pipe'] });
let last = '';
child.stderr!.on('data', (d: Buffer) => { const s = d.toString(); if (s.includes('MEM')) last = s.trim().split('\n').pop()!; else process.stderr.write(s); });
const base = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${base}/api/lending/v2.2/openapi.json`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 100)); }
const admin = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
const p = await (await fetch(`${base}/admin/v1/partners`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'M' }) })).json();
const tk = await (await fetch(`${base}/admin/v1/partners/${p.data.partner_id}/tokens`, { method: 'POST', headers: admin, body: JSON.stringify({ environment: 'sandbox' }) })).json();
const auth = { authorization: `Bearer ${tk.data.token}` };
const c = await (await fetch(`${base}/api/lending/v2.2/customers/`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(customerBody()) })).json();
const url = `${base}/api/lending/v2.2/document_upload/${c.data.customer_id}/`;
const rss = async () => { const s = await import('node:fs/promises').then(f => f.readFile(`/proc/${child.pid}/status`, 'utf8')); return Number(/VmRSS:\s+(\d+)/.exec(s)![1]) / 1024; };
const size = Number(process.env.SIZE ?? 10 * 1048576);
for (let i = 0; i < Number(process.env.N ?? 5); i++) {
  const { payload, contentType } = await multipartBody([['document_type', 'other'], ['document', { filename: 'a.pdf', content: pdfOfSize(size, 'x' + i + Math.random()) }]]);
  let peak = 0; let on = true; const sampler = (async () => { while (on) { peak = Math.max(peak, await rss()); await new Promise(r => setTimeout(r, 25)); } })();
  const before = await rss();
  const s = Date.now();
  const r = await fetch(url, { method: 'POST', headers: { ...auth, 'content-type': contentType }, body: payload });
  on = false; await sampler;
  console.log(i, r.status, Date.now() - s, 'ms rss before', before.toFixed(1), 'peak', peak.toFixed(1), '|', last);
}
await new Promise(r => setTimeout(r, 3000));
console.log('after', (await rss()).toFixed(1), last);
child.kill('SIGTERM');
