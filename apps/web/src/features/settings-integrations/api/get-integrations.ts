import { apiFetch } from '../../../lib/settings/api-client';

/** GET /api/settings/integrations */
export interface IntegrationCardView {
  id: string;
  title: string;
  image: string;
  active: boolean;
  connected: boolean;
  /** inactive: work in progress; disconnected: connect; connected: disconnect; reconnect_needed: reconnect. */
  state: 'inactive' | 'disconnected' | 'connected' | 'reconnect_needed';
  account: string | null;
}

export const getIntegrations = () => apiFetch<{ integrations: IntegrationCardView[] }>('/api/settings/integrations');
