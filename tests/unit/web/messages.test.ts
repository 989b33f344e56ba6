import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every message file exists in both languages with the same keys, the same list lengths and
// the same {{placeholders}}, and no placeholder copy slipped in.
const dir = new URL('../../../apps/web/src/locales/', import.meta.url);
const namespaces = readdirSync(new URL('en/', dir)).map((file) => file.replace(/\.ts$/, ''));

async function load(locale: string, namespace: string): Promise<unknown> {
  return ((await import(new URL(`${locale}/${namespace}.ts`, dir).href)) as { default: unknown }).default;
}

type Leaf = { path: string; text: string };

function leaves(value: unknown, path = ''): Leaf[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return [{ path: `${path}.length`, text: String(value.length) }, ...value.flatMap((item, index) => leaves(item, `${path}[${index}]`))];
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  return [{ path, text: `<${typeof value}>` }];
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('message catalogue', () => {
  it('has the same namespaces in English and Japanese', () => {
    const ja = readdirSync(new URL('ja/', dir)).map((file) => file.replace(/\.ts$/, ''));
    expect(ja.sort()).toEqual([...namespaces].sort());
  });

  for (const namespace of namespaces) {
    it(`${namespace}: Japanese matches English key for key`, async () => {
      const en = leaves(await load('en', namespace));
      const ja = leaves(await load('ja', namespace));
      expect(ja.map((leaf) => leaf.path)).toEqual(en.map((leaf) => leaf.path));
      for (const [index, leaf] of en.entries()) {
        const other = ja[index]!;
        if (leaf.path.endsWith('.length')) {
          expect(other.text, leaf.path).toBe(leaf.text);
          continue;
        }
        expect(placeholders(other.text), `${namespace}:${leaf.path}`).toEqual(placeholders(leaf.text));
        for (const text of [leaf.text, other.text]) expect(text, `${namespace}:${leaf.path}`).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|FIXME/i);
      }
    });
  }
});
