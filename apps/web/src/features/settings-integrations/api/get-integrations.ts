import { apiFetch } from '../../../lib/settings/api-client';

/** GET /api/settings/integrations */
export interface IntegrationCardView {
  id: string;
  title: string;
  active: boolean;
  connected: boolean;
}

export const getIntegrations = () => apiFetch<{ integrations: IntegrationCardView[] }>('/api/settings/integrations');
