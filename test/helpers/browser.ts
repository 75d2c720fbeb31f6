/**
 * Browser tests: the real server (with its worker) listening on 127.0.0.1, driven by Debian's
 * Chromium through playwright-core; axe-core run inside each page for accessibility.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { expect } from 'vitest';
import type { Worker } from '../../src/worker/worker.ts';
import { createOperator } from '../../src/services/operators.ts';
import { startTestApp, type TestApp, type TestClock } from './app.ts';
import { Authenticator, withTwoFactor } from './console.ts';
import { PASSWORD, type DashboardUser } from './dashboard.ts';
import { freePort } from './child-server.ts';
import type { BackendName } from './db.ts';
import { useResource } from './hooks.ts';
import { NO_TIMEOUT_MS } from './receiver.ts';
import { startTestWorker } from './worker.ts';

/**
 * Debian's Chromium: its headless build (package chromium-headless-shell, the same engine without
 * the desktop browser around it; what Playwright itself runs for headless tests) when installed,
 * else the full browser. The shell opens a context and a page for a quarter of the CPU and
 * navigates in half (docs/operations.md, "Test time"). CHROMIUM_PATH chooses another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Without these, Chromium reaches for Google's hosts, which this closed network refuses. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface WebServer {
  t: TestApp;
  base: string;
  worker: Worker;
  close(): Promise<void>;
}

/**
 * The app on a real socket, with the background worker (document processing, webhooks); on `port`
 * when the caller chose it (to register the server's address elsewhere first).
 */
export async function startWebServer(backend: BackendName, env: Record<string, string> = {}, chosenPort?: number): Promise<WebServer> {
  // Login links point at this server: its port is chosen before the app is built.
  const port = chosenPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const t = await startTestApp(backend, {
    // A delivery timeout no loaded run reaches: the pages' tests count the deliveries they see.
    env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCALE: '0.001', WEBHOOK_TIMEOUT_MS: String(NO_TIMEOUT_MS), PUBLIC_BASE_URL: base, ...env },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const worker = await startTestWorker(t);
  return {
    t,
    base,
    worker,
    async close() {
      await worker.stop();
      await t.close();
    },
  };
}

/** The web server for the enclosing describe block: started in beforeAll, closed in afterAll. */
export function useWebServer(backend: BackendName, env: Record<string, string> = {}): WebServer {
  return useResource(
    'the web server',
    () => startWebServer(backend, env),
    (server) => server.close(),
  );
}

/**
 * One Chromium per test process, shared by the describe blocks that use it (each opens contexts
 * of its own, so they share no cookies or pages): launching it costs more CPU than most of the
 * tests that use it. A block's contexts are closed when it ends; the browser a few seconds after
 * the last block using it ends, unless another starts meanwhile (playwright kills it if the process
 * exits first).
 */
let shared: { browser: Promise<Browser>; users: number; closing?: NodeJS.Timeout } | null = null;

async function acquireBrowser(): Promise<Browser> {
  shared ??= { browser: launchBrowser().then((browser) => Object.assign(browser, { [POOL]: new ContextPool() })), users: 0 };
  shared.users += 1;
  clearTimeout(shared.closing);
  return shared.browser;
}

/**
 * Test files run one after the other in a process, so the contexts in use now are the ending
 * block's: closed, or handed back to the pool.
 */
async function releaseBrowser(browser: Browser): Promise<void> {
  for (const context of browser.contexts()) await context.close().catch(() => {});
  const current = shared;
  if (!current || --current.users > 0) return;
  current.closing = setTimeout(() => {
    if (shared === current && current.users === 0) {
      shared = null;
      void current.browser.then((browser) => browser.close()).catch(() => {});
    }
  }, 5_000).unref();
}

/** Chromium for the enclosing describe block (shared within the test process): contexts of its own. */
export function useBrowser(): Browser {
  return useResource('the browser', acquireBrowser, releaseBrowser);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page (through the debugging protocol, so the page's CSP still holds). */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
  });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/** No serious or critical accessibility violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  const serious = (await accessibilityViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${page.url()}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

/** The page fits its viewport: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/**
 * A control's accessible name and description as Chromium computes them (its accessibility tree,
 * read over the DevTools protocol): what a screen reader announces, `aria-describedby` included.
 */
export async function accessibleText(control: Locator): Promise<{ name: string; description: string }> {
  const page = control.page();
  const cdp = await page.context().newCDPSession(page);
  const mark = `probe-${Math.random().toString(36).slice(2)}`;
  try {
    await control.evaluate((element, value) => element.setAttribute('data-accessible-probe', value), mark);
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-accessible-probe="${mark}"]` });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    return { name: String(node?.name?.value ?? ''), description: String(node?.description?.value ?? '') };
  } finally {
    await control.evaluate((element) => element.removeAttribute('data-accessible-probe')).catch(() => {});
    await cdp.detach().catch(() => {});
  }
}

/** The headers every portal and console answer carries (docs/behaviour.md, section 8). */
export function expectWebSecurityHeaders(response: Response | { headers(): Record<string, string> } | null): void {
  expect(response).not.toBeNull();
  const headers = (response as { headers(): Record<string, string> }).headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('no-store');
}

/** Screenshots for the docs, written only when asked (UPDATE_SCREENSHOTS=1), from one backend. */
export async function screenshot(page: Page, folder: string, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
const LAPTOP = { viewport: { width: 1280, height: 800 } };

/**
 * Contexts handed back by `close()`, ready for the next test, by kind. A new context costs Chromium
 * about half a second of CPU (its storage partition, its network context, a new renderer), more
 * than most steps of a test; a reused one starts with no page, no cookie and no permission, which
 * is all a test of these server-rendered pages (no web storage, no service worker) can tell apart.
 */
class ContextPool {
  readonly #idle = { phone: [] as BrowserContext[], laptop: [] as BrowserContext[] };
  readonly #inUse = new WeakSet<BrowserContext>();

  async take(browser: Browser, kind: 'phone' | 'laptop'): Promise<BrowserContext> {
    let context = this.#idle[kind].pop();
    if (!context) {
      context = await browser.newContext(kind === 'phone' ? PHONE : LAPTOP);
      this.#recycleOnClose(context, kind);
    }
    this.#inUse.add(context);
    return context;
  }

  #recycleOnClose(context: BrowserContext, kind: 'phone' | 'laptop'): void {
    const reallyClose = context.close.bind(context);
    context.close = async () => {
      if (!this.#inUse.delete(context)) return;
      try {
        await Promise.all(context.pages().map((page) => page.close()));
        await context.clearCookies();
        await context.clearPermissions();
        this.#idle[kind].push(context);
      } catch {
        await reallyClose().catch(() => {});
      }
    };
  }
}

const POOL = Symbol('context pool');

/** A context of `kind`: from the shared browser's pool, or a new one on any other browser. */
async function contextOf(browser: Browser, kind: 'phone' | 'laptop'): Promise<BrowserContext> {
  const pool = (browser as Browser & { [POOL]?: ContextPool })[POOL];
  return pool ? pool.take(browser, kind) : browser.newContext(kind === 'phone' ? PHONE : LAPTOP);
}

export async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return contextOf(browser, 'phone');
}

export async function newLaptopContext(browser: Browser): Promise<BrowserContext> {
  return contextOf(browser, 'laptop');
}

/**
 * A new operator of `role`, signed in to the console in a new laptop (or phone) context, on the
 * queue; the context is added to `contexts` for the caller to close.
 */
export async function signedInOperatorPage(
  server: WebServer,
  browser: Browser,
  contexts: BrowserContext[],
  operator: { name: string; role: 'viewer' | 'underwriter' | 'admin' },
  phone = false,
): Promise<Page> {
  const email = `${operator.name.split(' ')[0].toLowerCase()}.${Math.random().toString(36).slice(2, 7)}@lender.example`;
  const { password, operator: row } = await createOperator(server.t.app.ctx, { kind: 'admin_token' }, { email, name: operator.name, role: operator.role });
  const app = await withTwoFactor(server.t, row.id);
  const context = phone ? await newPhoneContext(browser) : await newLaptopContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.base}/console/login`);
  await passwordAndCode(page, { email, password, app });
  return page;
}

