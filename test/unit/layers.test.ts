import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSourceTree, describeFindings, findLayerViolations, findSql, importsOf, scan } from '../helpers/source-rules.ts';
import { checkSurfaceShape, findHttpImports, findTemplatesInRoutes, SHAPED_SURFACES } from '../helpers/source-rules.ts';
import { checkImportCycles, findImportCycles, valueImportsOf } from '../helpers/import-cycles.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

describe('the source rules', () => {
  it('find SQL in strings and templates, and database calls, naming the line', () => {
    const source = [
      "import { x } from './x.ts';",
      'export async function f(db, tx, id) {',
      "  const sql = 'SELECT id FROM partners WHERE id = $1';",
      '  await tx.query<{ n: number; at: () => Date }>(sql, [id]);',
      "  await run(`UPDATE documents SET status = 'processing' WHERE id = ${id}`);",
      '  await run("INSERT INTO notes (id) VALUES ($1)");',
      '  await run(`DELETE FROM web_sessions`);',
      "  await run(`SELECT pg_notify('outbox_events', '')`);",
      '  await db',
      '    .query(text);',
      '}',
    ].join('\n');
    expect(describeFindings(findSql('src/services/x.ts', source))).toEqual([
      'src/services/x.ts:3: SQL outside src/store: "SELECT id FROM partners WHERE id = $1"',
      'src/services/x.ts:4: a database call (.query) outside src/store',
      `src/services/x.ts:5: SQL outside src/store: "UPDATE documents SET status = 'processing' WHERE id = \${}"`,
      'src/services/x.ts:6: SQL outside src/store: "INSERT INTO notes (id) VALUES ($1)"',
      'src/services/x.ts:7: SQL outside src/store: "DELETE FROM web_sessions"',
      `src/services/x.ts:8: SQL outside src/store: "SELECT pg_notify('outbox_events', '')"`,
      'src/services/x.ts:10: a database call (.query) outside src/store',
    ]);
  });

  it('leave prose, comments, HTTP methods, request.query and regular expressions alone', () => {
    const source = [
      '// SELECT id FROM partners: a comment is not a statement',
      '/* DELETE FROM web_sessions */',
      "const hint = 'Select an offer from the list, then update the amount and delete from the cart';",
      "const method = 'DELETE';",
      "const words = 'UPDATE';",
      'const status = request.query.status;',
      'const q = request.query as Record<string, string>;',
      "const safe = name.replace(/[\"'`]/g, '_').split(/\\//);",
      'const half = total / 2 / count;',
      'const label = `${a / b} SELECT`;',
    ].join('\n');
    expect(findSql('src/console/x.ts', source)).toEqual([]);
  });

  it('read a template inside a template, and a regular expression with quotes, without losing its place', () => {
    const { literals } = scan("const a = `x ${`y ${z}`} w`; const r = /'\"/; const b = 'SELECT 1';");
    expect(literals.map((l) => l.text)).toEqual(['y ${}', 'x ${} w', 'SELECT 1']);
  });

  it('find static, type-only, dynamic and re-exported imports', () => {
    const source = [
      "import type { Db } from '../store/db.ts';",
      'import { a,',
      "  b } from './b.ts';",
      "export { c } from '../domain/c.ts';",
      "import './side-effect.ts';",
      "const later = await import('../worker/queue.ts');",
      "declare module 'fastify' {}",
      "const text = 'from here';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { specifier: '../store/db.ts', line: 1 },
      { specifier: './b.ts', line: 3 },
      { specifier: '../domain/c.ts', line: 4 },
      { specifier: './side-effect.ts', line: 5 },
      { specifier: '../worker/queue.ts', line: 6 },
    ]);
  });

  it('find imports that cross the layers the wrong way', () => {
    const upward = [
      "import type { OperatorRole } from '../services/audit.ts';",
      "import type { QueueBackend } from '../worker/queue.ts';",
      "import type { Config } from '../config.ts';",
      "import type { Tenant } from '../domain/tenant.ts';",
      "import type { CompanyData } from '../schemas/customer.ts';",
      "import { migrate } from './migrate.ts';",
    ].join('\n');
    expect(describeFindings(findLayerViolations('store/open.ts', upward))).toEqual([
      'src/store/open.ts:1: imports ../services/audit.ts (store may import only store, domain, schemas)',
      'src/store/open.ts:2: imports ../worker/queue.ts (store may import only store, domain, schemas)',
      'src/store/open.ts:3: imports ../config.ts (store may import only store, domain, schemas)',
    ]);
    expect(describeFindings(findLayerViolations('domain/offers.ts', "import { findOffer } from '../store/offers-store.ts';"))).toEqual([
      'src/domain/offers.ts:1: imports ../store/offers-store.ts (domain may import only domain, schemas)',
    ]);
    for (const page of ['console/partners.ts', 'portal/views/offer.ts', 'web/surface.ts', 'http/routes/admin/operators.ts']) {
      const depth = page.split('/').length - 1;
      const store = `${'../'.repeat(depth)}store/offers-store.ts`;
      expect(findLayerViolations(page, `import type { OfferRow } from '${store}';`)).toHaveLength(1);
      expect(findLayerViolations(page, `import type { OfferRow } from '${'../'.repeat(depth)}services/portal.ts';`)).toEqual([]);
    }
    expect(findLayerViolations('services/review.ts', "import { listPartners } from '../store/partners-store.ts';")).toEqual([]);
    expect(findLayerViolations('worker/worker.ts', "import type { Db } from '../store/db.ts';")).toEqual([]);
  });

  it('check a whole tree: a planted query outside the store and a console reading the store are found', async () => {
    const root = await mkdtemp(join(tmpdir(), 'source-rules-'));
    try {
      const put = async (path: string, text: string) => {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), text);
      };
      await put('store/partners-store.ts', "export const listPartners = (db) => db.query('SELECT id FROM partners');\n");
      await put('services/review.ts', "import { listPartners } from '../store/partners-store.ts';\nexport const names = (db) => listPartners(db);\n");
      await put(
        'console/partners.ts',
        "import { listPartners } from '../store/partners-store.ts';\n\nconst rows = await ctx.db.query(`SELECT * FROM api_tokens`);\n",
      );
      expect(describeFindings(await checkSourceTree(root))).toEqual([
        'src/console/partners.ts:3: SQL outside src/store: "SELECT * FROM api_tokens"',
        'src/console/partners.ts:3: a database call (.query) outside src/store',
        'src/console/partners.ts:1: imports ../store/partners-store.ts (console must not import store)',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the source tree', () => {
  it('has SQL only in src/store, and no import across its layers the wrong way', async () => {
    expect(describeFindings(await checkSourceTree(SRC))).toEqual([]);
  });
});

describe('the web surfaces in the portal’s shape', () => {
  it('find HTML templates and markup in a surface’s route files, not in its views or elsewhere', () => {
    const route = [
      "import { html } from '../web/html.ts';",
      'const page = html`<h1>${title}</h1>`;',
      'reply.send(\'<p class="lead">Done</p>\');',
      'const tagged = html  `<p>x</p>`;',
      "const words = 'less than <5 and a > b, email <ada@example.com';",
      'const fine = `Not done: ${error.detail}.`;',
      '// html`<p>in a comment</p>`',
    ].join('\n');
    expect(describeFindings(findTemplatesInRoutes('console/partners.ts', route))).toEqual([
      'src/console/partners.ts:2: an html template in a route file (it belongs in views/)',
      'src/console/partners.ts:3: markup in a route file (it belongs in views/)',
      'src/console/partners.ts:4: an html template in a route file (it belongs in views/)',
    ]);
    expect(findTemplatesInRoutes('portal/offers.ts', route)).toHaveLength(3);
    expect(findTemplatesInRoutes('dashboard/tokens.ts', route)).toHaveLength(3);
    for (const elsewhere of ['console/views/partner.ts', 'portal/views/offer.ts', 'dashboard/views/tokens.ts', 'web/layout.ts', 'http/routes/health.ts']) {
      expect(findTemplatesInRoutes(elsewhere, route)).toEqual([]);
    }
  });

  it('find a page importing src/http, whatever the depth, and leave the API alone', () => {
    const source = [
      "import { STATUS_BY_CODE } from '../http/errors.ts';",
      "import { STATUS_BY_CODE as S } from '../schemas/error-status.ts';",
      "import type { FastifyRequest } from 'fastify';",
    ].join('\n');
    expect(describeFindings(findHttpImports('console/loans.ts', source))).toEqual([
      'src/console/loans.ts:1: imports ../http/errors.ts (a page must not import src/http; the error table is in src/schemas)',
    ]);
    expect(findHttpImports('web/attempt.ts', source)).toHaveLength(1);
    expect(findHttpImports('portal/views/offer.ts', "import { sendErrors } from '../../http/errors.ts';")).toHaveLength(1);
    expect(findHttpImports('dashboard/webhooks.ts', source)).toHaveLength(1);
    expect(findHttpImports('http/routes/customers.ts', "import { sendErrors } from '../errors.ts';")).toEqual([]);
    expect(findHttpImports('app.ts', "import { sendErrors } from './http/errors.ts';")).toEqual([]);
  });

  it('check a whole tree: a template in a console route and a portal page reading src/http are found', async () => {
    const root = await mkdtemp(join(tmpdir(), 'surface-shape-'));
    try {
      const put = async (path: string, text: string) => {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), text);
      };
      await put('console/views/audit.ts', "import { html } from '../../web/html.ts';\nexport const page = () => html`<h1>Audit log</h1>`;\n");
      await put('console/audit.ts', "import { html } from '../web/html.ts';\n\nexport const page = () => html`<h1>Audit log</h1>`;\n");
      await put('portal/offers.ts', "import { STATUS_BY_CODE } from '../http/errors.ts';\n");
      await put('http/errors.ts', "export const page = '<p>not a page</p>';\n");
      expect(describeFindings(await checkSurfaceShape(root))).toEqual([
        'src/console/audit.ts:3: an html template in a route file (it belongs in views/)',
        'src/portal/offers.ts:1: imports ../http/errors.ts (a page must not import src/http; the error table is in src/schemas)',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('hold on the source tree for the portal, the console and the dashboard', async () => {
    expect(SHAPED_SURFACES).toEqual(['portal', 'console', 'dashboard']);
    expect(describeFindings(await checkSurfaceShape(SRC))).toEqual([]);
  });
});

describe('no import cycle among the imports that run at load', () => {
  it('reads static imports and re-exports, and leaves type-only and dynamic imports out', () => {
    const source = [
      "import type { Db } from '../store/db.ts';",
      "import { type Actor } from '../domain/actors.ts';",
      'import { a,',
      "  b } from './b.ts';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      "export * from './e.ts';",
      "import './side-effect.ts';",
      "const later = await import('../worker/queue.ts');",
      "const text = 'import x from here';",
    ].join('\n');
    expect(valueImportsOf(source)).toEqual([
      // `import { type Actor }` keeps `import {} from` once its types are stripped: it still runs.
      { specifier: '../domain/actors.ts', line: 2 },
      { specifier: './b.ts', line: 4 },
      { specifier: './c.ts', line: 5 },
      { specifier: './e.ts', line: 7 },
      { specifier: './side-effect.ts', line: 8 },
    ]);
  });

  it('finds a cycle, naming the modules in it, and not one closed only by a type import or a dynamic import', () => {
    const tree = new Map([
      ['services/four-eyes.ts', "import { kind } from './pre-approval-kind.ts';\nexport const KINDS = { kind };"],
      ['services/pre-approval-kind.ts', "import { create } from './pre-approvals.ts';\nexport const kind = { create };"],
      ['services/pre-approvals.ts', "import { audited } from './audit.ts';\nimport { requestApproval } from './four-eyes.ts';\nexport const create = 1;"],
      ['services/audit.ts', "import type { Actor } from './four-eyes.ts';\nexport const audited = 1;"],
      ['services/lazy.ts', "export const later = () => import('./four-eyes.ts');"],
      ['services/four-eyes-user.ts', "import { KINDS } from './four-eyes.ts';\nimport { later } from './lazy.ts';"],
      ['domain/self.ts', "import { self } from './self.ts';\nexport const me = self;"],
    ]);
    expect(describeFindings(findImportCycles(tree))).toEqual([
      'src/domain/self.ts:1: import cycle among load-time imports: self.ts → self.ts',
      'src/services/four-eyes.ts:1: import cycle among load-time imports: four-eyes.ts → pre-approval-kind.ts → pre-approvals.ts → four-eyes.ts',
    ]);
    // The kinds registered in a module of their own, which the mechanism imports: no cycle.
    tree.set('services/four-eyes.ts', "import { KINDS } from './approval-kinds.ts';\nexport const requestApproval = KINDS;");
    tree.set('services/approval-kinds.ts', "import { kind } from './pre-approval-kind.ts';\nexport const KINDS = { kind };");
    tree.set('services/pre-approval-kind.ts', "import { create } from './pre-approval-offers.ts';\nexport const kind = { create };");
    tree.set('services/pre-approval-offers.ts', 'export const create = 1;');
    tree.delete('domain/self.ts');
    expect(findImportCycles(tree)).toEqual([]);
  });

  it('holds in the source tree', async () => {
    expect(describeFindings(await checkImportCycles(SRC))).toEqual([]);
  });
});
