import { describe, expect, it } from 'vitest';
import { integrationCards } from '../../../core/integrations/integration-provider';

describe('integration cards', () => {
  it('has a card for each of the 14 services in the page order', () => {
    expect(integrationCards(new Set(), new Set()).map((c) => c.title)).toEqual([
      'YouTube', 'Google Sheets', 'Google Slides', 'Google Docs', 'Google Meet', 'Google Calendar', 'Google Drive',
      'Notion', 'GitHub', 'GitLab', 'Asana', 'Salesforce', 'Zoom', 'Slack',
    ]);
  });

  it('is inactive (work in progress) unless configured, and connected only when active', () => {
    const cards = integrationCards(new Set(['github']), new Set(['github', 'notion']));
    expect(cards.find((c) => c.id === 'github')).toMatchObject({ active: true, connected: true });
    expect(cards.find((c) => c.id === 'notion')).toMatchObject({ active: false, connected: false });
  });
});
