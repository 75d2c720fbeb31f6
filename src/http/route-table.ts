/**
 * Every registered path with its methods, so an unknown method on a known path can answer 405
 * with `Allow` (Fastify alone answers 404 there).
 */
export class RouteTable {
  readonly #routes: { pattern: RegExp; methods: Set<string> }[] = [];
  readonly #byPath = new Map<string, Set<string>>();

  add(url: string, methods: string | string[]): void {
    const path = normalise(url);
    let entry = this.#byPath.get(path);
    if (!entry) {
      entry = new Set();
      this.#byPath.set(path, entry);
      const source = path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      this.#routes.push({ pattern: new RegExp(`^${source}$`), methods: entry });
    }
    for (const method of Array.isArray(methods) ? methods : [methods]) entry.add(method);
  }

  allowed(url: string): string[] {
    const path = normalise(url);
    const methods = new Set<string>();
    for (const route of this.#routes) {
      if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    }
    return [...methods].sort();
  }
}

function normalise(url: string): string {
  const path = url.split('?')[0];
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
