import { describe, expect, it } from 'vitest';
import { INTEGRATION_FAMILIES, INTEGRATION_PROVIDERS, integrationCards } from '../../../core/integrations/integration-provider';

describe('integration cards', () => {
  it('has a card for each of the 19 providers of spec 7, the spec-2 page order first', () => {
    expect(integrationCards(new Set(), []).map((c) => c.title)).toEqual([
      'YouTube', 'Google Sheets', 'Google Slides', 'Google Docs', 'Google Meet', 'Google Calendar', 'Google Drive',
      'Notion', 'GitHub', 'GitLab', 'Asana', 'Salesforce', 'Zoom', 'Slack',
      'Jira', 'Confluence', 'Trello', 'monday.com', 'X',
    ]);
    expect(INTEGRATION_PROVIDERS.map((p) => p.id).sort()).toEqual([
      'asana', 'atlassian-confluence', 'atlassian-jira', 'atlassian-trello', 'github', 'gitlab', 'google-calendar', 'google-docs',
      'google-drive', 'google-meet', 'google-sheets', 'google-slides', 'monday', 'notion', 'salesforce', 'slack', 'x', 'youtube', 'zoom',
    ]);
  });

  it('asks for the spec-9 scopes: Google read-only, GitHub repo, Slack search:read', () => {
    const scopes = (id: string) => INTEGRATION_PROVIDERS.find((p) => p.id === id)!.scopes;
    expect(scopes('google-sheets')).toContain('https://www.googleapis.com/auth/spreadsheets.readonly');
    expect(scopes('google-slides')).toContain('https://www.googleapis.com/auth/presentations.readonly');
    expect(scopes('google-docs')).toContain('https://www.googleapis.com/auth/documents.readonly');
    for (const p of INTEGRATION_PROVIDERS.filter((p) => p.family === 'google')) {
      expect(p.scopes.every((s) => s.endsWith('.readonly') || s.endsWith('userinfo.email'))).toBe(true);
    }
    expect(scopes('github')).toContain('repo');
    expect(scopes('slack')).toEqual(['search:read']);
    for (const p of INTEGRATION_PROVIDERS) expect(INTEGRATION_FAMILIES[p.family]).toBeDefined();
  });

  it('shows work in progress unless configured, then connect, the account, or reconnect needed', () => {
    const cards = integrationCards(new Set(['github', 'gitlab', 'google-docs']), [
      { provider: 'github', status: 'connected', accountName: 'octocat' },
      { provider: 'notion', status: 'connected', accountName: 'Ana' },
      { provider: 'google-docs', status: 'reconnect_needed', accountName: 'ana@acme.test' },
    ]);
    const card = (id: string) => cards.find((c) => c.id === id);
    expect(card('github')).toMatchObject({ active: true, connected: true, state: 'connected', account: 'octocat' });
    expect(card('notion')).toMatchObject({ active: false, connected: false, state: 'inactive', account: null });
    expect(card('gitlab')).toMatchObject({ active: true, connected: false, state: 'disconnected' });
    expect(card('google-docs')).toMatchObject({ active: true, connected: false, state: 'reconnect_needed' });
  });
});
