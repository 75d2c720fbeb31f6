/**
 * The dashboard's "Test clocks" page in Chromium (docs/behaviour.md, sections 24 and 28): a
 * developer creates a clock, the partner puts a customer on it through the API, the page refuses
 * an advance backwards beside its field, advances the clock and shows it ready at the new date;
 * then "Delete" asks first, and production says clocks are a sandbox tool. Axe-clean at 1280 px and
 * at 360 px without sideways scrolling.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../helpers/db.ts';
import { usePartner } from '../helpers/app.ts';
import { acceptInvitation, invite, type DashboardUser } from '../helpers/dashboard.ts';
import { eventually } from '../helpers/receiver.ts';
import { createClock, customerOnClock, getClock, plusDays } from '../helpers/test-clocks.ts';
import {
  accessibleText,
  expectAccessible,
  expectNoHorizontalScroll,
  expectWebSecurityHeaders,
  screenshot,
  signedInDashboardPage,
  useBrowser,
  useWebServer,
} from '../helpers/browser.ts';
import { formatDate } from '../../src/web/format.ts';

const SHOTS = 'docs/dashboard';

describe.each(BACKENDS)('the test clocks page in the browser on %s', (backend) => {
  const server = useWebServer(backend);
  const browser = useBrowser();
  const partner = usePartner(server, { name: 'Clockwork Brokers' });
  const shoot = backend === BACKENDS[0];
  const contexts: BrowserContext[] = [];

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  async function check(page: Page, name?: string): Promise<void> {
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (shoot && name) await screenshot(page, SHOTS, name);
  }

  const signedInPage = (user: DashboardUser, phone = false): Promise<Page> => signedInDashboardPage(server, browser, contexts, user, phone);

  it('creates a clock, puts a customer on it, advances it and shows it ready at the new date', { timeout: 180_000 }, async () => {
    const invitation = await invite(server.t, partner.partnerId, 'developer', 'dee@clockwork.example');
    const developer = await acceptInvitation(server.t, invitation.path, invitation.email);
    const older = await createClock(partner, 'Offers expiring');
    const page = await signedInPage(developer);

    await page.getByRole('link', { name: 'Test clocks' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/test-clocks');
    await page.getByLabel('Name').fill('A year of repayments');
    await page.getByRole('button', { name: 'Create test clock' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Test clock created');
    const card = page.locator('li.clock').first();
    const clockId = (await card.getAttribute('data-clock-id')) as string;
    const clock = await getClock(partner, clockId);
    expect(clock.name).toBe('A year of repayments');
    await customerOnClock(partner, clockId, { external_customer_id: 'crm-0001' }, { registered_company_name: 'Tick Tock Joinery Ltd' });
    await page.reload();
    await expect(card.locator('dd').nth(2).textContent()).resolves.toBe('1: Tick Tock Joinery Ltd');

    // "Advance" is named exactly that; its description tells the clock (contract 24).
    const advance = card.getByRole('button', { name: 'Advance', exact: true });
    await expect(accessibleText(advance)).resolves.toEqual({ name: 'Advance', description: `A year of repayments ${formatDate(clock.frozen_on)}` });
    await expect(accessibleText(page.getByRole('button', { name: 'Advance', exact: true }).nth(1))).resolves.toEqual({
      name: 'Advance',
      description: `Offers expiring ${formatDate(older.frozen_on)}`,
    });

    // Backwards is refused beside "Advance to", with what was typed.
    await card.getByLabel('Advance to').fill(plusDays(clock.frozen_on, -1));
    await advance.click();
    const refused = page.locator(`li[data-clock-id="${clockId}"]`);
    await expect(refused.locator('.field-error').first().textContent()).resolves.toContain('a test clock only moves forward');
    await expect(refused.getByLabel('Advance to').inputValue()).resolves.toBe(plusDays(clock.frozen_on, -1));
    await check(page, 'test-clocks-refused');

    const to = plusDays(clock.frozen_on, 45);
    await refused.getByLabel('Advance to').fill(to);
    await refused.getByLabel('Missed repayments').fill('');
    await refused.getByRole('button', { name: 'Advance', exact: true }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Advancing');
    await eventually(async () => {
      await page.reload();
      return (await page.locator(`#clock-${clockId}-date`).textContent()) === formatDate(to);
    });
    const ready = page.locator(`li[data-clock-id="${clockId}"]`);
    await expect(ready.locator('dd').nth(1).textContent()).resolves.toBe('Ready');
    expect((await getClock(partner, clockId)).frozen_on).toBe(to);
    await page.goto(`${server.base}/dashboard/test-clocks`);
    await check(page, 'test-clocks');

    // On a phone: the same page, then "Delete" asks first; in production, a word that clocks are a sandbox tool.
    const small = await signedInPage(developer, true);
    expectWebSecurityHeaders(await small.goto(`${server.base}/dashboard/test-clocks`));
    await check(small, 'test-clocks-phone');
    const remove = small.locator(`li[data-clock-id="${older.test_clock_id}"]`).getByRole('link', { name: 'Delete', exact: true });
    await expect(accessibleText(remove)).resolves.toEqual({ name: 'Delete', description: `Offers expiring ${formatDate(older.frozen_on)}` });
    await remove.click();
    await expect(small.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Delete Offers expiring?');
    await check(small);
    await small.getByRole('button', { name: 'Delete test clock' }).click();
    await expect(small.getByRole('status').textContent()).resolves.toContain('Test clock deleted');
    await expect(small.locator(`li[data-clock-id="${older.test_clock_id}"]`).count()).resolves.toBe(0);
    expect((await partner.get(`/sandbox/test_clocks/${older.test_clock_id}/`)).statusCode).toBe(404);
    await small.getByRole('button', { name: 'Production' }).click();
    expect(new URL(small.url()).pathname).toBe('/dashboard/test-clocks');
    await expect(small.locator('#sandbox-only').count()).resolves.toBe(1);
    await expect(small.getByRole('link', { name: 'Test clocks' }).count()).resolves.toBe(0);
    await check(small);
  });
});
