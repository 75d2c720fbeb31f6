/**
 * The layers test's rule against import cycles (test/unit/layers.test.ts): no cycle among the imports
 * of src that run when a module loads. In a cycle, whichever module an entry point reaches first
 * runs before a module it imports has finished, and a value that module reads at load is not there
 * yet (as four-eyes.ts, reading the pre_approval kind at load, once failed when an entry point
 * imported pre-approval-kind.ts first). Read with the source rules' lexer (source-rules.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { scan, type Finding } from './source-rules.ts';

/**
 * An import that runs when its module loads: every static `import` and `export … from`, side-effect
 * imports and `import { type A }` included (the type-stripped module keeps `import {} from`), but not
 * `import type` or `export type … from` (erased), nor a dynamic `import()` (it runs when called,
 * once every module has loaded).
 */
const STATIC_IMPORT = /\b(import|export)\s+(type\b\s*)?([^;'"]*?\bfrom\s*)?(['"])/g;

/** The modules a file imports at load time (see STATIC_IMPORT), with their lines. */
export function valueImportsOf(source: string): { specifier: string; line: number }[] {
  const { code } = scan(source);
  const found: { specifier: string; line: number }[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    if (match[2]) continue;
    const quote = match.index + match[0].length - 1;
    const end = source.indexOf(match[4], quote + 1);
    found.push({ specifier: source.slice(quote + 1, end), line: code.slice(0, quote).split('\n').length });
  }
  return found;
}

/**
 * Cycles among the load-time imports of a tree (paths under src, with their sources): in a cycle,
 * whichever module an entry point reaches first runs before a module it imports has finished, and
 * a value that module reads at load is not there yet. One finding for each group of modules that
 * import one another, naming one cycle through it.
 */
export function findImportCycles(sources: Map<string, string>): Finding[] {
  const graph = new Map<string, { to: string; line: number }[]>();
  for (const [pathInSrc, source] of sources) {
    const from = pathInSrc.split(sep).join('/');
    const edges: { to: string; line: number }[] = [];
    for (const { specifier, line } of valueImportsOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const to = relative('/src', resolve('/src', dirname(from), specifier))
        .split(sep)
        .join('/');
      if (sources.has(to) || sources.has(to.split('/').join(sep))) edges.push({ to, line });
    }
    graph.set(from, edges);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const { to } of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).some((e) => e.to === node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  return groups
    .map((group) => {
      // The shortest cycle from the group's first module back to it, within the group.
      const start = group[0];
      const inGroup = new Set(group);
      const cameFrom = new Map<string, string>();
      const queue = [start];
      let last: string | null = null;
      while (queue.length > 0 && last === null) {
        const node = queue.shift()!;
        for (const { to } of graph.get(node) ?? []) {
          if (to === start) {
            last = node;
            break;
          }
          if (inGroup.has(to) && !cameFrom.has(to)) {
            cameFrom.set(to, node);
            queue.push(to);
          }
        }
      }
      const path = [start];
      for (let node = last!; node !== start; node = cameFrom.get(node)!) path.splice(1, 0, node);
      const line = graph.get(start)!.find((e) => e.to === (path[1] ?? start))!.line;
      const names = [...path, start].map((p) => p.split('/').pop()).join(' → ');
      return { file: `src/${start}`, line, message: `import cycle among load-time imports: ${names}` };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The import cycles of a source tree (`srcDir` plays src). */
export async function checkImportCycles(srcDir: string): Promise<Finding[]> {
  const sources = new Map<string, string>();
  const entries = await readdir(srcDir, { withFileTypes: true, recursive: true });
  for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith('.ts'))) {
    const path = join(entry.parentPath, entry.name);
    sources.set(relative(srcDir, path).split(sep).join('/'), await readFile(path, 'utf8'));
  }
  return findImportCycles(sources);
}
