import { createFileRoute } from '@tanstack/react-router';
import { SchedulesPage } from '../../../../features/settings-schedules/components/schedules-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/schedules')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'schedules'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: SchedulesPage,
});
