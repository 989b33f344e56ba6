import { defineConfig } from 'vitest/config';

// Four suites, one runner. `npm test` runs them all; `vitest run --project unit` runs one.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/node-version.setup.ts', 'tests/support/unhandled-rejections.setup.ts'],
    // Vitest 5 runs `os.availableParallelism() - 1` files at once by default: one on the 2-core CI,
    // where every isolated project then joins one serial queue. Most files wait (on processes,
    // heartbeats, a browser), so two at a time use the two cores.
    maxWorkers: 2,
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
        // Unit and contract files touch no globals (no vi.mock, env or timers): they share their
        // worker processes instead of forking one each, which cost more than most of them run.
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000, isolate: false },
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
          // No maxWorkers of its own: a project limited to one worker is run alone after every
          // other file (vitest's sequential group). Each file gets its own database and browser.
        },
      },
    ],
  },
});
