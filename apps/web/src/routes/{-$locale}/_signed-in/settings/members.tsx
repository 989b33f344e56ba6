import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '../../../../features/settings-members/components/members-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/members')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'members'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: MembersPage,
});
