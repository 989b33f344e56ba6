import { defineConfig } from 'vitest/config';

// Four suites, one runner. `npm test` runs them all; `vitest run --project unit` runs one.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/node-version.setup.ts'],
    // expect.poll waits for what a person would wait for; one second is too short on a busy 2-core machine.
    expect: { poll: { timeout: 15_000 } },
    coverage: {
      provider: 'v8',
      include: ['core/**/*.ts'],
      exclude: ['core/**/*.port.ts', 'core/**/ports.ts', 'core/**/index.ts'],
      thresholds: { lines: 90, branches: 90 },
      reporter: ['text-summary'],
    },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser is enough for two cores; files still get their own database.
          maxWorkers: 1,
        },
      },
    ],
  },
});
