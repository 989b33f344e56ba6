import { createFileRoute } from '@tanstack/react-router';
import { ReactionsPage } from '../../../../features/settings-reactions/components/reactions-page';
import { parseReactionsSearch } from '../../../../features/settings-reactions/reactions-search';
import { loadSettingsPage, settingsHead } from '../../../../lib/settings/settings-route';

export const Route = createFileRoute('/{-$locale}/_signed-in/settings/reactions')({
  validateSearch: parseReactionsSearch,
  loader: ({ context, params }) => loadSettingsPage(context.i18n, params.locale, 'reactions'),
  head: ({ loaderData }) => settingsHead(loaderData),
  component: ReactionsPage,
});
