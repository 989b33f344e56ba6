import { createFileRoute } from '@tanstack/react-router';
import { IntegrationsPage } from '../../../features/settings-integrations/components/integrations-page';
import { loadSettingsPage, settingsHead } from '../../../lib/settings/settings-route';

// Outside the signed-in layout on purpose: signed out, every card says 'Sign in first'.
export const Route = createFileRoute('/{-$locale}/settings/integrations')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'integrations'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: IntegrationsPage,
});
