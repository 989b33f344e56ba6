import { createRequire } from 'node:module';
import { cruise, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ruleSet = require('../../.dependency-cruiser.cjs');

async function violations(paths: string[]): Promise<IViolation[]> {
  const result = await cruise(paths, {
    validate: true,
    ruleSet,
    ...ruleSet.options,
  });
  if (typeof result.output === 'string') throw new Error('expected JSON output');
  return result.output.summary.violations;
}

describe('layer rules (dependency-cruiser)', () => {
  it('reject core importing express or an adapter, inversify outside a container, web importing an adapter', async () => {
    const found = await violations(['tests/fixtures/layer-rules']);
    const byRule = (rule: string) => found.filter((v) => v.rule.name === rule).map((v) => `${v.from} -> ${v.to}`);
    expect(byRule('core-imports-no-packages')).toEqual([
      'tests/fixtures/layer-rules/core/seats/bad-express.ts -> node_modules/express/index.js',
    ]);
    expect(byRule('core-imports-no-outer-layer')).toEqual([
      'tests/fixtures/layer-rules/core/seats/bad-adapter.ts -> tests/fixtures/layer-rules/adapters/slack/client.ts',
    ]);
    expect(byRule('inversify-only-in-composition-roots')).toEqual([
      'tests/fixtures/layer-rules/adapters/slack/client.ts -> node_modules/inversify/lib/index.js',
    ]);
    expect(byRule('web-imports-no-adapter')).toEqual([
      'tests/fixtures/layer-rules/apps/web/bad-import.ts -> tests/fixtures/layer-rules/adapters/slack/client.ts',
    ]);
  }, 60_000);

  it('hold for the real tree', async () => {
    const found = await violations(['core', 'adapters', 'apps']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 120_000);
});
