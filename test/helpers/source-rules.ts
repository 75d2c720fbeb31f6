/**
 * The rules of the source tree's rooms, checked by reading the source: SQL lives only in
 * src/store, and each layer imports only what is below it. TypeScript 7 (the project's compiler)
 * has no JavaScript API, so a small lexer reads the files: it blanks comments and the insides of
 * strings, templates and regular expressions (so prose never matches), and collects the texts of
 * strings and templates with their lines.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface Literal {
  /** The text between the quotes; a template's `${…}` parts read `${}`. */
  text: string;
  line: number;
  /** The code just before the literal (blanked as above), to tell an import's specifier. */
  before: string;
}

export interface Scanned {
  /** The source with comments, literal texts and regular expressions blanked; lines kept. */
  code: string;
  literals: Literal[];
}

export interface Finding {
  file: string;
  line: number;
  message: string;
}

/** Words after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

export function scan(source: string): Scanned {
  const n = source.length;
  const out: string[] = [...source];
  const literals: Literal[] = [];
  const newlines: number[] = [];
  for (let k = 0; k < n; k += 1) if (source[k] === '\n') newlines.push(k);
  const lineOf = (at: number) => {
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (newlines[mid] < at) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
  const blank = (from: number, to: number) => {
    for (let k = from; k < Math.min(to, n); k += 1) if (out[k] !== '\n') out[k] = ' ';
  };
  const before = (at: number) => out.slice(Math.max(0, at - 40), at).join('');
  let i = 0;

  const slashStartsRegex = (at: number): boolean => {
    let k = at - 1;
    while (k >= 0 && /\s/.test(out[k])) k -= 1;
    if (k < 0) return true;
    if (/[\w$]/.test(out[k])) {
      let w = k;
      while (w > 0 && /[\w$]/.test(out[w - 1])) w -= 1;
      return REGEX_AFTER_WORDS.has(out.slice(w, k + 1).join(''));
    }
    // After a value (a name, a closing bracket, a string) a slash divides.
    return !/[)\]}'"`]/.test(out[k]);
  };

  const quoted = (quote: string) => {
    const start = i;
    let text = '';
    i += 1;
    while (i < n && source[i] !== quote && source[i] !== '\n') {
      const step = source[i] === '\\' ? 2 : 1;
      text += source.slice(i, i + step);
      i += step;
    }
    blank(start + 1, i);
    i += 1;
    literals.push({ text, line: lineOf(start), before: before(start) });
  };

  const regex = () => {
    let inClass = false;
    i += 1;
    const start = i;
    while (i < n && source[i] !== '\n') {
      const c = source[i];
      if (c === '\\') i += 1;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
      i += 1;
    }
    blank(start, i);
    i += 1;
  };

  const template = () => {
    const start = i;
    let text = '';
    i += 1;
    while (i < n && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source.slice(i, i + 2);
        blank(i, i + 2);
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        text += '${}';
        i += 2;
        code(true);
        i += 1;
      } else {
        text += source[i];
        blank(i, i + 1);
        i += 1;
      }
    }
    i += 1;
    literals.push({ text, line: lineOf(start), before: before(start) });
  };

  /** Code up to the end, or up to the `}` that closes a template's `${`. */
  function code(inTemplate: boolean): void {
    let depth = 0;
    while (i < n) {
      const c = source[i];
      const next = source[i + 1];
      if (c === '/' && next === '/') {
        const end = source.indexOf('\n', i);
        const stop = end === -1 ? n : end;
        blank(i, stop);
        i = stop;
      } else if (c === '/' && next === '*') {
        const end = source.indexOf('*/', i + 2);
        const stop = end === -1 ? n : end + 2;
        blank(i, stop);
        i = stop;
      } else if (c === '"' || c === "'") quoted(c);
      else if (c === '`') template();
      else if (c === '/' && slashStartsRegex(i)) regex();
      else {
        if (c === '{') depth += 1;
        if (c === '}') {
          if (inTemplate && depth === 0) return;
          depth -= 1;
        }
        i += 1;
      }
    }
  }

  code(false);
  return { code: out.join(''), literals };
}

/**
 * SQL as this project writes it: upper-case keywords. Each pattern needs a statement's shape (a
 * verb and what follows it), so prose ("select an offer from the list") and an HTTP method
 * ('DELETE') do not match.
 */
