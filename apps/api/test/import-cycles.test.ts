import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles } from '../../../scripts/check-import-cycles.mjs';

// The import-cycle check of `npm run lint` (scripts/check-import-cycles.mjs) on a made-up app.
const root = mkdtempSync(join(tmpdir(), 'medallion-cycles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function app(name: string, files: Record<string, string>) {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, alias: dir };
}

describe('the import-cycle check', () => {
  it('finds a cycle through relative paths, the @/ alias, index files and re-exports', () => {
    const cyclic = app('cyclic', {
      'a.ts': "import { b } from './lib/b';\nexport const a = b;\n",
      'lib/b.ts': "import { c } from '@/feature';\nexport const b = c;\n",
      'feature/index.tsx': "export { a as c } from '../a';\n",
    });
    const cycles = findCycles([cyclic]);
    expect(cycles).toHaveLength(1);
    const names = cycles[0]!.map((file) => file.slice(cyclic.dir.length + 1));
    expect(names[0]).toBe(names[names.length - 1]);
    expect(new Set(names)).toEqual(new Set(['a.ts', 'lib/b.ts', 'feature/index.tsx']));
  });

  it('does not count type-only imports, dynamic imports or packages', () => {
    const acyclic = app('acyclic', {
      'a.ts': "import { b } from './b';\nimport react from 'react';\nexport const a = b + String(react);\n",
      'b.ts':
        "import type { A } from './a';\nimport { type A as B } from './a';\nexport type { A } from './a';\nexport const b = 1;\nexport const load = () => import('./a');\nexport type C = A | B;\n",
    });
    expect(findCycles([acyclic])).toEqual([]);
  });

  it('finds a module that imports itself', () => {
    const self = app('self', { 'x.ts': "import './x';\nexport const x = 1;\n" });
    expect(findCycles([self])).toHaveLength(1);
  });
});
