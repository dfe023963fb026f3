import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), preloadFont(PRELOADED_FONT), precompress()],
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
      : {}),
  },
}));
