// No import cycles inside an app (part of `npm run lint`): a cycle makes module initialization order
// matter (a value read before it is set) and keeps layers from being split. Static imports and
// re-exports count; type-only ones (erased at build time) and dynamic import() (lazy chunks) do not.
// Follows relative paths and the web app's `@/` alias; packages are outside the apps and not followed.
//   node scripts/check-import-cycles.mjs            exits 1 and prints each cycle found
//   node scripts/check-import-cycles.mjs DIR[=ALIAS_ROOT] …   other roots (used by its test)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_ROOTS = [
  { dir: join(ROOT, 'apps/web/src'), alias: join(ROOT, 'apps/web/src') },
  { dir: join(ROOT, 'apps/api/src'), alias: null },
];
const EXTENSIONS = ['.ts', '.tsx'];

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveFile(base) {
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  // `./x.js` written for ESM resolves to x.ts.
  if (/\.(m?js|jsx)$/.test(base)) candidates.push(...EXTENSIONS.map((ext) => base.replace(/\.(m?js|jsx)$/, ext)));
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The files a module imports at run time (static, not type-only), resolved inside the app. */
export function runtimeImports(file, alias) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      // `import { type A, type B } from` is erased too.
      const named = clause?.namedBindings;
      if (clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)) continue;
      specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  const resolved = [];
  for (const specifier of specifiers) {
    let base = null;
    if (specifier.startsWith('.')) base = resolve(dirname(file), specifier);
    else if (alias && specifier.startsWith('@/')) base = join(alias, specifier.slice(2));
    const target = base && resolveFile(base);
    if (target) resolved.push(target);
  }
  return resolved;
}

/** Every cycle among the files (strongly connected components of more than one file, or a self-import), each as a path. */
export function findCycles(roots) {
  const graph = new Map();
  for (const { dir, alias } of roots) for (const file of listFiles(dir)) graph.set(file, runtimeImports(file, alias));
  // Tarjan's strongly connected components, iteratively (deep import chains would overflow the stack).
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  for (const start of graph.keys()) {
    if (indexOf.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!graph.has(to)) continue;
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), indexOf.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = component.length === 1 && (graph.get(member) ?? []).includes(member);
        if (component.length > 1 || selfImport) components.push(component);
      }
    }
  }
  return components.map((component) => cyclePath(graph, new Set(component)));
}

/** One concrete cycle through a component, for the message: a → b → … → a. */
function cyclePath(graph, members) {
  const start = [...members].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== null && at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const roots =
    process.argv.length > 2
      ? process.argv.slice(2).map((arg) => {
          const [dir, alias] = arg.split('=');
          return { dir: resolve(dir), alias: alias ? resolve(alias) : null };
        })
      : DEFAULT_ROOTS;
  const cycles = findCycles(roots);
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((file) => relative(ROOT, file)).join(' → ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): break each (move the shared part into a module both import, or import a type only).`);
    process.exit(1);
  }
  console.log(`no import cycles in ${roots.map((r) => relative(ROOT, r.dir)).join(', ')}`);
}
