/**
 * The console's webhook settings (admins, per environment, the partner API's checks, audited
 * without the token) and the audit log's filter by target type (docs/behaviour.md, section 19).
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/db.ts';
import { signedInOperator } from '../helpers/console.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';

describe.each(BACKENDS)('webhook settings in the console on %s', (backend) => {
  const t = useTestApp(backend);
  const partner = usePartner(t);
  const page = () => `/console/partners/${partner.partnerId}`;
  const save = () => `/console/partners/${partner.partnerId}/webhook-settings`;

  /** The form of `environment` as a browser sends it: URL, token, the checked events. */
  const fields = (environment: 'sandbox' | 'production', url: string, token: string, events: string[], removeToken = false) => ({
    environment,
    [`webhook_url_${environment}`]: url,
    [`webhook_token_${environment}`]: token,
    ...(removeToken ? { [`webhook_remove_token_${environment}`]: 'on' } : {}),
    ...Object.fromEntries(events.map((e) => [`webhook_event_${environment}_${e}`, 'on'])),
  });

  const stored = async (environment: string) => {
    const { rows } = await t.testDb.db.query<{ url: string | null; token: string | null }>(
      'SELECT url, token FROM webhook_configs WHERE partner_id = $1 AND environment = $2',
      [partner.partnerId, environment],
    );
    const subs = await t.testDb.db.query<{ event_type: string }>(
      'SELECT event_type FROM webhook_subscriptions WHERE partner_id = $1 AND environment = $2 ORDER BY event_type',
      [partner.partnerId, environment],
    );
    return { ...(rows[0] ?? { url: null, token: null }), events: subs.rows.map((r) => r.event_type) };
  };

  const webhookAudit = async () =>
    (
      await t.testDb.db.query<{ action: string; actor: string; summary: Record<string, unknown> }>(
        `SELECT action, actor, summary FROM audit_log WHERE target_type = 'webhook_configuration' AND target_id = $1 ORDER BY seq`,
        [partner.partnerId],
      )
    ).rows;

  it('lets an admin set the URL, the token and the subscriptions of an environment, audited without the token', async () => {
    const { user, operator } = await signedInOperator(t, 'admin');
    const before = await user.get(page());
    expect(before.body.match(/>Save webhook settings</g)).toHaveLength(2);
    expect(before.body).toContain('id="field-webhook_url_sandbox"');
    expect(before.body).toContain('id="field-webhook_url_production"');

    const res = await user.post(save(), fields('sandbox', 'https://8.8.8.8/hooks/lending', 'tok-first-123', ['application_offered', 'application_declined']));
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${page()}?done=webhook#h-env-sandbox`);
    expect(await stored('sandbox')).toEqual({
      url: 'https://8.8.8.8/hooks/lending',
      token: 'tok-first-123',
      events: ['application_declined', 'application_offered'],
    });
    // The partner sees the same through its API; production is untouched.
    expect((await partner.get('/webhooks/configuration/')).json().data).toEqual({ url: 'https://8.8.8.8/hooks/lending', has_token: true });
    const subscribed = (await partner.get('/webhooks/subscriptions/')).json().data.subscriptions.filter((s: { subscribed: boolean }) => s.subscribed);
    expect(subscribed.map((s: { webhook_event_type: string }) => s.webhook_event_type).sort()).toEqual(['application_declined', 'application_offered']);
    expect((await stored('production')).url).toBeNull();

    const after = await user.get(`${page()}?done=webhook`);
    expect(after.body).toContain('Webhook settings saved.');
    expect(after.body).toContain('A token is set (not shown)');
    expect(after.body).not.toContain('tok-first-123');

    // A save with the token left empty keeps it; the events are exactly those checked.
    expect((await user.post(save(), fields('sandbox', 'https://8.8.4.4/v2', '', ['application_offered', 'customer_funded']))).statusCode).toBe(303);
    expect(await stored('sandbox')).toEqual({ url: 'https://8.8.4.4/v2', token: 'tok-first-123', events: ['application_offered', 'customer_funded'] });
    // A new token replaces it; "Remove the authorization token" removes it.
    await user.get(page());
    expect((await user.post(save(), fields('sandbox', 'https://8.8.4.4/v2', 'tok-second-456', ['application_offered']))).statusCode).toBe(303);
    expect((await stored('sandbox')).token).toBe('tok-second-456');
    await user.get(page());
    expect((await user.post(save(), fields('sandbox', 'https://8.8.4.4/v2', '', ['application_offered'], true))).statusCode).toBe(303);
    expect(await stored('sandbox')).toEqual({ url: 'https://8.8.4.4/v2', token: null, events: ['application_offered'] });

    const rows = await webhookAudit();
    expect(rows.map((r) => [r.action, r.actor])).toEqual(Array(4).fill(['webhook_configuration.updated', operator.email]));
    expect(rows.map((r) => r.summary)).toEqual([
      {
        environment: 'sandbox',
        url: { from: null, to: 'https://8.8.8.8/hooks/lending' },
        token: 'set',
        subscribed: ['application_offered', 'application_declined'],
        unsubscribed: [],
      },
      {
        environment: 'sandbox',
        url: { from: 'https://8.8.8.8/hooks/lending', to: 'https://8.8.4.4/v2' },
        token: 'unchanged',
        subscribed: ['customer_funded'],
        unsubscribed: ['application_declined'],
      },
      {
        environment: 'sandbox',
        url: { from: 'https://8.8.4.4/v2', to: 'https://8.8.4.4/v2' },
        token: 'replaced',
        subscribed: [],
        unsubscribed: ['customer_funded'],
      },
      { environment: 'sandbox', url: { from: 'https://8.8.4.4/v2', to: 'https://8.8.4.4/v2' }, token: 'removed', subscribed: [], unsubscribed: [] },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/tok-first|tok-second/);
  });

  it("applies the partner API's checks and shows the reason beside the field, changing nothing", async () => {
    const { user } = await signedInOperator(t, 'admin');
    await user.get(page());
    const before = { sandbox: await stored('sandbox'), production: await stored('production'), audit: (await webhookAudit()).length };
    for (const [environment, url, reason] of [
      ['production', 'http://8.8.8.8/hooks', 'The webhook URL must use https.'],
      ['sandbox', 'http://127.0.0.1:9/hooks', 'resolves to a private, loopback or link-local address'],
      ['production', 'https://10.1.2.3/hooks', 'resolves to a private, loopback or link-local address'],
      ['sandbox', 'https://user:pass@8.8.8.8/x', 'must not contain credentials'],
      ['sandbox', 'not a url', 'not a valid absolute URL'],
      ['sandbox', '', 'Enter the webhook URL'],
    ] as const) {
      const res = await user.post(save(), fields(environment, url, 'tok-refused-789', ['application_offered']));
      expect(res.statusCode, `${environment} ${url}`).toBe(400);
      expect(res.body).toContain(reason);
      expect(res.body).toContain(`id="field-webhook_url_${environment}-error"`);
      // The form keeps what was sent, never the token.
      if (url) expect(res.body).toContain(`value="${url.replaceAll('&', '&amp;')}"`);
      expect(res.body).not.toContain('tok-refused-789');
    }
    const badToken = await user.post(save(), fields('sandbox', 'https://8.8.8.8/x', 'has a space', []));
    expect(badToken.statusCode).toBe(400);
    expect(badToken.body).toContain('id="field-webhook_token_sandbox-error"');
    expect({ sandbox: await stored('sandbox'), production: await stored('production'), audit: (await webhookAudit()).length }).toEqual(before);
  });

  it('is for admins only: an underwriter or viewer sees no form and is refused', async () => {
    for (const role of ['viewer', 'underwriter'] as const) {
      const { user } = await signedInOperator(t, role);
      const res = await user.get(page());
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Save webhook settings');
      expect(res.body).toContain('Webhook configuration');
      expect((await user.post(save(), fields('sandbox', 'https://8.8.8.8/sneaky', '', []))).statusCode).toBe(403);
    }
    expect((await stored('sandbox')).url).not.toBe('https://8.8.8.8/sneaky');
  });

  it('filters the audit log by target type, in the console and over the admin API', async () => {
    const { user } = await signedInOperator(t, 'admin');
    await user.get(page());
    expect((await user.post(save(), fields('production', 'https://8.8.8.8/prod', '', ['application_offered']))).statusCode).toBe(303);

    const all = await user.get('/console/audit');
    expect(all.body).toContain('<label for="field-type">Target type</label>');
    expect(all.body).toContain('<option value="webhook_configuration">webhook configuration</option>');
    expect(all.body).toContain('operator.created');

    const filtered = await user.get('/console/audit?type=webhook_configuration');
    expect(filtered.body).toContain('<option value="webhook_configuration" selected>webhook configuration</option>');
    const actions = [...filtered.body.matchAll(/<td data-label="Action" data-action="([^"]+)">/g)].map((m) => m[1]);
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['webhook_configuration.updated']));
    // With a target id too, and an unknown type filters nothing.
    const both = await user.get(`/console/audit?type=partner&target=${partner.partnerId}`);
    expect([...both.body.matchAll(/<td data-label="Action" data-action="([^"]+)">/g)].map((m) => m[1])).not.toContain('webhook_configuration.updated');
    expect((await user.get('/console/audit?type=nonsense')).statusCode).toBe(200);

    const api = await t.admin('GET', '/audit?target_type=webhook_configuration');
    expect(api.statusCode).toBe(200);
    const entries = api.json().data.entries as { action: string; target: { type: string; id: string } }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.target.type === 'webhook_configuration' && e.target.id === partner.partnerId)).toBe(true);
    const unknown = await t.admin('GET', '/audit?target_type=nonsense');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].source.parameter).toBe('target_type');
  });
});
