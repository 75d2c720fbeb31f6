/**
 * Staff sign-in in Chromium (docs/behaviour.md, section 29): single sign-on through a real OpenID
 * Provider (oidc-provider) on another site than the console, as a lender's is (localhost against
 * 127.0.0.1), so the browser sends the console's cookies as it would then: the role from the
 * claim, a person with no role refused (and their sessions ended), a role changed at the next
 * sign-in (audited), a deactivated operator kept out, another account with an operator's email
 * refused; "Log out" ending the provider's session too, and a session past OIDC_SESSION_MINUTES
 * going through the provider again without a page of its own, taking the role lowered there
 * (section 31). And a password operator's second factor: set up at the first
 * login and from the set-up link, then the code at each login. Accessibility, a laptop's and a
 * phone's width on every new page.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { freePort } from '../helpers/child-server.ts';
import { useResource } from '../helpers/hooks.ts';
import { CLIENT_ID, CLIENT_SECRET, TestOpenIdProvider } from '../helpers/oidc-provider.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  expectWebSecurityHeaders,
  newLaptopContext,
  newPhoneContext,
  screenshot,
  startWebServer,
  turnOnTwoFactor,
  useBrowser,
} from '../helpers/browser.ts';
import { createOperator, deactivateOperator } from '../../src/services/operators.ts';
import { issueSetupLink, setupLinkUrl } from '../../src/services/operator-two-factor.ts';
import { auditPage } from '../../src/services/audit.ts';

const SHOTS = 'docs/console';

describe.each(BACKENDS)('staff sign-in in the console on %s', (backend) => {
  const site = useResource(
    'the identity provider and the console',
    async () => {
      // The console's port first: the provider registers its callback before the console knows the issuer.
      const port = await freePort();
      const provider = await TestOpenIdProvider.start(`http://127.0.0.1:${port}/console/login/callback`, 'localhost');
      const env = { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_PROVIDER_NAME: 'Okta' };
      return { provider, server: await startWebServer(backend, env, port) };
    },
    async ({ provider, server }) => {
      await server.close();
      await provider.stop();
    },
  );
  const browser = useBrowser();
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
  });

  async function newPage(phone = false): Promise<Page> {
    const context = phone ? await newPhoneContext(browser) : await newLaptopContext(browser);
    contexts.push(context);
    return context.newPage();
  }

  async function check(page: Page, name?: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot && name) await screenshot(page, SHOTS, name);
  }

  const person = (claims: Record<string, unknown>) => {
    const id = `sky-${randomBytes(4).toString('hex')}`;
    site.provider.accounts.set(id, { email: `${id}@lender.example`, email_verified: true, name: 'Sky Walker', ...claims });
    return { id, email: `${id}@lender.example` };
  };

  /** "Sign in with Okta", then the provider's own login page: where the browser ends up. */
  async function throughOkta(page: Page, accountId: string): Promise<void> {
    const res = await page.goto(`${site.server.base}/console/login`);
    expectWebSecurityHeaders(res);
    await page.getByRole('link', { name: 'Sign in with Okta' }).click();
    expect(new URL(page.url()).host).toBe(new URL(site.provider.issuer).host);
    await page.getByPlaceholder('Enter any login').fill(accountId);
    await page.getByPlaceholder('and password').fill('the provider checks its own');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.waitForURL((url) => url.pathname === '/console/applications' || url.pathname === '/console/login/callback');
    await page.waitForLoadState();
  }

  async function signedOn(accountId: string, phone = false): Promise<Page> {
    const page = await newPage(phone);
    await throughOkta(page, accountId);
    await page.waitForURL((url) => url.pathname === '/console/applications');
    return page;
  }

  const who = async (page: Page) => ((await page.locator('.site-header .who').last().textContent()) ?? '').trim();

  it('offers Okta on the login page and signs an operator in with the role of its claim, with no step of ours', async () => {
    const login = await newPage();
    await login.goto(`${site.server.base}/console/login`);
    await expect(login.getByRole('link', { name: 'Sign in with Okta' }).count()).resolves.toBe(1);
    await expect(login.getByRole('button', { name: 'Log in' }).count()).resolves.toBe(1);
    await check(login, 'login-single-sign-on');
    const phoneLogin = await newPage(true);
    await phoneLogin.goto(`${site.server.base}/console/login`);
    await check(phoneLogin);

    const someone = person({ roles: ['underwriter'] });
    const page = await signedOn(someone.id);
    expect(await who(page)).toBe('Sky Walker (underwriter)');
    await expect(page.getByRole('heading', { name: 'Applications' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Change password' }).count()).resolves.toBe(0);
    await check(page);
    const onPhone = await signedOn(someone.id, true);
    await check(onPhone);
  }, 90_000);

  it('refuses a person with no role in the console, with a page that says so and no session', async () => {
    const nobody = person({ roles: ['auditor'] });
    for (const phone of [false, true]) {
      const page = await newPage(phone);
      await throughOkta(page, nobody.id);
      expect(new URL(page.url()).pathname).toBe('/console/login/callback');
      await expect(page.getByRole('heading', { name: 'You are not signed in' }).count()).resolves.toBe(1);
      await expect(page.getByRole('alert').textContent()).resolves.toContain('You have no role in the operator console.');
      await check(page, phone ? undefined : 'sign-on-refused');
      await page.goto(`${site.server.base}/console/applications`);
      expect(new URL(page.url()).pathname).toBe('/console/login');
    }
  }, 90_000);

  it("ends a person's console sessions when the provider takes the role away, and refuses another account with the operator's email", async () => {
    const someone = person({ roles: ['admin'] });
    const signedIn = await signedOn(someone.id);
    site.provider.accounts.set(someone.id, { ...site.provider.accounts.get(someone.id), roles: [] });
    const refused = await newPage();
    await throughOkta(refused, someone.id);
    await expect(refused.getByRole('alert').textContent()).resolves.toContain('You have no role in the operator console.');
    await signedIn.reload();
    expect(new URL(signedIn.url()).pathname).toBe('/console/login');

    site.provider.accounts.set(`${someone.id}-again`, { email: someone.email, email_verified: true, name: 'Someone Else', roles: ['admin'] });
    for (const phone of [false, true]) {
      const page = await newPage(phone);
      await throughOkta(page, `${someone.id}-again`);
      expect(new URL(page.url()).pathname).toBe('/console/login/callback');
      await expect(page.getByRole('alert').textContent()).resolves.toContain('This Okta account is not the one the operator of its email signs in with');
      await check(page, phone ? undefined : 'sign-on-refused-subject');
    }
  }, 90_000);

  it('changes the role at the next sign-in, audited, and keeps a deactivated operator out', async () => {
    const someone = person({ roles: 'viewer' });
    const asViewer = await signedOn(someone.id);
    expect(await who(asViewer)).toBe('Sky Walker (viewer)');
    await expect(asViewer.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(0);

    site.provider.accounts.set(someone.id, { ...site.provider.accounts.get(someone.id), roles: ['viewer', 'admin'] });
    const asAdmin = await signedOn(someone.id);
    expect(await who(asAdmin)).toBe('Sky Walker (admin)');
    await asAdmin.getByRole('link', { name: 'Operators' }).click();
    expect(new URL(asAdmin.url()).pathname).toBe('/console/operators');
    // The change of role ended the viewer's session.
    await asViewer.reload();
    expect(new URL(asViewer.url()).pathname).toBe('/console/login');
    const operatorId = (await site.server.t.testDb.db.query<{ id: string }>('SELECT id FROM operators WHERE email = $1', [someone.email])).rows[0].id;
    const audit = (await auditPage(site.server.t.app.ctx, { targetType: 'operator', targetId: operatorId }, { limit: 5, cursor: null })).items;
    expect(audit.map((row) => [row.action, row.summary])).toEqual([
      ['operator.role_changed', { from: 'viewer', to: 'admin', by: 'single sign-on' }],
      ['operator.created', { email: someone.email, role: 'viewer', by: 'single sign-on' }],
    ]);

    await deactivateOperator(site.server.t.app.ctx, { kind: 'admin_token' }, operatorId);
    await asAdmin.reload();
    expect(new URL(asAdmin.url()).pathname).toBe('/console/login');
    const refused = await newPage();
    await throughOkta(refused, someone.id);
    await expect(refused.getByRole('alert').textContent()).resolves.toContain('Your operator account has been deactivated');
    await refused.goto(`${site.server.base}/console/applications`);
    expect(new URL(refused.url()).pathname).toBe('/console/login');
  }, 90_000);

  it('has a password operator set up two-factor at the first login, then asks for a code at each login', async () => {
    const email = `pat.${randomBytes(3).toString('hex')}@lender.example`;
    const { password } = await createOperator(site.server.t.app.ctx, { kind: 'admin_token' }, { email, name: 'Pat Password', role: 'underwriter' });
    const page = await newPage();
    await page.goto(`${site.server.base}/console/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/two-factor/setup');
    await expect(page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).count()).resolves.toBe(1);
    await check(page, 'two-factor-setup');
    // Nothing else opens before the set-up is done.
    await page.goto(`${site.server.base}/console/applications`);
    expect(new URL(page.url()).pathname).toBe('/console/two-factor/setup');
    const { app, recoveryCodes } = await turnOnTwoFactor(page, site.server.t.clock);
    expect(new Set(recoveryCodes).size).toBe(10);
    await check(page, 'two-factor-recovery-codes');
    await page.getByRole('link', { name: 'Continue to the console' }).click();
    expect(await who(page)).toBe('Pat Password (underwriter)');
    await page.getByRole('button', { name: 'Log out' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/login/verify');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('That code is not right.');
    await check(page, 'two-factor-verify');
    await page.getByLabel('Authentication code').fill(app.code());
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/applications');
    await expect(page.getByRole('link', { name: 'Change password' }).count()).resolves.toBe(1);
  }, 90_000);

  it('opens the set-up page from the set-up link on a phone, after the password; the used link says so', async () => {
    const email = `lin.${randomBytes(3).toString('hex')}@lender.example`;
    const { password, operator } = await createOperator(site.server.t.app.ctx, { kind: 'admin_token' }, { email, name: 'Lin Link', role: 'viewer' });
    const link = setupLinkUrl(site.server.base, (await issueSetupLink(site.server.t.app.ctx, operator.id)).token);
    const page = await newPage(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Welcome, Lin Link' }).count()).resolves.toBe(1);
    await check(page, 'two-factor-setup-link-phone');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/two-factor/setup');
    await check(page, 'two-factor-setup-phone');
    const { recoveryCodes } = await turnOnTwoFactor(page, site.server.t.clock);
    await check(page);
    await page.getByRole('link', { name: 'Continue to the console' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/applications');

    // The next login on the phone, with a recovery code in place of the app's.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await check(page);
    await page.getByLabel('Authentication code').fill(recoveryCodes[3]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('You have 9 recovery codes left');
    await check(page);
    await page.getByRole('link', { name: 'Continue to the console' }).click();
    expect(new URL(page.url()).pathname).toBe('/console/applications');

    const again = await newPage(true);
    await again.goto(link);
    await expect(again.locator('#setup-link-problem').textContent()).resolves.toContain('This set-up link has already been used.');
    await check(again);
  }, 90_000);

  it('ends the provider\'s session at logout, so the next "Sign in with Okta" asks who it is again', async () => {
    const someone = person({ roles: ['viewer'] });
    const page = await signedOn(someone.id);
    await page.getByRole('button', { name: 'Log out' }).click();
    // On to the provider, whose own page asks to confirm, then sends the browser back to the console's login page.
    await page.waitForURL((url) => url.host === new URL(site.provider.issuer).host);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.pathname === '/console/login');
    expect(new URL(page.url()).origin).toBe(site.server.base);
    await page.goto(`${site.server.base}/console/applications`);
    expect(new URL(page.url()).pathname).toBe('/console/login');
    await page.getByRole('link', { name: 'Sign in with Okta' }).click();
    await expect(page.getByPlaceholder('Enter any login').count()).resolves.toBe(1);
  }, 90_000);

  it('sends a session past OIDC_SESSION_MINUTES through the provider without a page, with the role lowered there', async () => {
    const someone = person({ roles: ['admin'] });
    const page = await signedOn(someone.id);
    expect(await who(page)).toBe('Sky Walker (admin)');
    site.provider.accounts.set(someone.id, { ...site.provider.accounts.get(someone.id), roles: ['viewer'] });
    // 59 minutes of work (a page every 20 at most: sessions end after 30 idle) keep the admin role.
    // (The test's clock runs on from where it is set, so the steps leave the seconds of the test itself spare.)
    const clock = site.server.t.clock;
    for (const minutes of [20, 20, 19]) {
      clock.set(new Date(clock.now().getTime() + minutes * 60_000));
      await page.reload();
      expect(await who(page)).toBe('Sky Walker (admin)');
    }
    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    await page.goto(`${site.server.base}/console/operators`);
    await page.waitForURL((url) => url.pathname === '/console/applications');
    expect(await who(page)).toBe('Sky Walker (viewer)');
    await expect(page.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(0);
  }, 90_000);
});