const SQL_PATTERNS: RegExp[] = [
  /\bSELECT\s[\s\S]*\bFROM\s/,
  /^\s*SELECT\s+\S/,
  /\bINSERT\s+INTO\s/,
  /\bUPDATE\s+\w+(\s+AS\s+\w+)?\s+SET\s/,
  /\bDELETE\s+FROM\s/,
  /^\s*WITH\s+\w+\s+AS\s*\(/,
  /^\s*(LISTEN|UNLISTEN|NOTIFY)\s+\w/,
  /\bCOPY\s+\w+[\s\S]*\bFROM\s+STDIN\b/,
  /^\s*(CREATE|ALTER|DROP|TRUNCATE)\s+(TABLE|INDEX|SCHEMA|SEQUENCE|VIEW|EXTENSION|TRIGGER|FUNCTION)\b/,
  /^\s*(SAVEPOINT|RELEASE\s+SAVEPOINT|ROLLBACK\s+TO\s+SAVEPOINT)\s+\w/,
];

/** A statement sent to a database: `x.query(…)` (our Db and pg) or `x.unsafe(…)` (postgres.js). */
const DATABASE_METHOD = /\.\s*(query|unsafe)\b/g;

/** Where `code` calls a database method, type arguments and all: `.query<{ id: string }>(`. */
function databaseCalls(code: string): { method: string; index: number }[] {
  const calls: { method: string; index: number }[] = [];
  for (const match of code.matchAll(DATABASE_METHOD)) {
    let k = match.index + match[0].length;
    while (/\s/.test(code[k] ?? '')) k += 1;
    if (code[k] === '<') {
      let depth = 0;
      for (; k < code.length; k += 1) {
        if (code[k] === '<') depth += 1;
        else if (code[k] === '>' && code[k - 1] !== '=' && --depth === 0) break;
      }
      k += 1;
      while (/\s/.test(code[k] ?? '')) k += 1;
    }
    if (code[k] === '(') calls.push({ method: match[1], index: match.index });
  }
  return calls;
}

/** SQL statements and database calls in one file (which must then be in src/store). */
export function findSql(file: string, source: string): Finding[] {
  const { code, literals } = scan(source);
  const findings: Finding[] = [];
  for (const literal of literals) {
    if (SQL_PATTERNS.some((pattern) => pattern.test(literal.text))) {
      const shown = literal.text.replace(/\s+/g, ' ').trim().slice(0, 60);
      findings.push({ file, line: literal.line, message: `SQL outside src/store: "${shown}"` });
    }
  }
  for (const call of databaseCalls(code)) {
    const line = code.slice(0, call.index).split('\n').length;
    findings.push({ file, line, message: `a database call (.${call.method}) outside src/store` });
  }
  return findings.sort((a, b) => a.line - b.line);
}

/** The modules a file imports or re-exports (static and dynamic imports, `import type` too). */
export function importsOf(source: string): { specifier: string; line: number }[] {
  return scan(source)
    .literals.filter((l) => /\b(from|import|import\s*\()\s*$/.test(l.before))
    .map((l) => ({ specifier: l.text, line: l.line }));
}

/** A file's layer: its folder under src (`domain`, `store`, `http`…), or `root` for src's own files. */
export function layerOf(pathInSrc: string): string {
  const parts = pathInSrc.split(/[\\/]/);
  return parts.length > 1 ? parts[0] : 'root';
}

/** What a layer may import (when it is restricted to a list). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  domain: ['domain', 'schemas'],
  schemas: ['schemas', 'domain'],
  store: ['store', 'domain', 'schemas'],
  pdf: ['pdf', 'domain', 'schemas'],
};

/** What a layer must never import. */
const MUST_NOT_IMPORT: Record<string, readonly string[]> = {
  services: ['http', 'portal', 'console', 'dashboard', 'web', 'worker', 'cli', 'root'],
  worker: ['http', 'portal', 'console', 'dashboard', 'web', 'cli'],
  http: ['store', 'portal', 'console', 'dashboard', 'web', 'worker', 'cli'],
  portal: ['store', 'console', 'dashboard', 'worker', 'cli'],
  console: ['store', 'portal', 'dashboard', 'worker', 'cli'],
  dashboard: ['store', 'portal', 'console', 'worker', 'cli'],
  web: ['store', 'http', 'portal', 'console', 'dashboard', 'worker', 'cli'],
};

/**
 * Imports that cross the layers the wrong way: the domain, the schemas, the store and the PDFs import
 * nothing above them; services and the worker know nothing of the surfaces; the surfaces (http,
 * portal, console, dashboard, web) reach the store only through services and do not import each other
 * (the pages read the error table from schemas: see findHttpImports); src's own files (app.ts, main.ts)
 * compose them all.
 * `pathInSrc` is the file's path under src; packages and Node's modules are not layers.
 */
export function findLayerViolations(pathInSrc: string, source: string): Finding[] {
  const from = layerOf(pathInSrc);
  const file = `src/${pathInSrc.split(sep).join('/')}`;
  const findings: Finding[] = [];
  for (const { specifier, line } of importsOf(source)) {
    if (!specifier.startsWith('.')) continue;
    const target = relative('/src', resolve('/src', dirname(pathInSrc), specifier));
    if (target.startsWith('..')) continue;
    const to = layerOf(target);
    const allowed = MAY_IMPORT[from];
    if ((allowed && !allowed.includes(to)) || MUST_NOT_IMPORT[from]?.includes(to)) {
      const rule = allowed ? `${from} may import only ${allowed.join(', ')}` : `${from} must not import ${to}`;
      findings.push({ file, line, message: `imports ${specifier} (${rule})` });
    }
  }
  return findings;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

/** Every finding in a source tree (`srcDir` plays src): SQL outside its store folder, and layer crossings. */
export async function checkSourceTree(srcDir: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of (await sourceFiles(srcDir)).sort()) {
    const pathInSrc = relative(srcDir, path);
    const source = await readFile(path, 'utf8');
    const file = `src/${pathInSrc.split(sep).join('/')}`;
    if (layerOf(pathInSrc) !== 'store') findings.push(...findSql(file, source));
    findings.push(...findLayerViolations(pathInSrc, source));
  }
  return findings;
}

export function describeFindings(findings: Finding[]): string[] {
  return findings.map((f) => `${f.file}:${f.line}: ${f.message}`);
}

// --- The web surfaces in the portal's shape (DESIGN.md, "The web pages") ---

/**
 * The surfaces whose route files hold no HTML template (the templates live in their views/) and
 * whose pages do not import src/http: all three.
 */
export const SHAPED_SURFACES: readonly string[] = ['portal', 'console', 'dashboard'];

/** The page layers: the shaped surfaces and what they share (src/web). */
const PAGE_LAYERS = (): readonly string[] => [...SHAPED_SURFACES, 'web'];

/** Markup in a string: an element's opening or closing tag (`<p>`, `<a href=…>`, `</div>`). */
const MARKUP = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;

/**
 * HTML templates in a surface's route file (`src/<surface>/*.ts`, not in its views/): a template
 * tagged `html` (htm's), or markup written in a string or template. A route file parses the
 * request, calls a service and renders a view; the view holds the markup.
 */
export function findTemplatesInRoutes(pathInSrc: string, source: string): Finding[] {
  const parts = pathInSrc.split(/[\\/]/);
  if (parts.length !== 2 || !SHAPED_SURFACES.includes(parts[0])) return [];
  const file = `src/${parts.join('/')}`;
  const findings: Finding[] = [];
  for (const literal of scan(source).literals) {
    if (/\bhtml\s*$/.test(literal.before)) findings.push({ file, line: literal.line, message: 'an html template in a route file (it belongs in views/)' });
    else if (MARKUP.test(literal.text)) findings.push({ file, line: literal.line, message: 'markup in a route file (it belongs in views/)' });
  }
  return findings;
}

/** Imports of src/http by a page (a shaped surface, or src/web): the pages use services, schemas and src/web only. */
export function findHttpImports(pathInSrc: string, source: string): Finding[] {
  if (!PAGE_LAYERS().includes(layerOf(pathInSrc))) return [];
  const file = `src/${pathInSrc.split(sep).join('/')}`;
  return importsOf(source)
    .filter(({ specifier }) => specifier.startsWith('.') && layerOf(relative('/src', resolve('/src', dirname(pathInSrc), specifier))) === 'http')
    .map(({ specifier, line }) => ({ file, line, message: `imports ${specifier} (a page must not import src/http; the error table is in src/schemas)` }));
}

/** Every route file with a template and every page importing src/http in a source tree (`srcDir` plays src). */
export async function checkSurfaceShape(srcDir: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of (await sourceFiles(srcDir)).sort()) {
    const pathInSrc = relative(srcDir, path);
    const source = await readFile(path, 'utf8');
    findings.push(...findTemplatesInRoutes(pathInSrc, source), ...findHttpImports(pathInSrc, source));
  }
  return findings;
}
