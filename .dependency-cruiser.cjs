/**
 * Layer rules of ARCHITECTURE.md, checked by `npm run lint` and by a test in `npm test`
 * (tests/unit/layer-rules.test.ts runs these rules against a fixture that breaks them).
 */

// The only npm packages core/ may import: pure utilities with no I/O. A package joins only
// with an ADR saying why: stemmer (ADR 98, the knowledge keyword side's English stems).
const CORE_ALLOWED_PACKAGES = ['stemmer'];

const allowedPattern = CORE_ALLOWED_PACKAGES.length
  ? `^node_modules/(${CORE_ALLOWED_PACKAGES.join('|')})/`
  : '^$';

module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-outer-layer',
      severity: 'error',
      comment: 'core/ is the domain: it may not import adapters or apps.',
      from: { path: '(^|/)core/' },
      to: { path: '(^|/)(adapters|apps)/' },
    },
    {
      name: 'core-imports-no-packages',
      severity: 'error',
      comment: 'core/ imports no npm package outside the allow-list, and no Node built-in.',
      from: { path: '(^|/)core/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core', 'unknown'],
        pathNot: allowedPattern,
      },
    },
    {
      name: 'inversify-only-in-composition-roots',
      severity: 'error',
      comment: 'Dependency injection is wired in apps/*/container.ts only; core classes carry no DI.',
      from: { pathNot: '(^|/)apps/[^/]+/container\\.ts$' },
      to: { path: '(^|/)node_modules/inversify/' },
    },
    {
      name: 'web-imports-no-adapter',
      severity: 'error',
      comment: 'The browser app talks to Tomo through its HTTP API, never through an adapter.',
      from: { path: '(^|/)apps/web/' },
      to: { path: '(^|/)adapters/' },
    },
    {
      name: 'mikro-orm-only-in-postgres-adapter',
      severity: 'error',
      comment: 'The Postgres adapter is the only place that knows MikroORM.',
      from: { pathNot: '(^|/)adapters/postgres/' },
      to: { path: '(^|/)node_modules/@mikro-orm/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|data)/|routeTree\\.gen\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      // ESM-only packages (inversify, pg-boss...) resolve through their "exports" map.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main'],
    },
  },
};
