import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': new URL('./src', import.meta.url).pathname },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // The server reads it to preload the chunks of the page it rendered (apps/api/src/plugins/web.ts).
    manifest: true,
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
