/**
 * The services people can connect on the Integrations page (spec 2), in the page's order.
 * Connecting and disconnecting (OAuth per provider, spec 7 /api/auth/request|callback|revoke)
 * is not built yet, so every provider is inactive and its card says 'Work in progress'.
 */
export const INTEGRATION_PROVIDERS = [
  { id: 'youtube', title: 'YouTube', scopes: ['https://www.googleapis.com/auth/youtube.readonly'] },
  { id: 'google-sheets', title: 'Google Sheets', scopes: ['https://www.googleapis.com/auth/spreadsheets.readonly'] },
  { id: 'google-slides', title: 'Google Slides', scopes: ['https://www.googleapis.com/auth/presentations.readonly'] },
  { id: 'google-docs', title: 'Google Docs', scopes: ['https://www.googleapis.com/auth/documents.readonly'] },
  { id: 'google-meet', title: 'Google Meet', scopes: ['https://www.googleapis.com/auth/meetings.space.readonly'] },
  { id: 'google-calendar', title: 'Google Calendar', scopes: ['https://www.googleapis.com/auth/calendar.readonly'] },
  { id: 'google-drive', title: 'Google Drive', scopes: ['https://www.googleapis.com/auth/drive.readonly'] },
  { id: 'notion', title: 'Notion', scopes: [] },
  { id: 'github', title: 'GitHub', scopes: ['repo'] },
  { id: 'gitlab', title: 'GitLab', scopes: ['read_api'] },
  { id: 'asana', title: 'Asana', scopes: ['default'] },
  { id: 'salesforce', title: 'Salesforce', scopes: ['api', 'refresh_token'] },
  { id: 'zoom', title: 'Zoom', scopes: ['meeting:read'] },
  { id: 'slack', title: 'Slack', scopes: ['search:read'] },
] as const;

export type IntegrationProviderId = (typeof INTEGRATION_PROVIDERS)[number]['id'];

export interface IntegrationCard {
  readonly id: IntegrationProviderId;
  readonly title: string;
  /** false: the card shows 'Work in progress' instead of connect / disconnect. */
  readonly active: boolean;
  readonly connected: boolean;
}

/** The page's cards; `activeProviders` are the providers whose OAuth app is configured. */
export function integrationCards(
  activeProviders: ReadonlySet<string>,
  connectedProviders: ReadonlySet<string>,
): IntegrationCard[] {
  return INTEGRATION_PROVIDERS.map((p) => ({
    id: p.id,
    title: p.title,
    active: activeProviders.has(p.id),
    connected: activeProviders.has(p.id) && connectedProviders.has(p.id),
  }));
}
