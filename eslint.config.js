import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'coverage/',
      'data/',
      '**/dist/',
      'apps/web/src/routeTree.gen.ts',
      'tests/fixtures/',
      '**/.scratch/',
      'adapters/postgres/migrations/*.snapshot*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // Command-line entry points and tests print to the terminal on purpose.
    files: ['bench/**', 'tests/**', 'apps/*.ts', 'apps/web/prerender/**', 'apps/web/*.ts', '**/*.cli.ts', 'adapters/postgres/generate-migration.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
