import { createFileRoute } from '@tanstack/react-router';
import { AppSettingsPage } from '../../../../features/settings-app/components/app-settings-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/app')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'app'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: AppSettingsPage,
});
