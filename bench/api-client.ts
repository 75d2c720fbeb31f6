/**
 * The small client scenarios use to prepare their data through the real API (fetch, loopback
 * only): an admin caller, and a partner with a fresh sandbox token created through the admin API.
 */

export const API_PREFIX = '/api/lending/v2.2';

export interface BenchApi {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** /api/lending/v2.2 */
  apiPrefix: string;
  partnerId: string;
  token: string;
  /** Headers a partner request needs (Authorization, Accept); scenarios add Content-Type. */
  partnerHeaders: Record<string, string>;
  /** A partner call; `path` is under the API prefix. Throws unless 2xx; returns the JSON (or null). */
  partner(method: string, path: string, body?: unknown): Promise<any>;
  /** An operator call; `path` is under /admin/v1. Throws unless 2xx. */
  admin(method: string, path: string, body?: unknown): Promise<any>;
}

async function call(baseUrl: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text === '' ? null : JSON.parse(text);
}

/** Creates a partner and a sandbox token through the admin API, and returns a client for both. */
export async function connectApi(baseUrl: string, adminToken: string): Promise<BenchApi> {
  const adminHeaders = { authorization: `Bearer ${adminToken}`, accept: 'application/json' };
  const admin: BenchApi['admin'] = (method, path, body) => call(baseUrl, method, `/admin/v1${path}`, adminHeaders, body);

  const partner = await admin('POST', '/partners', { name: 'Benchmark Partner' });
  const partnerId = partner.data.partner_id as string;
  const created = await admin('POST', `/partners/${partnerId}/tokens`, { environment: 'sandbox' });
  const token = created.data.token as string;
  const partnerHeaders = { authorization: `Bearer ${token}`, accept: 'application/json' };

  return {
    baseUrl,
    apiPrefix: API_PREFIX,
    partnerId,
    token,
    partnerHeaders,
    partner: (method, path, body) => call(baseUrl, method, `${API_PREFIX}${path}`, partnerHeaders, body),
    admin,
  };
}
