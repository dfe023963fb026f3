import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Query keys are written in one place: the key factories of src/lib/queries. Anywhere else in the
 * web app a key comes from a factory (`listingKeys.detail(id)`), never from an array literal, so a
 * domain or a sub-tree can always be invalidated by its prefix. And lib/queries stays free of zod at
 * run time (route loaders and every page import it): contracts and zod are imported as types only.
 */

const SRC = new URL('../src', import.meta.url).pathname;
const QUERIES = join(SRC, 'lib', 'queries');
const CONTRACTS = new URL('../../../packages/contracts/src', import.meta.url).pathname;

const CACHE_CALLS =
  'invalidateQueries|refetchQueries|removeQueries|resetQueries|cancelQueries|setQueryData|setQueriesData|getQueryData|getQueriesData|getQueryState|ensureQueryData|fetchQuery|prefetchQuery|isFetching';

/** Ways to write a literal query key; each finds the line's offending text. */
const LITERAL_KEY_PATTERNS: RegExp[] = [
  // queryKey: ['listings', …] (query options, filters of invalidateQueries & co.)
  /\bqueryKey\s*:\s*\[/g,
  // setQueryData(['session'], …), getQueryData<T>(['x']) …
  new RegExp(`\\b(?:${CACHE_CALLS})\\s*(?:<[^()]*>)?\\(\\s*\\[`, 'g'),
  // const CART_QUERY_KEY = ['cart'], export const listingQueryKey = (id: string) => ['listings', id]
  /\b\w*(?:QueryKey|QUERY_KEY)\s*(?::[^=]+)?=\s*(?:\([^)]*\)\s*=>\s*)?\[/g,
];

/** The literal query keys in one source text, as `line: text`. */
export function findLiteralQueryKeys(source: string): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    for (const pattern of LITERAL_KEY_PATTERNS) {
      pattern.lastIndex = 0;
      if (pattern.test(line)) {
        found.push(`${index + 1}: ${line.trim()}`);
        break;
      }
    }
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Whether a contracts module loads zod at run time, itself or through its relative imports. */
function contractLoadsZod(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)) {
    const from = match[1]!;
    if (from === 'zod') return true;
    if (from.startsWith('.')) {
      const next = resolve(dirname(file), from.endsWith('.ts') ? from : `${from}.ts`);
      if (existsSync(next) && contractLoadsZod(next, seen)) return true;
    }
  }
  return false;
}

/**
 * Run-time imports of zod, or of a contracts module that loads zod, as `line: text`. Only
 * `import type` is erased: with verbatimModuleSyntax `import { type X } from 'm'` still loads m.
 */
export function findRuntimeZodImports(source: string, loadsZod: (contractModule: string) => boolean): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)) {
    const from = match[1]!;
    const contract = /^@medallion\/contracts\/(.+)$/.exec(from)?.[1];
    if (from === 'zod' || (contract !== undefined && loadsZod(contract))) {
      const line = source.slice(0, match.index).split('\n').length;
      found.push(`${line}: ${match[0].replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

describe('findLiteralQueryKeys', () => {
  it('finds literal keys written the ways the app used to write them', () => {
    const offending = [
      "    queryKey: ['listings', 'one', id],",
      "void queryClient.invalidateQueries({ queryKey: ['listings', 'mine'] });",
      "queryClient.setQueryData(['session'], session);",
      "queryClient.getQueryData<SavedQuestion[]>( ['exam', 'saved']);",
      "export const CART_QUERY_KEY = ['cart'] as const;",
      "export const listingQueryKey = (id: string) => ['listings', 'one', id] as const;",
      "export const adminOrdersQueryKey: QueryKey = ['admin', 'shop', 'orders'];",
    ];
    for (const line of offending) expect(findLiteralQueryKeys(line), line).toHaveLength(1);
    expect(findLiteralQueryKeys(offending.join('\n'))).toHaveLength(offending.length);
  });

  it('accepts keys from the factories', () => {
    const fine = [
      'queryKey: listingKeys.detail(id),',
      'void queryClient.invalidateQueries({ queryKey: listingKeys.mine() });',
      'queryClient.setQueryData(authKeys.session(), session);',
      'const previous = queryClient.getQueryData<SavedQuestion[]>(examKeys.saved());',
      'queryClient.setQueriesData<AdminOrdersResponse>({ queryKey: adminKeys.orders() }, (old) => old);',
      'const [queryClient] = useState(() => new QueryClient());',
    ];
    for (const line of fine) expect(findLiteralQueryKeys(line), line).toEqual([]);
  });
});

describe('query keys in the web app', () => {
  it('are never array literals outside src/lib/queries', () => {
    const files = sourceFiles(SRC).filter((file) => !file.startsWith(QUERIES + '/'));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) => findLiteralQueryKeys(readFileSync(file, 'utf8')).map((hit) => `src/${relative(SRC, file)}:${hit}`));
    expect(offenders, 'write the key in a factory of src/lib/queries and use it here').toEqual([]);
  });
});

describe('src/lib/queries', () => {
  const loadsZod = (name: string) => contractLoadsZod(join(CONTRACTS, `${name}.ts`));

  it('knows which contracts modules load zod', () => {
    expect(loadsZod('listings')).toBe(true);
    expect(loadsZod('listing-filters')).toBe(false);
    expect(findRuntimeZodImports("import { listingResponseSchema } from '@medallion/contracts/listings';", loadsZod)).toHaveLength(1);
    expect(findRuntimeZodImports("import { z } from 'zod';", loadsZod)).toHaveLength(1);
    expect(findRuntimeZodImports("import { type Listing, listingSchema } from '@medallion/contracts/listings';", loadsZod)).toHaveLength(1);
    expect(findRuntimeZodImports("import type { z } from 'zod';", loadsZod)).toEqual([]);
    expect(findRuntimeZodImports("import { type Listing } from '@medallion/contracts/listings';", loadsZod)).toHaveLength(1);
    expect(findRuntimeZodImports("import type {\n  Listing,\n  listingSchema,\n} from '@medallion/contracts/listings';", loadsZod)).toEqual([]);
    expect(findRuntimeZodImports("import { MARKETPLACE_PAGE_SIZE } from '@medallion/contracts/listing-filters';", loadsZod)).toEqual([]);
  });

  it('import zod and the zod contracts as types only', () => {
    const files = sourceFiles(QUERIES);
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.flatMap((file) => findRuntimeZodImports(readFileSync(file, 'utf8'), loadsZod).map((hit) => `src/${relative(SRC, file)}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
