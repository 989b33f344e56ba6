import { inspect } from 'node:util';
import { expect } from 'vitest';

// Vitest reports a promise rejected with `undefined` (or another non-Error) as
// "{ message: undefined, stacks: [] }", naming neither the file nor the test. This listener
// turns such a rejection into an uncaught Error that names them; vitest still fails the run.
const installed = Symbol.for('tomo.tests.unhandled-rejection-listener');
const global = globalThis as { [installed]?: boolean };
if (!global[installed]) {
  global[installed] = true;
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof Error) throw reason;
    const { testPath, currentTestName } = expect.getState();
    throw new Error(`A promise was rejected with ${inspect(reason)} (not an Error) in ${testPath ?? 'no test file'}, test "${currentTestName ?? 'none'}"`);
  });
}
