import { describe, expect, it } from 'vitest';
import { appModules, importedNames, staticClosure, SMALL_SHARED_BYTES, type ChunkGraphModule } from '../first-load-chunks';

const ICONS = '/n/node_modules/lucide-react/dist/esm/lucide-react.mjs';
const graphOf = (modules: Record<string, ChunkGraphModule>) => (id: string) => modules[id] ?? null;
const small = (importedIds: string[] = [], code = 'x') => ({ importedIds, code });

describe('the app file of the browser build (decision 0017)', () => {
  const modules: Record<string, ChunkGraphModule> = {
    '/main.tsx': small(['/after-first-view.ts']),
    '/after-first-view.ts': small(),
    '/start.tsx': small(['/after-first-view.ts', '/router.tsx', '/react.js']),
    '/router.tsx': small([ICONS], `import { Menu, X as Close } from 'lucide-react'; import { type LucideIcon } from "lucide-react";`),
    '/react.js': small(),
    [ICONS]: small(
      [
        '/n/node_modules/lucide-react/dist/esm/icons/menu.mjs',
        '/n/node_modules/lucide-react/dist/esm/icons/x.mjs',
        '/n/node_modules/lucide-react/dist/esm/icons/car.mjs',
      ],
      `export { default as Menu, default as MenuIcon } from './icons/menu.mjs';\nexport { default as X } from './icons/x.mjs';\nexport { default as Car } from './icons/car.mjs';`,
    ),
    '/n/node_modules/lucide-react/dist/esm/icons/menu.mjs': small(['/react.js']),
    '/n/node_modules/lucide-react/dist/esm/icons/x.mjs': small(['/react.js']),
    '/n/node_modules/lucide-react/dist/esm/icons/car.mjs': small(['/react.js']),
    '/home.tsx': small(['/page-head.tsx', '/money.ts', '/big.ts', '/uses-route-code.ts', '/car-icon.tsx']),
    '/shop.tsx': small(['/page-head.tsx', '/money.ts', '/big.ts', '/uses-route-code.ts', '/car-icon.tsx']),
    '/steps.tsx': small(['/page-head.tsx', '/only-steps.ts']),
    '/page-head.tsx': small(['/react.js']),
    '/money.ts': small(),
    '/big.ts': small([], 'x'.repeat(SMALL_SHARED_BYTES + 1)),
    '/uses-route-code.ts': small(['/big.ts']),
    '/car-icon.tsx': small([ICONS], `import { Car } from 'lucide-react';`),
    '/only-steps.ts': small(),
  };
  const graph = graphOf(modules);
  const app = appModules(graph, { entry: '/main.tsx', start: '/start.tsx', publicRoutes: ['/home.tsx', '/shop.tsx', '/steps.tsx', '/missing.tsx'] });

  it("takes what the app's start loads, through a barrel only the names it imports", () => {
    expect(app).toContain('/start.tsx');
    expect(app).toContain('/router.tsx');
    expect(app).toContain('/n/node_modules/lucide-react/dist/esm/icons/menu.mjs');
    expect(app).toContain('/n/node_modules/lucide-react/dist/esm/icons/x.mjs');
    expect(app).not.toContain(ICONS);
  });

  it("leaves the entry's own modules with the entry, so the app never loads with the page", () => {
    expect(app).not.toContain('/main.tsx');
    expect(app).not.toContain('/after-first-view.ts');
  });

  it('adds the small modules two public routes share, when their imports come along', () => {
    expect(app).toContain('/page-head.tsx');
    expect(app).toContain('/money.ts');
    expect(app).toContain('/car-icon.tsx');
    expect(app).toContain('/n/node_modules/lucide-react/dist/esm/icons/car.mjs');
    // Too big, used by one route only, or importing a module that stays out.
    expect(app).not.toContain('/big.ts');
    expect(app).not.toContain('/only-steps.ts');
    expect(app).not.toContain('/uses-route-code.ts');
    expect(app).not.toContain('/home.tsx');
  });

  it('never takes an excluded module', () => {
    const without = appModules(graph, { entry: '/main.tsx', start: '/start.tsx', publicRoutes: ['/home.tsx', '/shop.tsx'], exclude: /money/ });
    expect(without).not.toContain('/money.ts');
    expect(without).toContain('/page-head.tsx');
  });

  it('reads the names of an import list', () => {
    expect(importedNames(' Menu, X as Close, type LucideIcon ,')).toEqual(['Menu', 'X', 'LucideIcon']);
    expect(staticClosure('/steps.tsx', graph)).toEqual(new Set(['/steps.tsx', '/page-head.tsx', '/react.js', '/only-steps.ts']));
  });
});
