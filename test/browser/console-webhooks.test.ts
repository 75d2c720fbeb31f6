/**
 * Webhook settings in the console, in Chromium (docs/behaviour.md, section 19): an admin points the
 * sandbox at a receiver with a token and one event, the partner's test event then arrives there
 * with that token; production refuses an http URL with the reason beside the field; the audit log,
 * filtered by target type, shows the change without the token; accessibility and phone width.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { eventually, useReceiver } from '../helpers/receiver.ts';
import { expectAccessible, expectNoHorizontalScroll, screenshot, signedInOperatorPage, useBrowser, useWebServer } from '../helpers/browser.ts';

const SHOTS = 'docs/console';

describe.each(BACKENDS)('webhook settings in the console on %s', (backend) => {
  const server = useWebServer(backend);
  const receiver = useReceiver();
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Hook Brokers' });
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  const signInAdmin = (phone = false): Promise<Page> => signedInOperatorPage(server, browser, contexts, { name: 'Ada Admin', role: 'admin' }, phone);

  it('saves the sandbox settings that deliveries then use, refuses http in production, and audits without the token', async () => {
    const page = await signInAdmin();
    await page.goto(`${server.base}/console/partners/${partner.partnerId}`);
    const sandbox = page.getByRole('region', { name: 'Sandbox' });
    await sandbox.getByLabel('Webhook URL').fill(receiver.url);
    await sandbox.getByLabel('Authorization token', { exact: true }).fill('browser-token-1');
    await sandbox.getByRole('group', { name: 'Events' }).getByLabel('application_offered').check();
    await sandbox.getByRole('button', { name: 'Save webhook settings' }).click();
    await expect.poll(() => page.getByText('Webhook settings saved.').isVisible()).toBe(true);
    const saved = page.getByRole('region', { name: 'Sandbox' });
    await expect.poll(() => saved.getByLabel('Webhook URL').inputValue()).toBe(receiver.url);
    expect(await saved.getByLabel('Authorization token', { exact: true }).inputValue()).toBe('');
    expect(await saved.getByText('A token is set (not shown).', { exact: false }).isVisible()).toBe(true);
    expect(await saved.getByRole('group', { name: 'Events' }).getByLabel('application_offered').isChecked()).toBe(true);
    expect(await saved.getByRole('group', { name: 'Events' }).getByLabel('application_declined').isChecked()).toBe(false);
    expect(await page.content()).not.toContain('browser-token-1');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot) await screenshot(page, SHOTS, 'partner-webhook-settings');

    // The partner's test event goes to the new URL with the token.
    const sent = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'application_offered' } });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const delivery = await eventually(
      () => Promise.resolve(receiver.received.find((d) => d.eventType === 'application_offered')),
      20_000,
      'the test event at the receiver',
    );
    expect(delivery.headers.authorization).toBe('Bearer browser-token-1');

    // Production: http is refused, with the reason beside the field and the form as typed.
    const production = page.getByRole('region', { name: 'Production' });
    await production.getByLabel('Webhook URL').fill('http://8.8.8.8/hooks');
    await production.getByRole('button', { name: 'Save webhook settings' }).click();
    const refused = page.getByRole('region', { name: 'Production' });
    await expect.poll(() => refused.getByText('The webhook URL must use https.').first().isVisible()).toBe(true);
    expect(await refused.getByLabel('Webhook URL').inputValue()).toBe('http://8.8.8.8/hooks');
    expect(await refused.getByLabel('Webhook URL').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    if (shoot) await screenshot(page, SHOTS, 'partner-webhook-refused');
    expect((await partner.request('GET', '/webhooks/configuration/')).json().data.url).toBe(receiver.url);

    // The audit log, filtered by target type.
    await page.goto(`${server.base}/console/audit`);
    await page.getByLabel('Target type').selectOption('webhook_configuration');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('webhook_configuration');
    const cells = await page.locator('#audit td[data-label="Action"]').allTextContents();
    expect(cells).toEqual(['Changed the webhook settings']);
    const summary = await page.locator('#audit td[data-label="Summary"]').first().textContent();
    expect(summary).toContain('authorization token: set');
    expect(summary).not.toContain('{');
    expect(summary).not.toContain('browser-token-1');
    await expectAccessible(page);
    if (shoot) await screenshot(page, SHOTS, 'audit-target-type');
  });

  it('fits a phone', async () => {
    const page = await signInAdmin(true);
    await page.goto(`${server.base}/console/partners/${partner.partnerId}`);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  });
});
