import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { firstLoadChunks } from './first-load-chunks';

/** The Latin subset of Inter's variable font: the text of every page in both languages needs it. */
export const PRELOADED_FONT = /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/;

/** The <link rel="preload"> for the emitted file among `fileNames` that matches `pattern`, or null. */
export function fontPreloadTag(fileNames: Iterable<string>, pattern: RegExp, base = '/') {
  const file = [...fileNames].find((name) => pattern.test(name));
  if (!file) return null;
  return {
    tag: 'link',
    attrs: { rel: 'preload', href: `${base}${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
    injectTo: 'head' as const,
  };
}

/**
 * Preloads the web font from index.html: the browser fetches it while the scripts load, instead of once
 * the first text is laid out, so the text is set in Inter from the start more often (and the switch from
 * the fallback, when there is one, happens sooner).
 */
function preloadFont(pattern: RegExp): Plugin {
  let base = '/';
  return {
    name: 'medallion-preload-font',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const tag = ctx.bundle ? fontPreloadTag(Object.keys(ctx.bundle), pattern, base) : null;
        if (!tag) throw new Error(`medallion-preload-font: no emitted font matches ${pattern}`);
        return [tag];
      },
    },
  };
}

/** Writes .br and .gz next to each text asset so the API can serve them pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'medallion-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      skip = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (skip) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data));
      }
    },
  };
}

/**
 * The marketplace's data modules (its queries, filters and their parameters): a route's loader imports
 * them on demand (app/loaders.ts) and several pages use them, so the bundler would cut them into four
 * small chunks; in one, a page that needs them pays one file (decision 0013).
 */
export const LISTINGS_DATA_MODULES =
  /[\\/](lib[\\/]queries[\\/](listings|saved)|features[\\/]listings[\\/]lib[\\/]filter-params|contracts[\\/]src[\\/]listing-filters)\.ts$/;

const source = (path: string) => new URL(`./src/${path}`, import.meta.url).pathname;
/** The public routes (their first load is what a phone pays for) and the app's two starts: decision 0017. */
const appFileOptions = () => ({
  entry: source('main.tsx'),
  start: source('app/start.tsx'),
  publicRoutes: ['home', 'marketplace', 'listing', 'shop', 'exam', 'steps'].map((name) => source(`app/routes/${name}.tsx`)),
  exclude: LISTINGS_DATA_MODULES,
});

/** The built files the service worker keeps besides the exam's chunks: the fonts the two languages use, the icons. */
export const OFFLINE_FILES = [
  /^assets\/inter-(latin|latin-ext|cyrillic|cyrillic-ext)-wght-normal-[\w-]+\.woff2$/,
  /^(favicon\.svg|manifest\.webmanifest|icons\/[\w-]+\.png)$/,
];
/** The route kept offline; the other routes' chunks (lazy imports of src/app/routes/) are not. */
const OFFLINE_ROUTE = 'src/app/routes/exam.tsx';

interface ManifestEntry {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The chunks and stylesheets /exam needs, online or not, from Vite's manifest: the entry, the app, the
 * exam route and everything they import, statically or lazily (the exam's popups, its map with the map
 * data, the texts of both languages, the frame's lazy parts), but no other route.
 */
export function offlineChunks(manifest: Record<string, ManifestEntry>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const child of entry.imports ?? []) walk(child);
    for (const child of entry.dynamicImports ?? []) if (!child.startsWith('src/app/routes/') || child === OFFLINE_ROUTE) walk(child);
  };
  for (const [key, entry] of Object.entries(manifest)) if ((entry as { isEntry?: boolean }).isEntry) walk(key);
  walk(OFFLINE_ROUTE);
  return [...files];
}

function walkFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walkFiles(path) : [path];
  });
}

/**
 * Builds the service worker (service-worker/sw.ts, decision 0012) after the app: one classic script
 * with the list of this build's files to keep offline and a hash of those files (the build's
 * version), into dist-sw/sw.js. Not part of any page's JavaScript: the app
 * registers it once the page is idle (src/lib/offline.ts).
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'medallion-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      skip = Boolean(config.build.ssr);
    },
    // After every file is written (the public folder's icons and manifest included).
    async closeBundle() {
      if (skip) return;
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
      const files = walkFiles(outDir)
        .map((file) => relative(outDir, file).split(sep).join('/'))
        .filter((file) => OFFLINE_FILES.some((pattern) => pattern.test(file)));
      const precache = [...new Set([...offlineChunks(manifest), ...files])].sort().map((file) => `/${file}`);
      // Of the names and the contents: the manifest and the icons keep their names when they change.
      const hash = createHash('sha256');
      for (const file of precache) hash.update(`${file}\n`).update(readFileSync(join(outDir, file)));
      const version = hash.digest('base64url').slice(0, 16);
      await esbuild({
        entryPoints: [new URL('./service-worker/sw.ts', import.meta.url).pathname],
        // Beside dist, not in it: the API serves it itself (with the bank's hash), not as a static file.
        outfile: join(outDir, '..', 'dist-sw', 'sw.js'),
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: { __PRECACHE__: JSON.stringify(precache), __BUILD__: JSON.stringify(version) },
        logLevel: 'warning',
      });
    },
  };
}

/**
 * In the server bundle, the app's `react-i18next` is src/lib/react-i18next-server.ts: the package with a
 * `useTranslation` for one render in one language (no i18next wrapper and new `t` per component and
 * render, the largest cost of a server render). That module's own import is the package.
 */
function serverTranslation(): Plugin {
  const serverModule = new URL('./src/lib/react-i18next-server.ts', import.meta.url).pathname;
  return {
    name: 'medallion-server-translation',
    enforce: 'pre',
    apply: (_config, env) => Boolean(env.isSsrBuild),
    resolveId(source, importer) {
      if (source === 'react-i18next' && importer !== serverModule) return serverModule;
      return null;
    },
  };
}

/** A `lazyNamed(() => import('…'), 'Name')` call of the app's code, without the id this plugin adds. */
const LAZY_NAMED_CALL = /\blazyNamed\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\1\s*\)\s*,\s*(['"])(\w+)\3\s*,?\s*\)/g;

/**
 * In the server's build, gives every lazy part (components/ui/lazy.ts) its module's path as Vite's
 * manifest keys it: the server lists the chunks of the lazy parts it rendered among the page's modules,
 * preloaded at the first paint, for the browser to load before it hydrates (issue #31). The browser's
 * build needs only their names (not a byte more in its chunks). A call written some other way fails the
 * build rather than go without its module.
 */
function lazyPartIds(): Plugin {
  let root = process.cwd();
  return {
    name: 'medallion-lazy-part-ids',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id, options) {
      if (!options?.ssr || !/\.tsx?$/.test(id) || id.includes('/node_modules/') || id.endsWith('/components/ui/lazy.ts') || !code.includes('lazyNamed('))
        return null;
      const calls = [...code.matchAll(LAZY_NAMED_CALL)];
      const written = code.match(/\blazyNamed\(\s*\(\)/g)?.length ?? 0;
      if (written !== calls.length) this.error(`medallion-lazy-part-ids: write lazyNamed(() => import('…'), 'Name') in ${relative(root, id)}`);
      if (calls.length === 0) return null;
      let out = '';
      let last = 0;
      for (const call of calls) {
        const resolved = await this.resolve(call[2]!, id);
        if (!resolved) this.error(`medallion-lazy-part-ids: cannot resolve ${call[2]} from ${relative(root, id)}`);
        const key = relative(root, resolved.id.split('?')[0]!).split(sep).join('/');
        out += `${code.slice(last, call.index)}lazyNamed(() => import(${JSON.stringify(call[2])}), ${JSON.stringify(call[4])}, ${JSON.stringify(key)})`;
        last = call.index + call[0].length;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

/** lucide-react's ES files. */
function lucidePackageDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('lucide-react')), '..', 'esm');
}

/** The package's Icon and context under the names lib/lucide-icon-server.ts imports them by (also for its tests). */
export function lucidePackageFiles(): Record<string, string> {
  return {
    'lucide-react/package-icon': join(lucidePackageDir(), 'Icon.mjs'),
    'lucide-react/package-context': join(lucidePackageDir(), 'context.mjs'),
  };
}

/**
 * lucide-react's Icon for the server bundle only: lib/lucide-icon-server.ts, which gives out the
 * package's element again for the same icon and props instead of building it on every render (the
 * browser keeps the package's). The package is bundled into the server build for that (its ES files,
 * only the icons in use), not loaded whole from node_modules.
 */
function serverIcons(): Plugin {
  const serverModule = new URL('./src/lib/lucide-icon-server.ts', import.meta.url).pathname;
  const packageDir = lucidePackageDir();
  const packageFiles = lucidePackageFiles();
  return {
    name: 'medallion-server-icons',
    enforce: 'pre',
    apply: (_config, env) => Boolean(env.isSsrBuild),
    config: () => ({ ssr: { noExternal: ['lucide-react'] } }),
    resolveId(source, importer) {
      if (packageFiles[source] && importer === serverModule) return packageFiles[source];
      if (source === './Icon.mjs' && importer?.startsWith(packageDir + sep)) return serverModule;
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lazyPartIds(), react(), tailwindcss(), preloadFont(PRELOADED_FONT), serviceWorker(), precompress(), serverTranslation(), serverIcons()],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // The server reads it to list the chunks of the page it rendered (apps/api/src/plugins/web-render.ts).
    manifest: true,
    // Every browser we support (es2022) knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    ...(isSsrBuild
      ? {
          copyPublicDir: false,
          rollupOptions: {
            // The server bundle imports every locale file at once (entry-server.tsx); the browser's
            // per-namespace chunks are not its concern.
            onwarn(warning, warn) {
              if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
            },
          },
        }
      : {
          rollupOptions: {
            output: {
              // Only the matched modules: with their dependencies the group would take i18next along too.
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [{ name: 'listings-data', test: LISTINGS_DATA_MODULES }, { name: firstLoadChunks(appFileOptions()) }],
              },
            },
          },
        }),
  },
}));
