import { describe, expect, it } from 'vitest';
import { unsupportedNodeMessage } from '../../../apps/shared/node-version';

// The line every compiled entry point prints on an older Node (the spawned check on a real old
// Node is tests/integration/start/old-node.test.ts); here the versions this machine does not have.
describe('the Node version check', () => {
  it.each(['16.20.2', '18.20.8', '22.12.0', '23.11.1'])('refuses Node %s, naming it', (version) => {
    expect(unsupportedNodeMessage(version)).toBe(`Tomo needs Node.js 24 or later; this is Node.js ${version}.`);
  });

  it.each(['24.0.0', '24.21.0', '25.2.1', '30.0.0'])('lets Node %s run', (version) => {
    expect(unsupportedNodeMessage(version)).toBeUndefined();
  });
});
