import { createFileRoute } from '@tanstack/react-router';
import { PluginsPage } from '../../../../features/settings-plugins/components/plugins-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/plugins')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'plugins'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: PluginsPage,
});
