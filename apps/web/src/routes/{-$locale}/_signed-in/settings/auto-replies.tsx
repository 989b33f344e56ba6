import { createFileRoute } from '@tanstack/react-router';
import { AutoRepliesPage } from '../../../../features/settings-auto-replies/components/auto-replies-page';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/auto-replies')({
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'autoReplies'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: AutoRepliesPage,
});
