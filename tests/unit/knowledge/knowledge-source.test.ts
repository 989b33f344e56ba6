import { describe, expect, it } from 'vitest';
import { canRemoveSource, KNOWLEDGE_QUOTAS, statusOf } from '../../../core/knowledge/knowledge-source';

describe('knowledge sources', () => {
  it('may be removed by the person who added them or an admin, nobody else', () => {
    expect(canRemoveSource({ addedBy: 'U1' }, 'U1', false)).toBe(true);
    expect(canRemoveSource({ addedBy: 'U1' }, 'U2', true)).toBe(true);
    expect(canRemoveSource({ addedBy: 'U1' }, 'U2', false)).toBe(false);
  });

  it('show queued, reading, embedding n/m, ready or failed with the reason', () => {
    const base = { progressDone: 0, progressTotal: 0, failure: null };
    expect(statusOf({ ...base, status: 'queued' })).toEqual({ code: 'queued' });
    expect(statusOf({ ...base, status: 'embedding', progressDone: 3, progressTotal: 10 })).toEqual({ code: 'embedding', done: 3, total: 10 });
    expect(statusOf({ ...base, status: 'failed', failure: 'no_text' })).toEqual({ code: 'failed', failure: 'no_text' });
    expect(statusOf({ ...base, status: 'failed' })).toEqual({ code: 'failed', failure: 'fetch_failed' });
  });

  it('grow with the plan', () => {
    const order = ['free', 'entry', 'standard', 'premium'] as const;
    for (let i = 1; i < order.length; i += 1) {
      expect(KNOWLEDGE_QUOTAS[order[i]!].sources).toBeGreaterThan(KNOWLEDGE_QUOTAS[order[i - 1]!].sources);
      expect(KNOWLEDGE_QUOTAS[order[i]!].chunks).toBeGreaterThan(KNOWLEDGE_QUOTAS[order[i - 1]!].chunks);
    }
  });
});