/**
 * The set-up page of a first login, in the browser: the key read as a person types it into their
 * app, its code, "Turn on two-factor authentication"; the app and the ten recovery codes shown.
 */
/** A page of a new context (a laptop's, or a phone's) signed in to the dashboard as `user`, through both factors. */
export async function signedInDashboardPage(
  server: WebServer,
  browser: Browser,
  contexts: BrowserContext[],
  user: DashboardUser,
  phone = false,
): Promise<Page> {
  const context = phone ? await newPhoneContext(browser) : await newLaptopContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.base}/dashboard/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authentication code').fill(user.code());
  await page.getByRole('button', { name: 'Verify' }).click();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  return page;
}

export async function turnOnTwoFactor(page: Page, clock: TestClock): Promise<{ app: Authenticator; recoveryCodes: string[] }> {
  expect(new URL(page.url()).pathname).toMatch(/\/two-factor\/setup$/);
  const key = ((await page.locator('#totp-secret').textContent()) ?? '').replaceAll(' ', '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const app = new Authenticator(clock, key);
  await page.getByLabel('Authentication code').fill(app.code());
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication is on' }).count()).resolves.toBe(1);
  const recoveryCodes = (await page.locator('#recovery-codes code').allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  return { app, recoveryCodes };
}

/** The console's login page's two steps in the browser: the password, then a code from the operator's app; on the queue. */
export async function passwordAndCode(page: Page, operator: { email: string; password: string; app: Authenticator }): Promise<void> {
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  expect(new URL(page.url()).pathname).toBe('/console/login/verify');
  await page.getByLabel('Authentication code').fill(operator.app.code());
  await page.getByRole('button', { name: 'Verify' }).click();
  expect(new URL(page.url()).pathname).toBe('/console/applications');
}
