import { rmSync } from 'node:fs';
import { build, type PluginBuild } from 'esbuild';

// `npm run build` (after the web build): the server, the worker and the one-shot commands as
// plain JavaScript in dist/, so production runs `node dist/server.js` — no TypeScript loader
// and no bundling at start-up (ADR 41). Packages stay in node_modules (external): only Tomo's
// own TypeScript is compiled, unminified (stack traces stay readable), one file per entry point.
// Source maps are written beside them but not enabled by default: --enable-source-maps also
// loads every package's maps, ~10 MB RSS per process; NODE_OPTIONS=--enable-source-maps turns
// them on when debugging.
// Run by Node's own type stripping (this file imports nothing but esbuild), so it needs no tsx.
const NODE_ENTRY_POINTS: Record<string, string> = {
  start: 'apps/start.ts',
  server: 'apps/server/main.ts',
  worker: 'apps/worker/main.ts',
  migrate: 'apps/migrate.ts',
  'stripe-sync': 'apps/stripe-sync.ts',
};

// Each dist/<entry>.js is a small wrapper: it checks the Node version (apps/shared/node-version.ts)
// and only then imports the entry point. An ES module's static imports are all loaded and parsed
// before any of its code runs, so a check imported first would still come after a dependency
// that fails to load on an older Node; the dynamic import() does not.
const WRAPPER = 'tomo-entry:';
const entryWrappers = {
  name: 'tomo-entry-wrappers',
  setup(build: PluginBuild) {
    build.onResolve({ filter: /^tomo-entry:/ }, (args) => ({ path: args.path.slice(WRAPPER.length), namespace: 'tomo-entry' }));
    build.onLoad({ filter: /.*/, namespace: 'tomo-entry' }, (args) => ({
      contents: [
        "import { requireSupportedNode } from './apps/shared/node-version.ts';",
        'requireSupportedNode();',
        `await import(${JSON.stringify(`./${args.path}`)});`,
      ].join('\n'),
      loader: 'ts',
      resolveDir: process.cwd(),
    }));
  },
};

const outdir = 'dist';
const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: Object.fromEntries(Object.entries(NODE_ENTRY_POINTS).map(([name, file]) => [name, `${WRAPPER}${file}`])),
  plugins: [entryWrappers],
  outdir,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  // Shared code lands in chunks instead of five copies (smaller image, same memory per process).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(`built ${files.length} files into ${outdir}/ in ${Math.round(performance.now() - started)} ms`);
