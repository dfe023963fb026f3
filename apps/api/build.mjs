// Bundles the API into dist/server.js. Workspace packages (@medallion/*, TypeScript source) are
// bundled in; every other package stays external and is loaded from node_modules at run time.
// The demo data (@medallion/demo) is the exception: it is its own bundle, dist/demo.js, which
// server.js imports only when it seeds demo data (SEED_DEMO_DATA), so it is not part of server.js.
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

/** npm packages stay external; workspace packages are bundled, except the demo data in server.js. */
const externals = ({ demoApart }) => ({
  name: 'externalize-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (demoApart && args.path === '@medallion/demo') return { path: './demo.js', external: true };
      return args.path.startsWith('@medallion/') ? undefined : { path: args.path, external: true };
    });
  },
});

await Promise.all([
  build({ ...common, entryPoints: ['src/server.ts'], outfile: `${outdir}/server.js`, plugins: [externals({ demoApart: true })] }),
  build({ ...common, entryPoints: ['../../packages/demo/src/index.ts'], outfile: `${outdir}/demo.js`, plugins: [externals({ demoApart: false })] }),
]);
