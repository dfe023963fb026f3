/**
 * How the browser build cuts the app into files (decision 0017). A public page's first load used to be
 * 22 to 37 files: the app's start (React, React Router, i18next, TanStack Query, the frame) came in 17 of
 * them, because the bundler cuts out every module that a second lazy route also uses. On a phone each
 * file is a round trip (150 ms on Lighthouse's mobile link) and HTTP/1.1 asks for six at a time, so the
 * last of them arrived long after the bytes could have. Here the app is one file: every module
 * `app/start.tsx` loads statically, plus the small modules that two public routes share. The page's own
 * chunk and the rest are left to the bundler.
 */

/** What the bundler tells about a module while it cuts the chunks (rolldown's `ModuleInfo`, the part used here). */
export interface ChunkGraphModule {
  importedIds: readonly string[];
  code?: string | null;
}
export type ChunkGraph = (id: string) => ChunkGraphModule | null;

/**
 * Packages whose index only re-exports, one module per export. Walking into such an index would take
 * every module it re-exports (all of the icons used anywhere in the app); the walk follows only the
 * names the importing module takes from it, as the bundle will.
 */
export const BARRELS: Record<string, RegExp> = {
  'lucide-react': /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
  'react-i18next': /node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/]index\.js$/,
};

/** A shared module of at most this many bytes (its code before minifying) goes with the app. */
export const SMALL_SHARED_BYTES = 4096;

function barrelOf(id: string): string | undefined {
  return Object.keys(BARRELS).find((name) => BARRELS[name]!.test(id));
}

/** `{ a, b as c, type D }` → ['a', 'b', 'D']: the names an import takes (before `as`). */
export function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim(),
    )
    .filter(Boolean);
}

/** A barrel's exports: exported name → the module it comes from. */
function barrelExports(barrel: string, graph: ChunkGraph): Map<string, string> {
  const module = graph(barrel);
  const exports = new Map<string, string>();
  for (const match of (module?.code ?? '').matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const file = match[2]!.replace(/^\.\//, '');
    const target = module!.importedIds.find((id) => id.endsWith(`/${file}`));
    if (!target) continue;
    for (const part of match[1]!.split(',')) {
      const exported = (part.trim().split(/\s+as\s+/)[1] ?? part).trim();
      if (exported) exports.set(exported, target);
    }
  }
  return exports;
}

/**
 * The modules `id` imports statically; through a barrel, the modules of the names it imports from it.
 * `barrels` keeps each barrel's exports once read.
 */
function directImports(id: string, graph: ChunkGraph, barrels: Map<string, Map<string, string>>): string[] {
  const module = graph(id);
  const imports: string[] = [];
  for (const child of module?.importedIds ?? []) {
    const barrel = barrelOf(child);
    if (!barrel) {
      imports.push(child);
      continue;
    }
    let exports = barrels.get(child);
    if (!exports) barrels.set(child, (exports = barrelExports(child, graph)));
    const statements = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${barrel}['"]`, 'g');
    for (const match of (module?.code ?? '').matchAll(statements)) {
      for (const name of importedNames(match[1]!)) {
        const target = exports.get(name);
        if (target) imports.push(target);
      }
    }
  }
  return imports;
}

/** The modules `from` loads statically (itself included), without those in `stop` (see directImports). */
export function staticClosure(
  from: string,
  graph: ChunkGraph,
  stop: ReadonlySet<string> = new Set(),
  barrels = new Map<string, Map<string, string>>(),
): Set<string> {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id) || stop.has(id)) return;
    seen.add(id);
    for (const child of directImports(id, graph, barrels)) walk(child);
  };
  walk(from);
  return seen;
}

export interface FirstLoadOptions {
  /** The browser entry (main.tsx): what it loads itself stays with it, so the app never starts with the page. */
  entry: string;
  /** The app's start (app/start.tsx), which the entry imports once the first view has painted. */
  start: string;
  /** The public routes' modules. */
  publicRoutes: readonly string[];
  /** Modules never put with the app (they have a chunk of their own). */
  exclude?: RegExp;
}

/**
 * The modules of the app's file: the static closure of `start` (without the entry's), plus each module of
 * at most SMALL_SHARED_BYTES that two or more public routes load and whose own imports are all in the app
 * too (so the app never imports another chunk).
 */
export function appModules(graph: ChunkGraph, options: FirstLoadOptions): Set<string> {
  const barrels = new Map<string, Map<string, string>>();
  const entry = staticClosure(options.entry, graph, new Set(), barrels);
  const app = staticClosure(options.start, graph, entry, barrels);
  const uses = new Map<string, number>();
  const taken = new Set([...app, ...entry]);
  for (const route of options.publicRoutes) {
    if (!graph(route)) continue;
    for (const id of staticClosure(route, graph, taken, barrels)) if (id !== route) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  const candidates = new Set<string>();
  for (const [id, count] of uses) {
    const size = graph(id)?.code?.length ?? Infinity;
    if (count >= 2 && size <= SMALL_SHARED_BYTES && !options.exclude?.test(id)) candidates.add(id);
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const id of candidates) {
      if (directImports(id, graph, barrels).every((child) => taken.has(child) || candidates.has(child))) continue;
      candidates.delete(id);
      changed = true;
    }
  }
  for (const id of candidates) app.add(id);
  return app;
}

/**
 * rolldown's `output.codeSplitting.groups[].name` for the app's file: 'app' for its modules, else
 * nothing (the bundler's own cut). The module graph is read once, at the first call.
 */
export function firstLoadChunks(options: FirstLoadOptions) {
  let app: Set<string> | undefined;
  return (id: string, context: { getModuleInfo(id: string): ChunkGraphModule | null }): string | null => {
    app ??= appModules((module) => context.getModuleInfo(module), options);
    return app.has(id) ? 'app' : null;
  };
}
