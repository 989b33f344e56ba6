import { describe, expect, it } from 'vitest';
import { isPluginId, PLUGIN_IDS, pluginStates } from '../../../core/plugins/plugin';

describe('plugin states', () => {
  it('lists the six plugins of the spec, all on when a workspace never changed them', () => {
    const states = pluginStates([]);
    expect(states.map((s) => s.pluginId)).toEqual(['calculator', 'web-browsing', 'search', 'repository-search', 'html-search', 'pdf-search']);
    expect(states.every((s) => s.enabled && s.updatedAt === null && s.updatedBy === null)).toBe(true);
  });

  it('shows a saved choice with who changed it and when', () => {
    const updatedAt = new Date('2026-01-02T03:04:05Z');
    const states = pluginStates([{ teamId: 'T1', pluginId: 'pdf-search', enabled: false, updatedBy: 'U1', updatedAt }]);
    expect(states.find((s) => s.pluginId === 'pdf-search')).toEqual({ pluginId: 'pdf-search', enabled: false, updatedBy: 'U1', updatedAt });
    expect(states.filter((s) => !s.enabled)).toHaveLength(1);
  });

  it('knows its plugin ids', () => {
    expect(PLUGIN_IDS).toHaveLength(6);
    expect(isPluginId('calculator')).toBe(true);
    expect(isPluginId('image-generation')).toBe(false);
  });
});
